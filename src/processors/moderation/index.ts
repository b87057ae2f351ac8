import type { RunUsageContext } from '../../cost/run-usage.js';
import type { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type { ModelConfig, ProviderOptions } from '../../models/call-settings.js';
import type {
  ProcessInputArgs,
  ProcessOutputResultArgs,
  ProcessOutputStreamArgs,
  Processor,
  ProcessorViolation,
  TracingContext,
} from '../../pipeline/types.js';
import type { ChunkType } from '../../stream/chunk-types.js';
import { listOrMessages, withHookDefaults } from '../direct-call/index.js';
import { MODERATION_OPTIONS } from '../guardrail-option-names.js';
import {
  type GuardrailFailure,
  type GuardrailFailureKind,
  runWithFailPolicy,
} from '../guardrails/fail-policy.js';
import { askJudge, type GuardrailStructuredOutputOptions } from '../guardrails/judge.js';
import { joinedMessageText } from '../guardrails/message-spans.js';
import { messagesToCheck, messageText, reportViolation } from '../guardrails/messages.js';
import {
  checkErrorStrategy,
  checkTimeoutMs,
  type GuardrailMode,
  type GuardrailStreamOptions,
  resolveGuardrailMode,
} from '../guardrails/mode.js';
import {
  createStreamWindow,
  type StreamTextWindow,
  type StreamWindowArgs,
  type StreamWindowCheckInfo,
  type StreamWindowVerdict,
} from '../guardrails/stream-window.js';
import { configFingerprint, VerdictCache } from '../guardrails/verdict-cache.js';
import { checkOptionNames, describeOptionValue, invalidOptionFor, oneOf } from '../option-errors.js';
import { defaultInstructions, parseResult, RESULT_SCHEMA } from './helper-answer.js';
import { MODERATION_CATEGORIES, type ModerationCategoryScore, moderateOffline } from './offline.js';

export type { ModerationResult } from './helper-answer.js';

export {
  MODERATION_CATEGORIES,
  type ModerationCategory,
  type ModerationCategoryScore,
  type ModerationHit,
  moderateOffline,
  type OfflineModerationResult,
} from './offline.js';

const ID = 'moderation';
const invalid = invalidOptionFor(ID, '"');

/** What the moderation strategies do with flagged content. */
export type ModerationStrategy = 'block' | 'warn' | 'filter';

/** Options of {@link ModerationProcessor}. */
export interface ModerationProcessorOptions {
  /** Helper model (`'llm'` / `'hybrid'` mode). Without one the processor runs offline. */
  model?: ModelConfig;
  /** Default `'llm'` with a model, `'offline'` without (see docs/processors/moderation.md for what offline can see). */
  mode?: GuardrailMode;
  /** Categories to flag. Default: all eleven documented categories. */
  categories?: string[];
  /** A category is flagged when its score exceeds this. Default `0.5`. */
  threshold?: number;
  /** Default `'block'`. */
  strategy?: ModerationStrategy;
  /** Put every category score (not only the flagged categories) in tripwire metadata and violations. Default `false`. */
  includeScores?: boolean;
  /**
   * Stream checks in `'llm'` mode also show the helper model this many earlier windows of the
   * same text block as context. Default `0`. (Sluice checks the stream per window of
   * `stream.windowChars`, never per chunk.)
   */
  chunkWindow?: number;
  /** Replaces the generated moderation prompt (the JSON answer shape is still asked for). */
  instructions?: string;
  structuredOutputOptions?: GuardrailStructuredOutputOptions;
  providerOptions?: ProviderOptions;
  /** Check only the newest input message. Default `false`. */
  lastMessageOnly?: boolean;
  /** When a check fails or times out. Default `'warn'` (fail open, as in Mastra). */
  errorStrategy?: 'warn' | 'strict';
  /** Budget of one helper-model check in milliseconds. Default: none. */
  timeoutMs?: number;
  /** Stream hold-back window (defaults of `createStreamWindow`). */
  stream?: GuardrailStreamOptions;
  /** Told about warnings (`strategy: 'warn'`), failed checks and blocks. */
  onViolation?: (violation: ProcessorViolation) => void | Promise<void>;
}

/** Tripwire metadata of a blocked message or stream window. */
export interface ModerationTripwireMetadata {
  processorId: 'moderation';
  phase: 'input' | 'output-stream' | 'output-result';
  /** Flagged categories. */
  categories: string[];
  reason: string | null;
  /** All category scores, with `includeScores`. */
  scores?: ModerationCategoryScore[];
  /** Who decided: the offline detector or the helper model. */
  source: 'offline' | 'llm';
}

/** `detail` of warn-strategy violations. */
export interface ModerationViolationDetail extends Omit<ModerationTripwireMetadata, 'processorId'> {
  strategy: ModerationStrategy;
  messageId?: string;
}

interface Verdict {
  scores: ModerationCategoryScore[];
  flagged: string[];
  reason: string | null;
  source: 'offline' | 'llm';
}

interface CheckContext {
  abort: StreamWindowArgs['abort'];
  abortSignal: AbortSignal | undefined;
  tracingContext?: TracingContext;
  usageRecorder?: RunUsageContext;
  /** Earlier stream windows shown as context (`chunkWindow`). */
  context?: readonly string[];
}

const HISTORY = 'moderation.windows';

/**
 * Content-safety moderation of input, streamed output and the final result (id `moderation`).
 *
 * - `'llm'` mode (a `model`, as in Mastra): the helper model scores each message (and each
 *   stream window) for the categories; its JSON answer is read leniently.
 * - `'offline'` mode (no model): {@link moderateOffline}, a word-list and phrase first line
 *   (`obscenity` plus a few threat / self-harm patterns): coarse, English only, no network.
 * - `'hybrid'`: offline first; the model only for grey-band texts (highest offline score from
 *   0.2 up to 0.9). Clean-looking text never reaches the model in this mode.
 *
 * Strategies: `block` (default) ends the run with a tripwire ({@link ModerationTripwireMetadata});
 * `warn` lets content through and reports to `onViolation` (or `console.warn` without one);
 * `filter` drops flagged input messages, drops flagged stream windows and removes flagged
 * result messages. Verdicts are cached by content hash, so history is checked once across turns.
 * The output stream goes through a stream window: held text is released only once checked,
 * checked per window, never per chunk. A failed or timed-out check follows `errorStrategy`
 * (default `'warn'`: fail open and report).
 */
export class ModerationProcessor implements Processor<'moderation'> {
  readonly id = ID;
  readonly name = 'Moderation';
  readonly description =
    'Flags unsafe content (hate, harassment, self-harm, sexual, violence) in input and output.';
  onViolation?: (violation: ProcessorViolation) => void | Promise<void>;

  /** The mode this instance runs in. */
  readonly mode: GuardrailMode;
  readonly #model: ModelConfig | undefined;
  readonly #categories: readonly string[];
  readonly #threshold: number;
  readonly #strategy: ModerationStrategy;
  readonly #includeScores: boolean;
  readonly #chunkWindow: number;
  readonly #lastMessageOnly: boolean;
  readonly #errorStrategy: 'warn' | 'strict';
  readonly #timeoutMs: number | undefined;
  readonly #instructions: string;
  readonly #providerOptions: ProviderOptions | undefined;
  readonly #structured: GuardrailStructuredOutputOptions | undefined;
  readonly #cache: VerdictCache<Verdict>;
  readonly #window: StreamTextWindow;
  readonly #warned = new Set<GuardrailFailureKind>();
  /** Whether the offline detector can score every configured category (hybrid grey band). */
  readonly #offlineCovers: boolean;

  constructor(options: ModerationProcessorOptions = {}) {
    checkOptionNames(ID, options, MODERATION_OPTIONS);
    if (typeof options !== 'object' || options === null) {
      throw invalid('options', `expects an options object (got ${describeOptionValue(options)}).`);
    }
    this.mode = resolveGuardrailMode(ID, options);
    this.#model = options.model;
    this.#categories = checkCategories(options.categories);
    const unknown = this.#categories.filter((c) => !(MODERATION_CATEGORIES as readonly string[]).includes(c));
    this.#offlineCovers = unknown.length === 0;
    if (this.mode === 'offline' && unknown.length > 0) {
      throw invalid(
        'categories',
        `has ${unknown.map((c) => `'${c}'`).join(', ')}, which offline moderation cannot score (it knows the documented categories: ${MODERATION_CATEGORIES.join(', ')}). Pass a "model" for custom categories.`,
      );
    }
    this.#threshold = checkUnit('threshold', options.threshold, 0.5);
    this.#strategy =
      oneOf(ID, 'strategy', options.strategy, ['block', 'warn', 'filter'], 'option "strategy"') ?? 'block';
    this.#includeScores = checkBoolean('includeScores', options.includeScores, false);
    this.#lastMessageOnly = checkBoolean('lastMessageOnly', options.lastMessageOnly, false);
    if (
      options.chunkWindow !== undefined &&
      (!Number.isInteger(options.chunkWindow) || (options.chunkWindow as number) < 0)
    ) {
      throw invalid(
        'chunkWindow',
        `must be a non-negative integer (got ${describeOptionValue(options.chunkWindow)}).`,
      );
    }
    this.#chunkWindow = options.chunkWindow ?? 0;
    this.#errorStrategy = checkErrorStrategy(ID, options.errorStrategy, 'warn');
    this.#timeoutMs = checkTimeoutMs(ID, options.timeoutMs);
    if (options.instructions !== undefined && typeof options.instructions !== 'string') {
      throw invalid('instructions', `must be a string (got ${describeOptionValue(options.instructions)}).`);
    }
    this.#instructions = options.instructions ?? defaultInstructions(this.#categories);
    this.#providerOptions = options.providerOptions;
    this.#structured = options.structuredOutputOptions;
    if (options.onViolation !== undefined) this.onViolation = options.onViolation;
    this.#cache = new VerdictCache({
      fingerprint: configFingerprint({
        mode: this.mode,
        categories: this.#categories,
        threshold: this.#threshold,
        instructions: this.#instructions,
        model: options.model ?? null,
      }),
    });
    this.#window = createStreamWindow({
      processorId: ID,
      windowChars: options.stream?.windowChars,
      overlapChars: options.stream?.overlapChars,
      check: (text, info) => this.#checkWindow(text, info),
    });
  }

  /** Checks user and assistant input messages (only the newest with `lastMessageOnly`). */
  async processInput(args: ProcessInputArgs): Promise<MessageList | MastraDBMessage[]> {
    const { messages, messageList, abort, abortSignal, tracingContext, usageRecorder } = withHookDefaults(
      this,
      args,
    );
    const filtered: string[] = [];
    for (const message of messagesToCheck(messages, this.#lastMessageOnly)) {
      const verdict = await this.#moderate(messageText(message), {
        abort,
        abortSignal,
        tracingContext,
        usageRecorder,
      });
      if (verdict === undefined || verdict.flagged.length === 0) continue;
      if (this.#strategy === 'filter') filtered.push(message.id);
      else await this.#act(verdict, 'input', abort, message.id);
    }
    return listOrMessages(messageList, messages, filtered);
  }

  /** Streamed text goes through the stream window (checked per window, never per chunk). */
  processOutputStream(args: ProcessOutputStreamArgs): Promise<ChunkType | ChunkType[] | null> {
    return this.#window.process(withHookDefaults(this, args));
  }

  /**
   * Checks the response messages, except one whose text the stream window released as one
   * checked text (it does in `stream()` and `generate()` alike when the text came in one step
   * without a tool call inside it; otherwise content split across steps is only seen whole here).
   */
  async processOutputResult(args: ProcessOutputResultArgs): Promise<MessageList | MastraDBMessage[]> {
    const { messages, messageList, state, abort, abortSignal, tracingContext, usageRecorder } =
      withHookDefaults(this, args);
    // A response the stream window released as one checked text was checked there.
    const released = this.#window.releasedText(state);
    const filtered: string[] = [];
    for (const message of messages) {
      if (message.role !== 'assistant') continue;
      // The parts as the client shows them, one text: content split across parts is seen whole.
      const text = joinedMessageText(message).text;
      if (text === '' || (released?.whole === true && released.text === text)) continue;
      const verdict = await this.#moderate(text, { abort, abortSignal, tracingContext, usageRecorder });
      if (verdict === undefined || verdict.flagged.length === 0) continue;
      if (this.#strategy === 'filter') filtered.push(message.id);
      else await this.#act(verdict, 'output-result', abort, message.id);
    }
    return listOrMessages(messageList, messages, filtered);
  }

  async #checkWindow(text: string, info: StreamWindowCheckInfo): Promise<StreamWindowVerdict | null> {
    let context: string[] | undefined;
    if (this.#chunkWindow > 0 && this.mode !== 'offline') {
      let windows = info.state[HISTORY] as Map<string, string[]> | undefined;
      if (windows === undefined) {
        windows = new Map();
        info.state[HISTORY] = windows;
      }
      context = windows.get(info.textId) ?? [];
      windows.set(info.textId, [...context, text.slice(info.contextLength)].slice(-this.#chunkWindow));
    }
    const verdict = await this.#moderate(text, {
      abort: info.abort,
      abortSignal: info.abortSignal,
      tracingContext: info.tracingContext,
      usageRecorder: info.usageRecorder,
      context,
    });
    if (verdict === undefined || verdict.flagged.length === 0) return null;
    switch (this.#strategy) {
      case 'filter':
        return { action: 'drop' };
      case 'block':
        return {
          action: 'block',
          reason: blockReason(verdict),
          metadata: this.#metadata(verdict, 'output-stream'),
        };
      default:
        await this.#warn(verdict, 'output-stream');
        return null;
    }
  }

  async #act(
    verdict: Verdict,
    phase: 'input' | 'output-result',
    abort: ProcessInputArgs['abort'],
    messageId: string,
  ) {
    if (this.#strategy === 'block')
      return abort(blockReason(verdict), { metadata: this.#metadata(verdict, phase) });
    await this.#warn(verdict, phase, messageId);
  }

  async #warn(
    verdict: Verdict,
    phase: ModerationTripwireMetadata['phase'],
    messageId?: string,
  ): Promise<void> {
    const { processorId: _, ...rest } = this.#metadata(verdict, phase);
    const detail: ModerationViolationDetail = { ...rest, strategy: this.#strategy };
    if (messageId !== undefined) detail.messageId = messageId;
    const message = `Moderation flagged ${verdict.flagged.join(', ')}; content let through (strategy 'warn').`;
    if (this.onViolation === undefined) console.warn(`[sluice] ${ID}: ${message}`);
    else await reportViolation(this, message, detail);
  }

  #metadata(verdict: Verdict, phase: ModerationTripwireMetadata['phase']): ModerationTripwireMetadata {
    const metadata: ModerationTripwireMetadata = {
      processorId: ID,
      phase,
      categories: verdict.flagged,
      reason: verdict.reason,
      source: verdict.source,
    };
    if (this.#includeScores) metadata.scores = verdict.scores;
    return metadata;
  }

  /** The verdict for `text`: cached, offline, or from the helper model; `undefined` when a check failed open. */
  async #moderate(text: string, ctx: CheckContext): Promise<Verdict | undefined> {
    const key = ctx.context && ctx.context.length > 0 ? `${ctx.context.join('\u0000')}\u0001${text}` : text;
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    let verdict: Verdict | undefined;
    if (this.mode !== 'llm') {
      const offline = moderateOffline(text);
      verdict = this.#verdict(offline.category_scores, null, 'offline');
      const top = offline.category_scores.find((s) => this.#categories.includes(s.category))?.score ?? 0;
      // Hybrid: the offline verdict stands when it is clear either way.
      // Categories the offline detector cannot score are never "clearly clean" offline.
      const greyLow = this.#offlineCovers ? 0.2 : 0;
      if (this.mode === 'hybrid' && top >= greyLow && top < 0.9) verdict = undefined;
      else if (verdict.flagged.length > 0)
        verdict.reason = `Offline word-list match (${verdict.flagged.join(', ')}).`;
    }
    if (verdict === undefined) verdict = await this.#askModel(text, ctx);
    if (verdict !== undefined) this.#cache.set(key, verdict);
    return verdict;
  }

  async #askModel(text: string, ctx: CheckContext): Promise<Verdict | undefined> {
    const prompt =
      ctx.context && ctx.context.length > 0
        ? `Earlier text, for context only (already checked):\n<context>\n${ctx.context.join('')}\n</context>\n\nText to moderate:\n<text>\n${text}\n</text>`
        : `Text to moderate:\n<text>\n${text}\n</text>`;
    const outcome = await runWithFailPolicy(
      {
        processorId: ID,
        errorStrategy: this.#errorStrategy,
        timeoutMs: this.#timeoutMs,
        abortSignal: ctx.abortSignal,
        abort: ctx.abort as never,
        warned: this.#warned,
        onFailure: (failure) => this.#onFailure(failure),
      },
      async (signal) => {
        const answer = await askJudge({
          processorId: ID,
          model: this.#model as ModelConfig,
          instructions: this.#instructions,
          prompt,
          schema: RESULT_SCHEMA,
          providerOptions: this.#providerOptions,
          structuredOutputOptions: this.#structured,
          abortSignal: signal,
          tracingContext: ctx.tracingContext,
          usageRecorder: ctx.usageRecorder,
        });
        return parseResult(answer);
      },
    );
    if (!outcome.ok) return undefined;
    return this.#verdict(outcome.value.category_scores ?? [], outcome.value.reason, 'llm');
  }

  #verdict(scores: ModerationCategoryScore[], reason: string | null, source: 'offline' | 'llm'): Verdict {
    const flagged = scores
      .filter((s) => this.#categories.includes(s.category) && s.score > this.#threshold)
      .map((s) => s.category);
    return { scores, flagged, reason, source };
  }

  async #onFailure(failure: GuardrailFailure): Promise<void> {
    await reportViolation(
      this,
      `Moderation check ${failure.kind === 'timeout' ? 'timed out' : 'failed'}: ${failure.message}`,
      {
        failure: failure.kind,
        errorStrategy: failure.errorStrategy,
        message: failure.message,
      },
    );
  }
}

function blockReason(verdict: Verdict): string {
  return `Content flagged by moderation (${verdict.flagged.join(', ')})${verdict.reason ? `: ${verdict.reason}` : '.'}`;
}

function checkCategories(value: unknown): readonly string[] {
  if (value === undefined) return MODERATION_CATEGORIES;
  if (!Array.isArray(value) || value.length === 0 || value.some((c) => typeof c !== 'string' || c === '')) {
    throw invalid(
      'categories',
      `must be a non-empty array of category names such as ${MODERATION_CATEGORIES.slice(0, 3)
        .map((c) => `'${c}'`)
        .join(', ')} (got ${describeOptionValue(value)}).`,
    );
  }
  return [...value];
}

function checkUnit(option: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && value >= 0 && value <= 1) return value;
  throw invalid(option, `must be a number from 0 to 1 (got ${describeOptionValue(value)}).`);
}

function checkBoolean(option: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value === 'boolean') return value;
  throw invalid(option, `must be true or false (got ${describeOptionValue(value)}).`);
}
