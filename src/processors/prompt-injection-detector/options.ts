/**
 * The options of `PromptInjectionDetector`: their documented types, and the checks that turn what
 * a caller passed into the settings the detector runs with (an invalid option throws naming the
 * option and the fix, before any text is checked).
 */
import type { ModelConfig, ProviderOptions } from '../../models/call-settings.js';
import type { ProcessorViolation } from '../../pipeline/types.js';
import { PROMPT_INJECTION_DETECTOR_OPTIONS } from '../guardrail-option-names.js';
import type { GuardrailStructuredOutputOptions } from '../guardrails/judge.js';
import {
  checkErrorStrategy,
  checkTimeoutMs,
  type GuardrailCommonOptions,
  type GuardrailMode,
  requireModelFor,
  resolveGuardrailMode,
} from '../guardrails/mode.js';
import {
  resolveToolResultLimits,
  type ToolResultLimits,
  type ToolResultOverflow,
} from '../guardrails/tool-result-walk.js';
import { checkOptionNames, describeOptionValue, invalidOptionFor, oneOf } from '../option-errors.js';
import { INJECTION_CATEGORIES, type InjectionCategory } from './features.js';
import { defaultInstructions, type PromptInjectionDetectionResult } from './judge-prompt.js';
import { MAX_INJECTION_SCORED_CHARS } from './score.js';

/** The processor id, also the name options errors give. */
export const ID = 'prompt-injection-detector';

/** What {@link PromptInjectionDetector} does with a flagged text. */
export type PromptInjectionStrategy = 'block' | 'warn' | 'filter' | 'rewrite';

/** Where a checked text came from. */
export type PromptInjectionSource = 'input' | 'tool-result';

/**
 * What {@link PromptInjectionDetector} does with a text longer than `maxScoredChars` whose scored
 * part was not flagged (the rest was never read): `'block'` (tripwire), `'warn'` (report and let
 * it through) or `'filter'` (drop the message; a tool result is replaced by a notice).
 */
export type PromptInjectionOversizeStrategy = 'block' | 'warn' | 'filter';

/** The argument of `onDetection`: one per freshly analysed text (cached verdicts are not re-reported). */
export interface PromptInjectionDetectionEvent {
  detectionResult: PromptInjectionDetectionResult;
  /** The analysed text. */
  input: string;
  flagged: boolean;
  strategyApplied: PromptInjectionStrategy | 'none';
  /** Sluice addition: input message or tool result. */
  source: PromptInjectionSource;
  /** Sluice addition: which detector decided. */
  decidedBy: 'offline' | 'llm';
}

/** Options of {@link PromptInjectionDetector}. Every option is optional. */
export interface PromptInjectionDetectorOptions extends GuardrailCommonOptions {
  /** Helper model for `'llm'` / `'hybrid'` mode (a model object or router string). */
  model?: ModelConfig;
  /**
   * Categories to flag. Default all six: `injection`, `jailbreak`, `tool-exfiltration`,
   * `data-exfiltration`, `system-override`, `role-manipulation`. In LLM mode other names are
   * passed to the model as written; offline mode knows only these six.
   */
  detectionTypes?: readonly (InjectionCategory | (string & {}))[];
  /** Flag when a selected category scores at least this. Default `0.7`. */
  threshold?: number;
  /**
   * Default `'block'` (tripwire). `'warn'`: report through `onViolation` and let it through.
   * `'filter'`: drop the flagged message (a flagged tool result is replaced by a notice).
   * `'rewrite'`: replace it with the helper model's neutralised version; needs a `model`.
   */
  strategy?: PromptInjectionStrategy;
  /** Put category scores in tripwire metadata and violation details. Default `false`. */
  includeScores?: boolean;
  /** Called for every freshly analysed text; its errors are logged and ignored. */
  onDetection?: (event: PromptInjectionDetectionEvent) => void | Promise<void>;
  /** Replaces the helper model's detection prompt. */
  instructions?: string;
  structuredOutputOptions?: GuardrailStructuredOutputOptions;
  providerOptions?: ProviderOptions;
  /** Check only the newest user/assistant message. Default `false` (all, minus cached ones). */
  lastMessageOnly?: boolean;
  /**
   * Also check tool results in `processToolResult`, before the model sees them. That hook runs
   * in the output lane: list the detector in `outputProcessors` as well. Default `false`.
   */
  checkToolResults?: boolean;
  /**
   * Bounds of one tool result's check (with `checkToolResults`): every string in it — values and
   * property names — is read, up to these bounds; a result past any of them is blocked (under
   * `strategy: 'warn'` reported), never passed on unchecked. Defaults: 20,000 strings,
   * 1,000,000 characters, 64 levels of nesting (`DEFAULT_TOOL_RESULT_LIMITS`).
   */
  toolResultLimits?: Partial<ToolResultLimits>;
  /**
   * `'hybrid'` only: offline scores below `low` pass and scores at or above `high` are flagged
   * without asking the model; the model decides the band between. Default `{ low: 0.3, high: 0.9 }`.
   */
  hybridBand?: { low?: number; high?: number };
  /** Told about every block (by the runner) and every warn/filter/rewrite (by the detector). */
  onViolation?: (violation: ProcessorViolation) => void | Promise<void>;
  /**
   * `'offline'` / `'hybrid'`: the longest text scored offline, in characters. Default
   * {@link MAX_INJECTION_SCORED_CHARS} (1,000,000); `Infinity` scores everything (the cost is
   * linear: about 1-5 µs per character). Every character up to it is scored (overlapping
   * windows, the highest wins); what lies past it is unscored, and `oversizeStrategy` decides.
   */
  maxScoredChars?: number;
  /**
   * What happens to a text longer than `maxScoredChars` whose scored part was not flagged: it is
   * never passed silently. One strategy for both sources, or one per source. Default
   * `{ input: 'warn', toolResult: 'block' }` (long fetched pages are where indirect injection
   * lives). Not used in `'llm'` mode, nor when the helper model read the text in `'hybrid'`.
   */
  oversizeStrategy?:
    | PromptInjectionOversizeStrategy
    | { input?: PromptInjectionOversizeStrategy; toolResult?: PromptInjectionOversizeStrategy };
}

/** Tripwire metadata of a block, and `detail` of the violations the detector reports. */
export interface PromptInjectionViolationDetail {
  processorId: typeof ID;
  strategy: PromptInjectionStrategy;
  source: PromptInjectionSource;
  /** Selected categories at or above the threshold. */
  detectedTypes: string[];
  reason: string | null;
  decidedBy: 'offline' | 'llm';
  messageId?: string;
  toolName?: string;
  toolCallId?: string;
  /** `includeScores` only: the full result, and the offline score when there is one. */
  detectionResult?: PromptInjectionDetectionResult;
  score?: number;
  /** `rewrite` without a rewritten text fell back to `filter`. */
  fellBackTo?: 'filter';
  /** A tool result past `toolResultLimits`: which bound (nothing was scored). */
  overflow?: ToolResultOverflow;
  /**
   * The text was longer than `maxScoredChars` and its scored part was not flagged: this many
   * characters were never scored (`strategy` is then the `oversizeStrategy` applied).
   */
  unscoredChars?: number;
}

/** The options after checking, with every default filled in. */
export interface ResolvedInjectionOptions {
  readonly mode: GuardrailMode;
  readonly model: ModelConfig | undefined;
  readonly types: readonly string[];
  /** Whether every offline category is asked for (then no category filter applies). */
  readonly allTypes: boolean;
  readonly threshold: number;
  readonly strategy: PromptInjectionStrategy;
  readonly includeScores: boolean;
  readonly lastMessageOnly: boolean;
  readonly checkToolResults: boolean;
  readonly toolResultLimits: ToolResultLimits;
  readonly onDetection: PromptInjectionDetectorOptions['onDetection'];
  readonly instructions: string;
  readonly structured: GuardrailStructuredOutputOptions | undefined;
  readonly providerOptions: ProviderOptions | undefined;
  readonly timeoutMs: number | undefined;
  readonly errorStrategy: 'warn' | 'strict';
  readonly band: { low: number; high: number };
  readonly maxScoredChars: number;
  readonly oversize: {
    input: PromptInjectionOversizeStrategy;
    'tool-result': PromptInjectionOversizeStrategy;
  };
}

/** Checks `options` and fills in the defaults; throws an options error naming the culprit. */
export function resolveInjectionOptions(options: PromptInjectionDetectorOptions): ResolvedInjectionOptions {
  checkOptionNames(ID, options, PROMPT_INJECTION_DETECTOR_OPTIONS);
  const bad = invalidOptionFor(ID, '"');
  if (typeof options !== 'object' || options === null) {
    throw bad('options', `takes an options object (got ${describeOptionValue(options)}).`);
  }
  const mode = resolveGuardrailMode(ID, options);
  const strategy = oneOf(ID, 'strategy', options.strategy, ['block', 'warn', 'filter', 'rewrite']) ?? 'block';
  if (strategy === 'rewrite') requireModelFor(ID, 'strategy', 'rewrite', options.model);
  const types = options.detectionTypes ?? INJECTION_CATEGORIES;
  if (!Array.isArray(types) || types.length === 0 || types.some((t) => typeof t !== 'string' || t === '')) {
    throw bad(
      'detectionTypes',
      `must be a non-empty array of category names (got ${describeOptionValue(types)}).`,
    );
  }
  if (mode === 'offline') {
    const unknown = types.filter((t) => !INJECTION_CATEGORIES.includes(t as InjectionCategory));
    if (unknown.length > 0) {
      throw bad(
        'detectionTypes',
        `has ${unknown.map((u) => JSON.stringify(u)).join(', ')}, which the offline scorer does not know. Use ${INJECTION_CATEGORIES.map((c) => `"${c}"`).join(', ')}, or pass a model for custom categories.`,
      );
    }
  }
  const threshold = options.threshold ?? 0.7;
  if (typeof threshold !== 'number' || !(threshold >= 0 && threshold <= 1)) {
    throw bad('threshold', `must be a number from 0 to 1 (got ${describeOptionValue(threshold)}).`);
  }
  for (const flag of ['includeScores', 'lastMessageOnly', 'checkToolResults'] as const) {
    if (options[flag] !== undefined && typeof options[flag] !== 'boolean') {
      throw bad(flag, `must be true or false (got ${describeOptionValue(options[flag])}).`);
    }
  }
  const toolResultLimits = resolveToolResultLimits(ID, options.toolResultLimits);
  if (options.onDetection !== undefined && typeof options.onDetection !== 'function') {
    throw bad('onDetection', `must be a function (got ${describeOptionValue(options.onDetection)}).`);
  }
  if (
    options.instructions !== undefined &&
    (typeof options.instructions !== 'string' || options.instructions.trim() === '')
  ) {
    throw bad(
      'instructions',
      `must be a non-empty string (got ${describeOptionValue(options.instructions)}).`,
    );
  }
  const timeoutMs = checkTimeoutMs(ID, options.timeoutMs);
  const errorStrategy = checkErrorStrategy(ID, options.errorStrategy, 'warn');
  const low = options.hybridBand?.low ?? 0.3;
  const high = options.hybridBand?.high ?? 0.9;
  if (typeof low !== 'number' || typeof high !== 'number' || !(low >= 0 && low < high && high <= 1)) {
    throw bad(
      'hybridBand',
      `needs 0 <= low < high <= 1 (got low ${describeOptionValue(low)}, high ${describeOptionValue(high)}).`,
    );
  }
  const max = options.maxScoredChars ?? MAX_INJECTION_SCORED_CHARS;
  if (typeof max !== 'number' || !(max >= 1)) {
    throw bad(
      'maxScoredChars',
      `must be a positive number of characters, or Infinity to score everything (got ${describeOptionValue(max)}).`,
    );
  }
  return {
    mode,
    model: options.model,
    types: [...types],
    allTypes: INJECTION_CATEGORIES.every((c) => types.includes(c)),
    threshold,
    strategy,
    includeScores: options.includeScores ?? false,
    lastMessageOnly: options.lastMessageOnly ?? false,
    checkToolResults: options.checkToolResults ?? false,
    toolResultLimits,
    onDetection: options.onDetection,
    instructions: options.instructions ?? defaultInstructions([...types], strategy === 'rewrite'),
    structured: options.structuredOutputOptions,
    providerOptions: options.providerOptions,
    timeoutMs,
    errorStrategy,
    band: { low, high },
    maxScoredChars: max,
    oversize: resolveOversize(options.oversizeStrategy, bad),
  };
}

/** `oversizeStrategy` as one strategy per source (inputs default to warn, tool results to block). */
function resolveOversize(
  value: PromptInjectionDetectorOptions['oversizeStrategy'],
  bad: ReturnType<typeof invalidOptionFor>,
): ResolvedInjectionOptions['oversize'] {
  const over = value ?? {};
  const oversizeOf = (v: unknown, name: string, fallback: PromptInjectionOversizeStrategy) =>
    oneOf(ID, name, v, ['block', 'warn', 'filter']) ?? fallback;
  if (typeof over === 'string') {
    const one = oversizeOf(over, 'oversizeStrategy', 'warn');
    return { input: one, 'tool-result': one };
  }
  if (typeof over === 'object' && over !== null) {
    return {
      input: oversizeOf(over.input, 'oversizeStrategy.input', 'warn'),
      'tool-result': oversizeOf(over.toolResult, 'oversizeStrategy.toolResult', 'block'),
    };
  }
  throw bad(
    'oversizeStrategy',
    `must be "block", "warn", "filter" or { input?, toolResult? } of those (got ${describeOptionValue(over)}).`,
  );
}
