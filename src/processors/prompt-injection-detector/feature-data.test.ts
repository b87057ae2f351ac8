/**
 * The feature tables are data (`data/`): every placeholder a table writes expands to a pattern,
 * a name that does not exist fails loudly naming the file and the fix, and no placeholder
 * survives into a compiled feature.
 */
import { describe, expect, it } from 'vitest';
import { expandPattern, FeatureDataError } from './feature-data.js';
import { FEATURES } from './features.js';

describe('feature data: placeholders expand, unknown names fail', () => {
  it('a vocabulary entry and the clause windows expand in place', () => {
    const out = expandPattern('\\b{{EN_VERB}}\\s{{clause:40}}x{{cjk-clause:6}}', 'test.json');
    expect(out.startsWith('\\b(?:ignore|')).toBe(true);
    expect(out).toContain('[^.!?;\\n]{0,40}x[^。！？!?\\n]{0,6}');
    expect(out).not.toContain('{{');
  });
  it('an unknown vocabulary entry throws INJECTION_FEATURE_DATA naming the file and the entry', () => {
    const thrown = (() => {
      try {
        expandPattern('a{{NO_SUCH_WORDS}}b', 'features/xx.json');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(FeatureDataError);
    expect((thrown as FeatureDataError).code).toBe('INJECTION_FEATURE_DATA');
    expect((thrown as Error).message).toContain('features/xx.json');
    expect((thrown as Error).message).toContain('{{NO_SUCH_WORDS}}');
  });
  it('an unknown window kind throws instead of passing through', () => {
    expect(() => expandPattern('{{line:5}}', 'features/xx.json')).toThrow(FeatureDataError);
  });
  it('every compiled feature is free of placeholders and group references', () => {
    expect(FEATURES.length).toBeGreaterThan(190);
    for (const f of FEATURES) {
      expect(f.re.source, f.id).not.toContain('{{');
      for (const id of [...(f.requires ?? []), ...(f.replaces ?? []), ...(f.dampens?.ids ?? [])])
        expect(id.startsWith('@'), `${f.id}: ${id}`).toBe(false);
    }
  });
});
