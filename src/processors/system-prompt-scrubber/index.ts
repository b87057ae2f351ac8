import type { RunUsageContext } from '../../cost/run-usage.js';
import type { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type { ModelConfig, ProviderOptions } from '../../models/call-settings.js';
import type {
  ProcessOutputResultArgs,
  ProcessOutputStreamArgs,
  Processor,
  ProcessorViolation,
  TracingContext,
} from '../../pipeline/types.js';
import type { ChunkType } from '../../stream/chunk-types.js';
import { flagSensitive } from '../../tracing/sensitive.js';
import { listOrMessages, withHookDefaults } from '../direct-call/index.js';
import { SYSTEM_PROMPT_SCRUBBER_OPTIONS } from '../guardrail-option-names.js';
import {
  type GuardrailFailure,
  type GuardrailFailureKind,
  runWithFailPolicy,
} from '../guardrails/fail-policy.js';
import { askJudge, type GuardrailStructuredOutputOptions } from '../guardrails/judge.js';
import { joinedMessageText, redactJoinedText } from '../guardrails/message-spans.js';
import { reportViolation } from '../guardrails/messages.js';
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
import { type CompiledRule, findSpans } from '../regex-filter/matcher.js';
import {
  DEFAULT_INSTRUCTIONS,
  locate,
  parseResult,
  RESULT_SCHEMA,
  type SystemPromptDetection,
  type SystemPromptScrubberResult,
} from './helper-answer.js';
import { checkBoolean, compilePatterns } from './option-checks.js';
import {
  findLeaks,
  indexSystemPrompt,
  LEAK_SHINGLE_TOKENS,
  type SystemPromptIndex,
  systemText,
} from './overlap.js';

export type { SystemPromptDetection, SystemPromptScrubberResult } from './helper-answer.js';
export { LEAK_SHINGLE_TOKENS } from './overlap.js';

const ID = 'system-prompt-scrubber';
const invalid = invalidOptionFor(ID, '"');

/** What the scrubber does with a leak. */
export type SystemPromptScrubberStrategy = 'block' | 'warn' | 'filter' | 'redact';
/** How `redact` replaces a leak. */
export type SystemPromptRedactionMethod = 'mask' | 'placeholder' | 'remove';

/** Options of {@link SystemPromptScrubber}. */
export interface SystemPromptScrubberOptions {
  /** Helper model (`'llm'` / `'hybrid'` mode). Without one the scrubber runs offline. */
  model?: ModelConfig;
  /** Default `'llm'` with a model, `'offline'` without. */
  mode?: GuardrailMode;
  /** Default `'redact'`. */
  strategy?: SystemPromptScrubberStrategy;
  /** Extra patterns to treat as leaks: regex sources (compiled with flags `gi`) or RegExps. Default `[]`. */
  customPatterns?: Array<string | RegExp>;
  /** Default `'mask'` (each non-space character becomes `*`). */
  redactionMethod?: SystemPromptRedactionMethod;
  /** Text of `redactionMethod: 'placeholder'`. Default `'[SYSTEM_PROMPT]'`. */
  placeholderText?: string;
  /** Put detections (with their values) in tripwire metadata and violations. Default `false`. */
  includeDetections?: boolean;
  /** Replaces the generated leak-detection prompt (the JSON answer shape is still asked for). */
  instructions?: string;
  structuredOutputOptions?: GuardrailStructuredOutputOptions;
  providerOptions?: ProviderOptions;
  /** `processOutputResult`: check only the last assistant message. Default `false`. */
  lastMessageOnly?: boolean;
  /** When a model check fails or times out. Default `'warn'` (fail open, as in Mastra). */
  errorStrategy?: 'warn' | 'strict';
  /** Budget of one helper-model check in milliseconds. Default: none. */
  timeoutMs?: number;
  /** Stream hold-back window. Default here: `windowChars: 200`, `overlapChars: 100`. */
  stream?: GuardrailStreamOptions;
  /** Told about warnings (`strategy: 'warn'`), redactions and failed checks. */
  onViolation?: (violation: ProcessorViolation) => void | Promise<void>;
}

/** Tripwire metadata of `strategy: 'block'`. */
export interface SystemPromptScrubberTripwireMetadata {
  processorId: 'system-prompt-scrubber';
  phase: 'output-stream' | 'output-result';
  /** Types detected. */
  types: string[];
  count: number;
  reason: string | null;
  /** With `includeDetections`. */
  detections?: SystemPromptDetection[];
}

/** `detail` of warn / redact violations. */
export interface SystemPromptScrubberViolationDetail
  extends Omit<SystemPromptScrubberTripwireMetadata, 'processorId'> {
  strategy: SystemPromptScrubberStrategy;
}

interface JudgeContext {
  abort: StreamWindowArgs['abort'];
  abortSignal: AbortSignal | undefined;
  tracingContext?: TracingContext;
  usageRecorder?: RunUsageContext;
}

interface Verdict {
  detections: SystemPromptDetection[];
  reason: string | null;
}

const INDEX = 'system-prompt-scrubber.index';
const SYSTEM = 'system-prompt-scrubber.system';

/**
 * Detects the agent's own system prompt leaking into its output (id `system-prompt-scrubber`,
 * hooks `processOutputStream` and `processOutputResult`).
 *
 * Offline (no model): runs of {@link LEAK_SHINGLE_TOKENS} or more consecutive words (Han/kana:
 * characters) shared with the system messages the hook sees (`messageList`), after case and
 * Unicode folding, plus `customPatterns`. Paraphrases are not caught offline. `'llm'` mode asks
 * the helper model, giving it the system prompt and the text, for
 * {@link SystemPromptScrubberResult}; `'hybrid'` uses the overlap and asks the model only where
 * short phrases overlap without a full run (a possible paraphrase).
 *
 * Strategies: `redact` (default) replaces each leak (`mask` / `placeholder` / `remove`); `block`
 * ends the run with a tripwire; `filter` drops the window (stream) or message (result); `warn`
 * lets it through and reports to `onViolation` (or `console.warn`). Streamed text goes through
 * a stream window (default 200 / 100 characters): a leak split across chunks or text blocks is
 * handled whole and nothing unchecked reaches the client; reasoning and tool-call input are
 * checked too. The result hook checks what the stream could not see whole (text split around a
 * tool call or across steps).
 * Failed or timed-out model checks follow `errorStrategy` (default `'warn'`).
 */
export class SystemPromptScrubber implements Processor<'system-prompt-scrubber'> {
  readonly id = ID;
  readonly name = 'System Prompt Scrubber';
  readonly description = "Detects and handles the agent's system prompt leaking into its output.";
  onViolation?: (violation: ProcessorViolation) => void | Promise<void>;

  /** The mode this instance runs in. */
  readonly mode: GuardrailMode;
  readonly #model: ModelConfig | undefined;
  readonly #strategy: SystemPromptScrubberStrategy;
  readonly #patterns: RegExp[];
  /** `customPatterns` as matcher rules (one name: every match is a `custom-pattern` leak). */
  readonly #rules: CompiledRule[];
  readonly #method: SystemPromptRedactionMethod;
  readonly #placeholder: string;
  readonly #includeDetections: boolean;
  readonly #instructions: string | undefined;
  readonly #structured: GuardrailStructuredOutputOptions | undefined;
  readonly #providerOptions: ProviderOptions | undefined;
  readonly #lastMessageOnly: boolean;
  readonly #errorStrategy: 'warn' | 'strict';
  readonly #timeoutMs: number | undefined;
  readonly #window: StreamTextWindow;
  readonly #cache: VerdictCache<Verdict>;
  /** Shingle indexes per distinct system prompt (the prompt rarely changes between runs). */
  readonly #indexes = new Map<string, SystemPromptIndex>();
  readonly #warned = new Set<GuardrailFailureKind>();

  constructor(options: SystemPromptScrubberOptions = {}) {
    checkOptionNames(ID, options, SYSTEM_PROMPT_SCRUBBER_OPTIONS);
    if (typeof options !== 'object' || options === null) {
      throw invalid('options', `expects an options object (got ${describeOptionValue(options)}).`);
    }
    this.mode = resolveGuardrailMode(ID, options);
    this.#model = options.model;
    this.#strategy =
      oneOf(ID, 'strategy', options.strategy, ['block', 'warn', 'filter', 'redact'], 'option "strategy"') ??
      'redact';
    this.#method =
      oneOf(
        ID,
        'redactionMethod',
        options.redactionMethod,
        ['mask', 'placeholder', 'remove'],
        'option "redactionMethod"',
      ) ?? 'mask';
    this.#patterns = compilePatterns(options.customPatterns);
    this.#rules = this.#patterns.map((pattern) => ({ name: 'custom-pattern', pattern, replacement: '' }));
    if (options.placeholderText !== undefined && typeof options.placeholderText !== 'string') {
      throw invalid(
        'placeholderText',
        `must be a string (got ${describeOptionValue(options.placeholderText)}).`,
      );
    }
    this.#placeholder = options.placeholderText ?? '[SYSTEM_PROMPT]';
    this.#includeDetections = checkBoolean('includeDetections', options.includeDetections);
    this.#lastMessageOnly = checkBoolean('lastMessageOnly', options.lastMessageOnly);
    if (options.instructions !== undefined && typeof options.instructions !== 'string') {
      throw invalid('instructions', `must be a string (got ${describeOptionValue(options.instructions)}).`);
    }
    this.#instructions = options.instructions;
    this.#structured = options.structuredOutputOptions;
    this.#providerOptions = options.providerOptions;
    this.#errorStrategy = checkErrorStrategy(ID, options.errorStrategy, 'warn');
    this.#timeoutMs = checkTimeoutMs(ID, options.timeoutMs);
    if (options.onViolation !== undefined) this.onViolation = options.onViolation;
    this.#cache = new VerdictCache({
      fingerprint: configFingerprint({
        mode: this.mode,
        patterns: this.#patterns,
        instructions: this.#instructions ?? null,
        model: options.model ?? null,
      }),
    });
    this.#window = createStreamWindow({
      processorId: ID,
      windowChars: options.stream?.windowChars ?? 200,
      overlapChars:
        options.stream?.overlapChars ?? (options.stream?.windowChars === undefined ? 100 : undefined),
      check: (text, info) => this.#checkWindow(text, info),
    });
  }

  /** Streamed text goes through the stream window (checked per window, never per chunk). */
  processOutputStream(input: ProcessOutputStreamArgs): Promise<ChunkType | ChunkType[] | null> {
    const args = withHookDefaults(this, input);
    const type = args.part.type;
    // Answer text, reasoning and tool-call input are all checked against the system prompt.
    if (
      type === 'text-delta' ||
      type === 'reasoning-delta' ||
      type === 'tool-call' ||
      type === 'tool-call-delta'
    ) {
      if (args.state[INDEX] === undefined) {
        const system = systemText(args.messageList);
        args.state[SYSTEM] = system;
        args.state[INDEX] = this.#indexFor(system);
      }
    }
    return this.#window.process(args);
  }

  /**
   * Checks the response messages, except one whose text the stream window released as one checked
   * text (a leak split around a tool call or across steps is only seen whole here).
   */
  async processOutputResult(args: ProcessOutputResultArgs): Promise<MessageList | MastraDBMessage[]> {
    const { messages, messageList, state, abort, abortSignal, tracingContext, usageRecorder } =
      withHookDefaults(this, args);
    const system = systemText(messageList);
    const index = this.#indexFor(system);
    let assistant = messages.filter((m) => m.role === 'assistant');
    if (this.#lastMessageOnly) assistant = assistant.slice(-1);
    // A response the stream window released as one checked text was checked there.
    const released = this.#window.releasedText(state);
    const filtered: string[] = [];
    for (const message of assistant) {
      // The parts as the client shows them, one text: a leak split across parts is seen whole.
      const joined = joinedMessageText(message);
      const text = joined.text;
      if (text === '' || (released?.whole === true && released.text === text)) continue;
      const verdict = await this.#scan(text, index, system, {
        abort,
        abortSignal,
        tracingContext,
        usageRecorder,
      });
      if (verdict === undefined || verdict.detections.length === 0) continue;
      switch (this.#strategy) {
        case 'block':
          return abort(blockReason(verdict), { metadata: this.#metadata(verdict, 'output-result') });
        case 'filter':
          filtered.push(message.id);
          break;
        case 'warn':
          await this.#report(verdict, 'output-result');
          break;
        default: {
          redactJoinedText(
            message,
            joined,
            verdict.detections.map((d) => ({
              start: d.start,
              end: d.end,
              replacement: this.#replacement(text.slice(d.start, d.end)),
            })),
          );
          await this.#report(verdict, 'output-result');
        }
      }
    }
    return listOrMessages(messageList, messages, filtered);
  }

  async #checkWindow(text: string, info: StreamWindowCheckInfo): Promise<StreamWindowVerdict | null> {
    const index = (info.state[INDEX] as SystemPromptIndex | undefined) ?? indexSystemPrompt([]);
    const system = (info.state[SYSTEM] as string | undefined) ?? '';
    const verdict = await this.#scan(text, index, system, {
      abort: info.abort,
      abortSignal: info.abortSignal,
      tracingContext: info.tracingContext,
      usageRecorder: info.usageRecorder,
    });
    if (verdict === undefined || verdict.detections.length === 0) return null;
    // Report only what this window decides, not detections in the left context (decided before).
    const fresh = verdict.detections.filter((d) => d.end > info.contextLength);
    switch (this.#strategy) {
      case 'block':
        return {
          action: 'block',
          reason: blockReason(verdict),
          metadata: this.#metadata(verdict, 'output-stream'),
        };
      case 'filter':
        return { action: 'drop' };
      case 'warn':
        if (fresh.length > 0) await this.#report({ ...verdict, detections: fresh }, 'output-stream');
        return null;
      default: {
        if (fresh.length > 0) await this.#report({ ...verdict, detections: fresh }, 'output-stream');
        return {
          action: 'redact',
          spans: verdict.detections.map((d) => ({
            start: d.start,
            end: d.end,
            replacement: this.#replacement(d.value),
          })),
        };
      }
    }
  }

  #indexFor(text: string): SystemPromptIndex {
    let index = this.#indexes.get(text);
    if (index === undefined) {
      index = indexSystemPrompt([text]);
      this.#indexes.set(text, index);
      // Bounded: a handful of distinct prompts per processor is normal.
      if (this.#indexes.size > 32) this.#indexes.delete(this.#indexes.keys().next().value as string);
    }
    return index;
  }

  /** The verdict for `text`: cached, offline overlap, or from the helper model. */
  async #scan(
    text: string,
    index: SystemPromptIndex,
    system: string,
    ctx: JudgeContext,
  ): Promise<Verdict | undefined> {
    const verdict = await this.#scanText(text, index, system, ctx);
    // A recorded run masks the leaked text wherever it appears in the record (`[SYSTEM-PROMPT]`).
    if (verdict !== undefined && verdict.detections.length > 0)
      flagSensitive(ctx.tracingContext, verdict.detections);
    return verdict;
  }

  async #scanText(
    text: string,
    index: SystemPromptIndex,
    system: string,
    ctx: JudgeContext,
  ): Promise<Verdict | undefined> {
    if (this.mode === 'offline') return this.#offline(text, index);
    const key = `${system.length}:${system}\u0000${text}`;
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    let verdict: Verdict | undefined;
    if (this.mode === 'hybrid') {
      const offline = this.#offline(text, index);
      const { hintMatches } = findLeaks(text, index);
      if (offline.detections.length > 0 || hintMatches < 2) verdict = offline;
    }
    verdict ??= await this.#ask(text, system, ctx);
    if (verdict !== undefined) this.#cache.set(key, verdict);
    return verdict;
  }

  #offline(text: string, index: SystemPromptIndex): Verdict {
    const detections: SystemPromptDetection[] = [];
    for (const leak of findLeaks(text, index).spans) {
      detections.push({
        type: 'system-prompt',
        value: text.slice(leak.start, leak.end),
        confidence: Math.min(
          1,
          0.7 + (0.3 * (leak.tokens - LEAK_SHINGLE_TOKENS)) / (2 * LEAK_SHINGLE_TOKENS),
        ),
        start: leak.start,
        end: leak.end,
      });
    }
    // Custom patterns match the written text and its normalised view, as RegexFilterProcessor's
    // rules do (invisible characters, full-width forms, look-alikes in mixed tokens).
    for (const span of findSpans(text, 0, this.#rules)) {
      detections.push({
        type: 'custom-pattern',
        value: text.slice(span.start, span.end),
        confidence: 1,
        start: span.start,
        end: span.end,
      });
    }
    detections.sort((a, b) => a.start - b.start);
    return { detections, reason: detections.length > 0 ? 'The output repeats system-prompt text.' : null };
  }

  async #ask(text: string, system: string, ctx: JudgeContext): Promise<Verdict | undefined> {
    const instructions = this.#instructions ?? DEFAULT_INSTRUCTIONS;
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
      async (signal) =>
        parseResult(
          await askJudge({
            processorId: ID,
            model: this.#model as ModelConfig,
            instructions,
            prompt: `<system_prompt>\n${system}\n</system_prompt>\n\n<output>\n${text}\n</output>`,
            schema: RESULT_SCHEMA,
            providerOptions: this.#providerOptions,
            structuredOutputOptions: this.#structured,
            abortSignal: signal,
            tracingContext: ctx.tracingContext,
            usageRecorder: ctx.usageRecorder,
          }),
        ),
    );
    if (!outcome.ok) return undefined;
    const detections = locate(text, outcome.value.detections ?? []);
    // Custom patterns apply in every mode.
    const custom = this.#offline(text, indexSystemPrompt([])).detections;
    return {
      detections: [...detections, ...custom].sort((a, b) => a.start - b.start),
      reason: outcome.value.reason,
    };
  }

  #replacement(value: string): string {
    if (this.#method === 'remove') return '';
    if (this.#method === 'placeholder') return this.#placeholder;
    return value.replace(/\S/gu, '*');
  }

  #metadata(
    verdict: Verdict,
    phase: SystemPromptScrubberTripwireMetadata['phase'],
  ): SystemPromptScrubberTripwireMetadata {
    const metadata: SystemPromptScrubberTripwireMetadata = {
      processorId: ID,
      phase,
      types: [...new Set(verdict.detections.map((d) => d.type))],
      count: verdict.detections.length,
      reason: verdict.reason,
    };
    if (this.#includeDetections) {
      metadata.detections = verdict.detections.map((d) => ({
        ...d,
        redacted_value: this.#replacement(d.value),
      }));
    }
    return metadata;
  }

  async #report(verdict: Verdict, phase: SystemPromptScrubberTripwireMetadata['phase']): Promise<void> {
    const { processorId: _, ...rest } = this.#metadata(verdict, phase);
    const detail: SystemPromptScrubberViolationDetail = { ...rest, strategy: this.#strategy };
    const message =
      this.#strategy === 'warn'
        ? `System-prompt leak detected (${detail.count}); let through (strategy 'warn').`
        : `System-prompt leak redacted (${detail.count}).`;
    if (this.onViolation !== undefined) await reportViolation(this, message, detail);
    else if (this.#strategy === 'warn') console.warn(`[sluice] ${ID}: ${message}`);
  }

  async #onFailure(failure: GuardrailFailure): Promise<void> {
    await reportViolation(
      this,
      `System-prompt check ${failure.kind === 'timeout' ? 'timed out' : 'failed'}: ${failure.message}`,
      {
        failure: failure.kind,
        errorStrategy: failure.errorStrategy,
        message: failure.message,
      },
    );
  }
}

function blockReason(verdict: Verdict): string {
  return `Blocked: the response leaks the system prompt (${verdict.detections.length} detection${verdict.detections.length === 1 ? '' : 's'}).`;
}
