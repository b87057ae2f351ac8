/**
 * A user rule that can backtrack super-linearly is caught when RegexFilterProcessor is built:
 * a warning by default, a ConfigurationError with `strictPatterns: true`, and a clear error
 * when strict checking is asked for without the optional `recheck` package.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../errors/configuration-error.js';
import { patternCheckerLoader } from '../../util/regex-safety/pattern-checker.js';
import { RegexFilterProcessor } from './index.js';

/** Patterns whose blank or letter runs are rescanned from every position of the run. */
const SUPER_LINEAR: RegExp[] = [/[ \t]+said/, /\s*=\s*\d/, /(a+)+$/, /(?<=token[ \t]+)\w+/];
const LINEAR: RegExp[] = [/\bACME-\d{6}\b/, /(?<![ \t])[ \t]+said/, /order #\d{4,8}/i];

afterEach(() => {
  vi.restoreAllMocks();
});

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('RegexFilterProcessor: user rules are checked for super-linear backtracking', () => {
  it.each(SUPER_LINEAR.map((p) => [String(p), p] as const))(
    '%s: a warning naming the rule by default',
    (_, pattern) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const filter = new RegexFilterProcessor({ rules: [{ name: 'mine', pattern }] });
      expect(filter.id).toBe('regex-filter');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain('rule "mine"');
      expect(String(warn.mock.calls[0]?.[0])).toContain('strictPatterns');
    },
  );

  it.each(SUPER_LINEAR.map((p) => [String(p), p] as const))(
    '%s: refused with strictPatterns: true',
    (_, pattern) => {
      const error = caught(
        () => new RegexFilterProcessor({ rules: [{ name: 'mine', pattern }], strictPatterns: true }),
      );
      expect(ConfigurationError.isInstance(error)).toBe(true);
      expect((error as ConfigurationError).code).toBe('PROCESSOR_PATTERN_NOT_LINEAR');
      expect((error as Error).message).toContain('rule "mine"');
      expect((error as Error).message).toContain('Rewrite it');
    },
  );

  it.each(LINEAR.map((p) => [String(p), p] as const))(
    '%s: accepted silently, strict or not',
    (_, pattern) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      new RegexFilterProcessor({ rules: [{ name: 'mine', pattern }] });
      new RegexFilterProcessor({ rules: [{ name: 'mine', pattern }], strictPatterns: true });
      expect(warn).not.toHaveBeenCalled();
    },
  );

  it('presets alone are not re-checked and never warn', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    new RegexFilterProcessor({ presets: ['pii', 'secrets', 'urls'], strictPatterns: true });
    expect(warn).not.toHaveBeenCalled();
  });

  it('without recheck installed: strictPatterns throws a clear error; the default stays silent', () => {
    vi.spyOn(patternCheckerLoader, 'load').mockReturnValue(undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const rules = [{ name: 'mine', pattern: /[ \t]+said/ }];
    const error = caught(() => new RegexFilterProcessor({ rules, strictPatterns: true }));
    expect((error as ConfigurationError).code).toBe('PROCESSOR_PATTERN_CHECKER_MISSING');
    expect((error as Error).message).toContain('npm install recheck');
    new RegexFilterProcessor({ rules });
    expect(warn).not.toHaveBeenCalled();
  });

  it('strictPatterns must be a boolean', () => {
    const error = caught(
      () =>
        new RegexFilterProcessor({
          rules: [{ name: 'mine', pattern: /x/ }],
          strictPatterns: 'yes' as unknown as boolean,
        }),
    );
    expect((error as ConfigurationError).code).toBe('PROCESSOR_INVALID_OPTIONS');
  });
});
