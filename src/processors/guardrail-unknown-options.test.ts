/**
 * A misspelt option of a built-in guardrail is refused at construction, naming the key and the
 * valid names closest to it: ignored, it would leave the guardrail on its default (`stratgy:
 * 'block'` quietly redacting, `treshold` quietly using 0.5).
 */
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors/index.js';
import { LanguageDetector } from './language-detector/index.js';
import { ModerationProcessor } from './moderation/index.js';
import { PIIDetector } from './pii-detector/index.js';
import { PromptInjectionDetector } from './prompt-injection-detector/index.js';
import { RegexFilterProcessor } from './regex-filter/index.js';
import { SystemPromptScrubber } from './system-prompt-scrubber/index.js';
import { TokenCostControl } from './token-cost-control/index.js';
import { TokenLimiter } from './token-limiter/index.js';
import { UnicodeNormalizer } from './unicode-normalizer/index.js';

const model = 'openai/gpt-5-mini';

describe('built-in guardrails refuse unknown option names', () => {
  it.each<[string, string, string, () => unknown]>([
    ['PIIDetector', 'stratgy', 'strategy', () => new PIIDetector({ stratgy: 'block' } as never)],
    [
      'PIIDetector',
      'checkToolResult',
      'checkToolResults',
      () => new PIIDetector({ checkToolResult: true } as never),
    ],
    [
      'prompt-injection-detector',
      'treshold',
      'threshold',
      () => new PromptInjectionDetector({ treshold: 0.2 } as never),
    ],
    [
      'moderation',
      'categorys',
      'categories',
      () => new ModerationProcessor({ model, categorys: ['hate'] } as never),
    ],
    [
      'system-prompt-scrubber',
      'customPattern',
      'customPatterns',
      () => new SystemPromptScrubber({ model, strategy: 'block', customPattern: ['x'] } as never),
    ],
    [
      'RegexFilterProcessor',
      'stratgy',
      'strategy',
      () => new RegexFilterProcessor({ presets: ['pii'], stratgy: 'block' } as never),
    ],
    [
      'UnicodeNormalizer',
      'stripControlChar',
      'stripControlChars',
      () => new UnicodeNormalizer({ stripControlChar: true } as never),
    ],
    [
      'language-detector',
      'targetLanguage',
      'targetLanguages',
      () => new LanguageDetector({ model, targetLanguage: ['en'] } as never),
    ],
    [
      'Token Cost Control',
      'scop',
      'scope',
      () => new TokenCostControl({ maxCost: 1, scop: 'resource' } as never),
    ],
    [
      'TokenLimiter',
      'stratgy',
      'strategy',
      () => new TokenLimiter({ limit: 100, stratgy: 'abort' } as never),
    ],
  ])('%s refuses %s', (processor, key, nearest, make) => {
    let error: unknown;
    try {
      make();
    } catch (e) {
      error = e;
    }
    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'PROCESSOR_INVALID_OPTIONS', details: { processor, option: key } });
    expect((error as Error).message).toContain(`"${key}"`);
    expect((error as Error).message).toContain(`"${nearest}"`);
  });

  it('an undefined value is not a mistake', () => {
    expect(() => new PIIDetector({ stratgy: undefined } as never)).not.toThrow();
  });
});
