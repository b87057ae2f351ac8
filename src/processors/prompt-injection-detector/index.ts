/**
 * `PromptInjectionDetector` (api-reference 6.10): flags prompt-injection and jailbreak attempts in
 * the input (and, with `checkToolResults`, in tool results before the model sees them).
 *
 * Three modes (see `GuardrailMode`): `'offline'` runs {@link scoreInjection} only (no model, no
 * network; the only mode without a `model`), `'llm'` asks the helper model for the documented
 * JSON (the default with a `model`, as in Mastra), `'hybrid'` scores offline first and asks the
 * model only for scores inside a grey band. Verdicts are cached per text, so history that did not
 * change is never checked again, and every check runs under `timeoutMs` with the
 * `errorStrategy` fail policy (default `'warn'`: a failed check lets the content through).
 */

import type { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type { ModelConfig, ProviderOptions } from '../../models/call-settings.js';
import type {
  ProcessInputArgs,
  Processor,
  ProcessorViolation,
  ProcessToolResultArgs,
  TripWireOptions,
} from '../../pipeline/types.js';
import { listOrMessages, rememberedTest, replaceToolResult, withHookDefaults } from '../direct-call/index.js';
import { PROMPT_INJECTION_DETECTOR_OPTIONS } from '../guardrail-option-names.js';
import {
  type FailPolicyOptions,
  type GuardrailFailureKind,
  runWithFailPolicy,
} from '../guardrails/fail-policy.js';
import { askJudge, type GuardrailStructuredOutputOptions } from '../guardrails/judge.js';
import { messagesToCheck, messageText, reportViolation, rewriteMessageText } from '../guardrails/messages.js';
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
  type ToolResultText,
  toolResultOverflowReason,
  walkToolResult,
} from '../guardrails/tool-result-walk.js';
import { configFingerprint, VerdictCache } from '../guardrails/verdict-cache.js';
import { checkOptionNames, describeOptionValue, invalidOptionFor, oneOf } from '../option-errors.js';
import { INJECTION_CATEGORIES, type InjectionCategory } from './features.js';
import {
  defaultInstructions,
  type PromptInjectionDetectionResult,
  readJudgeResult,
  resultSchema,
} from './judge-prompt.js';
import { type InjectionScore, MAX_INJECTION_SCORED_CHARS, scoreInjection } from './score.js';

export { INJECTION_CATEGORIES, type InjectionCategory } from './features.js';
export type { PromptInjectionDetectionResult } from './judge-prompt.js';
export {
  INJECTION_WINDOW_CHARS,
  INJECTION_WINDOW_OVERLAP,
  type InjectionCategoryScore,
  type InjectionScore,
  MAX_INJECTION_SCORED_CHARS,
  type ScoreInjectionOptions,
  scoreInjection,
} from './score.js';

const ID = 'prompt-injection-detector';

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

/** The tool result a flagged result becomes under `filter`. */
export const INJECTION_WITHHELD_TOOL_RESULT =
  '[tool result withheld by prompt-injection-detector: it looked like a prompt-injection attempt]';

interface Verdict {
  result: PromptInjectionDetectionResult;
  flaggedTypes: string[];
  decidedBy: 'offline' | 'llm';
  score?: number;
  /** Offline verdicts of texts longer than `maxScoredChars`: the characters not scored. */
  unscoredChars?: number;
}

/** The tool result a result longer than `maxScoredChars` becomes under `oversizeStrategy` `'filter'`. */
export const INJECTION_UNSCORED_TOOL_RESULT =
  '[tool result withheld by prompt-injection-detector: it was too long to check for prompt injection]';

/** Detects prompt-injection and jailbreak attempts; see the module comment for modes and defaults. */
export class PromptInjectionDetector implements Processor<typeof ID, PromptInjectionViolationDetail> {
  readonly id = ID;
  readonly name = 'Prompt Injection Detector';
  onViolation?: (violation: ProcessorViolation) => void | Promise<void>;

  readonly #mode: GuardrailMode;
  readonly #model: ModelConfig | undefined;
  readonly #types: readonly string[];
  readonly #allTypes: boolean;
  readonly #threshold: number;
  readonly #strategy: PromptInjectionStrategy;
  readonly #includeScores: boolean;
  readonly #lastMessageOnly: boolean;
  readonly #checkToolResults: boolean;
  readonly #toolResultLimits: ToolResultLimits;
  readonly #onDetection: PromptInjectionDetectorOptions['onDetection'];
  readonly #instructions: string;
  readonly #structured: GuardrailStructuredOutputOptions | undefined;
  readonly #providerOptions: ProviderOptions | undefined;
  readonly #timeoutMs: number | undefined;
  readonly #errorStrategy: 'warn' | 'strict';
  readonly #band: { low: number; high: number };
  readonly #maxScoredChars: number;
  readonly #oversize: {
    input: PromptInjectionOversizeStrategy;
    'tool-result': PromptInjectionOversizeStrategy;
  };
  readonly #cache: VerdictCache<Verdict>;
  readonly #warned = new Set<GuardrailFailureKind>();

  constructor(options: PromptInjectionDetectorOptions = {}) {
    checkOptionNames(ID, options, PROMPT_INJECTION_DETECTOR_OPTIONS);
    const bad = invalidOptionFor(ID, '"');
    if (typeof options !== 'object' || options === null) {
      throw bad('options', `takes an options object (got ${describeOptionValue(options)}).`);
    }
    this.#mode = resolveGuardrailMode(ID, options);
    this.#model = options.model;
    this.#strategy =
      oneOf(ID, 'strategy', options.strategy, ['block', 'warn', 'filter', 'rewrite']) ?? 'block';
    if (this.#strategy === 'rewrite') requireModelFor(ID, 'strategy', 'rewrite', options.model);
    const types = options.detectionTypes ?? INJECTION_CATEGORIES;
    if (!Array.isArray(types) || types.length === 0 || types.some((t) => typeof t !== 'string' || t === '')) {
      throw bad(
        'detectionTypes',
        `must be a non-empty array of category names (got ${describeOptionValue(types)}).`,
      );
    }
    if (this.#mode === 'offline') {
      const unknown = types.filter((t) => !INJECTION_CATEGORIES.includes(t as InjectionCategory));
      if (unknown.length > 0) {
        throw bad(
          'detectionTypes',
          `has ${unknown.map((u) => JSON.stringify(u)).join(', ')}, which the offline scorer does not know. Use ${INJECTION_CATEGORIES.map((c) => `"${c}"`).join(', ')}, or pass a model for custom categories.`,
        );
      }
    }
    this.#types = [...types];
    this.#allTypes = INJECTION_CATEGORIES.every((c) => types.includes(c));
    const threshold = options.threshold ?? 0.7;
    if (typeof threshold !== 'number' || !(threshold >= 0 && threshold <= 1)) {
      throw bad('threshold', `must be a number from 0 to 1 (got ${describeOptionValue(threshold)}).`);
    }
    this.#threshold = threshold;
    for (const flag of ['includeScores', 'lastMessageOnly', 'checkToolResults'] as const) {
      if (options[flag] !== undefined && typeof options[flag] !== 'boolean') {
        throw bad(flag, `must be true or false (got ${describeOptionValue(options[flag])}).`);
      }
    }
    this.#includeScores = options.includeScores ?? false;
    this.#lastMessageOnly = options.lastMessageOnly ?? false;
    this.#checkToolResults = options.checkToolResults ?? false;
    this.#toolResultLimits = resolveToolResultLimits(ID, options.toolResultLimits);
    if (options.onDetection !== undefined && typeof options.onDetection !== 'function') {
      throw bad('onDetection', `must be a function (got ${describeOptionValue(options.onDetection)}).`);
    }
    this.#onDetection = options.onDetection;
    if (
      options.instructions !== undefined &&
      (typeof options.instructions !== 'string' || options.instructions.trim() === '')
    ) {
      throw bad(
        'instructions',
        `must be a non-empty string (got ${describeOptionValue(options.instructions)}).`,
      );
    }
    this.#instructions =
      options.instructions ?? defaultInstructions(this.#types, this.#strategy === 'rewrite');
    this.#structured = options.structuredOutputOptions;
    this.#providerOptions = options.providerOptions;
    this.#timeoutMs = checkTimeoutMs(ID, options.timeoutMs);
    this.#errorStrategy = checkErrorStrategy(ID, options.errorStrategy, 'warn');
    const low = options.hybridBand?.low ?? 0.3;
    const high = options.hybridBand?.high ?? 0.9;
    if (typeof low !== 'number' || typeof high !== 'number' || !(low >= 0 && low < high && high <= 1)) {
      throw bad(
        'hybridBand',
        `needs 0 <= low < high <= 1 (got low ${describeOptionValue(low)}, high ${describeOptionValue(high)}).`,
      );
    }
    this.#band = { low, high };
    const max = options.maxScoredChars ?? MAX_INJECTION_SCORED_CHARS;
    if (typeof max !== 'number' || !(max >= 1)) {
      throw bad(
        'maxScoredChars',
        `must be a positive number of characters, or Infinity to score everything (got ${describeOptionValue(max)}).`,
      );
    }
    this.#maxScoredChars = max;
    const over = options.oversizeStrategy ?? {};
    const oversizeOf = (value: unknown, name: string, fallback: PromptInjectionOversizeStrategy) =>
      oneOf(ID, name, value, ['block', 'warn', 'filter']) ?? fallback;
    if (typeof over === 'string') {
      const one = oversizeOf(over, 'oversizeStrategy', 'warn');
      this.#oversize = { input: one, 'tool-result': one };
    } else if (typeof over === 'object' && over !== null) {
      this.#oversize = {
        input: oversizeOf(over.input, 'oversizeStrategy.input', 'warn'),
        'tool-result': oversizeOf(over.toolResult, 'oversizeStrategy.toolResult', 'block'),
      };
    } else {
      throw bad(
        'oversizeStrategy',
        `must be "block", "warn", "filter" or { input?, toolResult? } of those (got ${describeOptionValue(over)}).`,
      );
    }
    if (options.onViolation !== undefined) this.onViolation = options.onViolation;
    this.#cache = new VerdictCache<Verdict>({
      fingerprint: configFingerprint({
        mode: this.#mode,
        model: this.#model,
        types: this.#types,
        threshold,
        rewrite: this.#strategy === 'rewrite',
        instructions: this.#instructions,
        band: this.#band,
        maxScoredChars: max,
      }),
    });
  }

  /** The mode this detector runs in. */
  get mode(): GuardrailMode {
    return this.#mode;
  }

  /** Check the input messages (user and assistant; memory-loaded history was checked when new). */
  async processInput(
    input: ProcessInputArgs<PromptInjectionViolationDetail>,
  ): Promise<MessageList | MastraDBMessage[]> {
    const args = withHookDefaults(this, input);
    const { messages, messageList } = args;
    const remembered = rememberedTest(messageList);
    const fresh = messages.filter((m) => !remembered(m));
    const flagged = new Map<MastraDBMessage, Verdict>();
    // Too long to score whole, and not flagged on what was scored: `oversizeStrategy` decides.
    const oversize = new Map<MastraDBMessage, Verdict>();
    for (const message of messagesToCheck(fresh, this.#lastMessageOnly)) {
      const text = messageText(message);
      const verdict = await this.#check(text, args, 'input');
      if (verdict === undefined) continue;
      if (verdict.flaggedTypes.length > 0) flagged.set(message, verdict);
      else if ((verdict.unscoredChars ?? 0) > 0) oversize.set(message, verdict);
    }
    if (flagged.size === 0 && oversize.size === 0) return listOrMessages(messageList, messages);

    if (flagged.size > 0 && this.#strategy === 'block') {
      const [message, verdict] = flagged.entries().next().value as [MastraDBMessage, Verdict];
      this.#block(args.abort, verdict, { source: 'input', messageId: message.id });
    }
    const overStrategy = this.#oversize.input;
    if (oversize.size > 0 && overStrategy === 'block') {
      const [message, verdict] = oversize.entries().next().value as [MastraDBMessage, Verdict];
      this.#block(args.abort, verdict, { source: 'input', messageId: message.id });
    }
    const dropped = new Set<MastraDBMessage>();
    for (const [message, verdict] of oversize) {
      await this.#report(overStrategy, verdict, { source: 'input', messageId: message.id });
      if (overStrategy === 'filter') dropped.add(message);
    }
    if (this.#strategy === 'warn') {
      for (const [message, verdict] of flagged)
        await this.#report('warn', verdict, { source: 'input', messageId: message.id });
      return dropped.size === 0
        ? listOrMessages(messageList, messages)
        : messages.filter((m) => !dropped.has(m));
    }
    for (const [message, verdict] of flagged) {
      const rewritten = this.#strategy === 'rewrite' ? verdict.result.rewritten_content : undefined;
      if (typeof rewritten === 'string' && rewritten.trim() !== '') {
        let first = true;
        rewriteMessageText(message, () => {
          const out = first ? rewritten : '';
          first = false;
          return out;
        });
        await this.#report('rewrite', verdict, { source: 'input', messageId: message.id });
      } else {
        dropped.add(message);
        await this.#report(this.#strategy, verdict, {
          source: 'input',
          messageId: message.id,
          ...(this.#strategy === 'rewrite' ? { fellBackTo: 'filter' as const } : {}),
        });
      }
    }
    return dropped.size === 0
      ? listOrMessages(messageList, messages)
      : messages.filter((m) => !dropped.has(m));
  }

  /** With `checkToolResults`: check a tool's result before the model sees it. */
  async processToolResult(
    input: ProcessToolResultArgs<PromptInjectionViolationDetail>,
  ): Promise<MastraDBMessage[] | undefined> {
    const args = withHookDefaults(this, input);
    const { toolName, toolCallId, result, messageList } = args;
    // Called without a list, the hook answers with the messages (the documented result).
    const unchanged = messageList === undefined ? (args.messages ?? []) : undefined;
    if (!this.#checkToolResults) return unchanged;
    const walk = walkToolResult(result, { limits: this.#toolResultLimits, scalar: String });
    if (walk.overflow !== undefined) {
      const reason = toolResultOverflowReason(ID, toolName, walk.overflow);
      const detail: PromptInjectionViolationDetail = {
        processorId: ID,
        strategy: this.#strategy === 'warn' ? 'warn' : 'block',
        source: 'tool-result',
        detectedTypes: [],
        reason: null,
        decidedBy: 'offline',
        toolName,
        toolCallId,
        overflow: walk.overflow,
      };
      if (this.#strategy !== 'warn') args.abort(reason, { metadata: detail });
      await reportViolation(this, `${ID}: ${reason}`, detail);
      return unchanged;
    }
    const text = toolResultText(walk.texts);
    if (text === '') return unchanged;
    const verdict = await this.#check(text, args, 'tool-result');
    if (verdict === undefined) return unchanged;
    const where = { source: 'tool-result' as const, toolName, toolCallId };
    if (verdict.flaggedTypes.length === 0) {
      if ((verdict.unscoredChars ?? 0) > 0) return this.#oversizedToolResult(args, verdict, where, unchanged);
      return unchanged;
    }
    if (this.#strategy === 'block') this.#block(args.abort, verdict, where);
    if (this.#strategy === 'warn') {
      await this.#report('warn', verdict, where);
      return unchanged;
    }
    const rewritten = this.#strategy === 'rewrite' ? verdict.result.rewritten_content : undefined;
    const useRewrite = typeof rewritten === 'string' && rewritten.trim() !== '';
    const out = replaceToolResult(messageList, args.messages, {
      toolCallId,
      toolName,
      args: args.args,
      result: useRewrite ? rewritten : INJECTION_WITHHELD_TOOL_RESULT,
    });
    await this.#report(useRewrite ? 'rewrite' : this.#strategy, verdict, {
      ...where,
      ...(this.#strategy === 'rewrite' && !useRewrite ? { fellBackTo: 'filter' as const } : {}),
    });
    return out;
  }

  // A tool result too long to score whole, not flagged on what was scored.
  async #oversizedToolResult(
    args: ProcessToolResultArgs<PromptInjectionViolationDetail>,
    verdict: Verdict,
    where: { source: 'tool-result'; toolName: string; toolCallId: string },
    unchanged: MastraDBMessage[] | undefined,
  ): Promise<MastraDBMessage[] | undefined> {
    const strategy = this.#oversize['tool-result'];
    if (strategy === 'block') this.#block(args.abort, verdict, where);
    let out = unchanged;
    if (strategy === 'filter') {
      out = replaceToolResult(args.messageList, args.messages, {
        toolCallId: where.toolCallId,
        toolName: where.toolName,
        args: args.args,
        result: INJECTION_UNSCORED_TOOL_RESULT,
      });
    }
    await this.#report(strategy, verdict, where);
    return out;
  }

  // ---- checking ----------------------------------------------------------------------------

  async #check(
    text: string,
    args: Pick<
      ProcessInputArgs<PromptInjectionViolationDetail>,
      'abort' | 'abortSignal' | 'tracingContext' | 'usageRecorder'
    >,
    source: PromptInjectionSource,
  ): Promise<Verdict | undefined> {
    const cached = this.#cache.get(text);
    if (cached !== undefined) return cached;
    let verdict: Verdict;
    if (this.#mode === 'offline') {
      verdict = this.#offlineVerdict(scoreInjection(text, { maxChars: this.#maxScoredChars }));
    } else {
      const policy: FailPolicyOptions = {
        processorId: ID,
        errorStrategy: this.#errorStrategy,
        timeoutMs: this.#timeoutMs,
        abortSignal: args.abortSignal,
        abort: args.abort as unknown as FailPolicyOptions['abort'],
        warned: this.#warned,
        onFailure: (failure) => {
          if (this.#errorStrategy === 'warn') {
            return reportViolation(this, `${ID}: ${failure.message}`, {
              processorId: ID,
              failure: failure.kind,
              errorStrategy: 'warn',
              source,
            });
          }
        },
      };
      const run = await runWithFailPolicy(policy, (signal) =>
        this.#decide(text, signal, args.tracingContext, args.usageRecorder),
      );
      if (!run.ok) return undefined; // fail open; nothing cached, so the next turn tries again
      verdict = run.value;
    }
    this.#cache.set(text, verdict);
    await this.#notify(text, verdict, source);
    return verdict;
  }

  async #decide(
    text: string,
    signal: AbortSignal,
    tracingContext: ProcessInputArgs['tracingContext'],
    usageRecorder?: ProcessInputArgs['usageRecorder'],
  ): Promise<Verdict> {
    let offline: Verdict | undefined;
    if (this.#mode === 'hybrid') {
      const scored = scoreInjection(text, { maxChars: this.#maxScoredChars });
      const score = this.#effectiveScore(scored);
      if (score < this.#band.low || score >= this.#band.high) offline = this.#offlineVerdict(scored);
      // Rewriting needs the model's text even when the offline score is decisive.
      if (offline !== undefined && !(this.#strategy === 'rewrite' && offline.flaggedTypes.length > 0))
        return offline;
    }
    const answer = await askJudge({
      processorId: ID,
      model: this.#model as ModelConfig,
      instructions: this.#instructions,
      prompt: text,
      schema: resultSchema(this.#strategy === 'rewrite'),
      providerOptions: this.#providerOptions,
      structuredOutputOptions: this.#structured,
      abortSignal: signal,
      tracingContext,
      usageRecorder,
    });
    const result = readJudgeResult(ID, answer);
    const flaggedTypes = (result.categories ?? [])
      .filter((c) => this.#types.includes(c.type) && c.score >= this.#threshold)
      .map((c) => c.type);
    // A decisive offline flag stands even if the model, asked only for a rewrite, scores lower.
    if (offline !== undefined)
      return {
        ...offline,
        result: { ...offline.result, rewritten_content: result.rewritten_content ?? null },
      };
    return { result, flaggedTypes: [...new Set(flaggedTypes)], decidedBy: 'llm' };
  }

  #effectiveScore(scored: InjectionScore): number {
    if (this.#allTypes) return scored.score;
    let best = 0;
    for (const c of scored.categories) if (this.#types.includes(c.type) && c.score > best) best = c.score;
    return best;
  }

  #offlineVerdict(scored: InjectionScore): Verdict {
    const score = this.#effectiveScore(scored);
    const categories = scored.categories.filter((c) => this.#types.includes(c.type));
    let flaggedTypes: string[] = [];
    if (score >= this.#threshold) {
      // The overall score can pass the threshold on combined evidence; name the strongest categories.
      flaggedTypes = categories.filter((c) => c.score >= this.#threshold).map((c) => c.type);
      if (flaggedTypes.length === 0 && categories[0] !== undefined) flaggedTypes = [categories[0].type];
    }
    const signals = scored.signals.filter((s) => !s.startsWith('damped:'));
    const verdict: Verdict = {
      result: {
        categories: categories.length > 0 ? categories.map((c) => ({ type: c.type, score: c.score })) : null,
        reason: score > 0 ? `offline score ${score.toFixed(3)}: ${signals.join(', ')}` : null,
      },
      flaggedTypes,
      decidedBy: 'offline',
      score,
    };
    if (scored.unscoredChars !== undefined) verdict.unscoredChars = scored.unscoredChars;
    return verdict;
  }

  // ---- reporting ---------------------------------------------------------------------------

  #detail(
    strategy: PromptInjectionStrategy,
    verdict: Verdict,
    where: Partial<PromptInjectionViolationDetail> & { source: PromptInjectionSource },
  ): PromptInjectionViolationDetail {
    const detail: PromptInjectionViolationDetail = {
      processorId: ID,
      strategy,
      detectedTypes: verdict.flaggedTypes,
      reason: verdict.result.reason,
      decidedBy: verdict.decidedBy,
      ...where,
    };
    if (verdict.flaggedTypes.length === 0 && verdict.unscoredChars !== undefined)
      detail.unscoredChars = verdict.unscoredChars;
    if (this.#includeScores) {
      detail.detectionResult = verdict.result;
      if (verdict.score !== undefined) detail.score = verdict.score;
    }
    return detail;
  }

  #block(
    abort: (reason?: string, options?: TripWireOptions<PromptInjectionViolationDetail>) => never,
    verdict: Verdict,
    where: Partial<PromptInjectionViolationDetail> & { source: PromptInjectionSource },
  ): never {
    const place = where.source === 'tool-result' ? ` in the result of tool "${where.toolName}"` : '';
    const reason =
      verdict.flaggedTypes.length > 0
        ? `Prompt injection detected${place}: ${verdict.flaggedTypes.join(', ')}`
        : `${unscoredMessage(verdict, place, this.#maxScoredChars)} Blocked (oversizeStrategy 'block'); raise maxScoredChars or choose oversizeStrategy 'warn' or 'filter' to change this.`;
    return abort(reason, { metadata: this.#detail('block', verdict, where) });
  }

  async #report(
    strategy: PromptInjectionStrategy,
    verdict: Verdict,
    where: Partial<PromptInjectionViolationDetail> & { source: PromptInjectionSource },
  ): Promise<void> {
    const place = where.source === 'tool-result' ? ` in the result of tool "${where.toolName}"` : '';
    const action = strategy === 'warn' ? 'let through' : strategy === 'rewrite' ? 'rewritten' : 'removed';
    const message =
      verdict.flaggedTypes.length > 0
        ? `Prompt injection detected${place} (${verdict.flaggedTypes.join(', ')}); ${action}.`
        : `${unscoredMessage(verdict, place, this.#maxScoredChars)} ${action[0]?.toUpperCase()}${action.slice(1)} (oversizeStrategy '${strategy}').`;
    if (this.onViolation === undefined) {
      if (strategy === 'warn') console.warn(`[sluice] ${ID}: ${message}`);
      return;
    }
    await reportViolation(this, message, this.#detail(strategy, verdict, where));
  }

  async #notify(text: string, verdict: Verdict, source: PromptInjectionSource): Promise<void> {
    if (this.#onDetection === undefined) return;
    const flagged = verdict.flaggedTypes.length > 0;
    let strategyApplied: PromptInjectionDetectionEvent['strategyApplied'] = 'none';
    if (flagged) {
      strategyApplied =
        this.#strategy === 'rewrite' && typeof verdict.result.rewritten_content !== 'string'
          ? 'filter'
          : this.#strategy;
    }
    try {
      await this.#onDetection({
        detectionResult: verdict.result,
        input: text,
        flagged,
        strategyApplied,
        source,
        decidedBy: verdict.decidedBy,
      });
    } catch (error) {
      console.warn(
        `[sluice] ${ID}: onDetection threw; ignored. ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

// What a verdict on a text longer than `maxScoredChars` says about the part never read.
function unscoredMessage(verdict: Verdict, place: string, max: number): string {
  return `Text${place} too long to check for prompt injection: ${verdict.unscoredChars} characters past maxScoredChars (${max}) were not scored.`;
}

// Tool results are often objects. Their strings are scored as the text they are (one per line,
// property names kept as context), not as escaped JSON where line breaks turn into "\\n". The
// walk (shared with PIIDetector) lists every string once and bounds the whole.
function toolResultText(texts: readonly ToolResultText[]): string {
  const lines: string[] = [];
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i] as ToolResultText;
    if (t.kind === 'value') {
      lines.push(t.field === undefined ? t.text : `${t.field}: ${t.text}`);
      continue;
    }
    // A name followed by its own value is read in that value's `name: value` line.
    const next = texts[i + 1];
    if (next === undefined || next.kind !== 'value' || next.field !== t.text) lines.push(t.text);
  }
  return lines.join('\n');
}
