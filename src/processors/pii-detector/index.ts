/**
 * `PIIDetector` (api-reference 6.11) and the offline detector `detectPII()` it is built on.
 */

import type { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type {
  ProcessInputArgs,
  ProcessOutputResultArgs,
  ProcessOutputStreamArgs,
  Processor,
  ProcessorViolation,
  ProcessToolResultArgs,
} from '../../pipeline/types.js';
import type { ChunkType } from '../../stream/chunk-types.js';
import { listOrMessages, rememberedTest, replaceToolResult, withHookDefaults } from '../direct-call/index.js';
import { PII_DETECTOR_OPTIONS } from '../guardrail-option-names.js';
import {
  createStreamWindow,
  type GuardrailFailureTripwireMetadata,
  reportViolation,
  type StreamTextWindow,
  type StreamWindowCheck,
  type StreamWindowCheckInfo,
  type StreamWindowVerdict,
  toolResultOverflowReason,
  walkToolResult,
} from '../guardrails/index.js';
import { joinedMessageText, redactJoinedText } from '../guardrails/message-spans.js';
import { checkOptionNames, invalidProcessorOption } from '../option-errors.js';
import { type CheckContext, PIIChecker, type PIIVerdict } from './checker.js';
import {
  PII_DETECTOR_ID,
  type PIIDetectionEvent,
  type PIIDetectorOptions,
  type PIIResultDetection,
  type PIIStrategy,
  type ResolvedPIIOptions,
  resolveOptions,
} from './options.js';
import { applyRedactions, redactValue } from './redact.js';
import {
  blockMetadata,
  blockReason,
  notifyViolation,
  type PIIHook,
  type PIITripwireMetadata,
  type PIIViolationDetail,
  type PIIWhere,
  reportFailure,
  typesOf,
} from './report.js';

/** Integers with at least seven digits are checked as text (a phone or card number as a number). */
function longInteger(v: number | boolean | bigint): string | undefined {
  if (typeof v === 'bigint') return v >= 1_000_000n || v <= -1_000_000n ? String(v) : undefined;
  return typeof v === 'number' && Number.isSafeInteger(v) && Math.abs(v) >= 1_000_000 ? String(v) : undefined;
}

export { DEFAULT_DETECT_TYPES, PII_TYPES } from './detect/index.js';
export type { DetectPIIOptions, PIIDetection, PIIType } from './detect/types.js';
export { detectPII } from './detect-on-view.js';
export {
  DEFAULT_DETECTION_TYPES,
  type PIICategoryScore,
  type PIIDetectionEvent,
  type PIIDetectionResult,
  type PIIDetectorOptions,
  type PIIResultDetection,
  type PIIStrategy,
} from './options.js';
export { type PIIRedactionMethod, placeholderFor } from './redact.js';
export type { PIIHook, PIIReportedDetection, PIITripwireMetadata, PIIViolationDetail } from './report.js';

/** Tripwire metadata `PIIDetector` can raise: a block, or a strict check failure. */
export type PIIDetectorTripwireMetadata = PIITripwireMetadata | GuardrailFailureTripwireMetadata;

/** What replaces a tool result under `strategy: 'filter'`. */
export const PII_FILTERED_TOOL_RESULT = '[tool result withheld by pii-detector: it contained personal data]';

type Abort = ProcessInputArgs<PIIDetectorTripwireMetadata>['abort'];

/** What the processor keeps in a run's `state`. */
interface PIIState {
  /** Stream detections already reported, by `textId:start`, so the overlap re-check reports once. */
  piiReported?: Set<string>;
}

/**
 * Finds personal data — e-mails, phone numbers, cards, IBANs, SSNs, API keys, IPs, URLs and the
 * credentials in them, wallets, passports, dates of birth, addresses, names — in the input, the
 * streamed response, the final response and (with `checkToolResults`) tool results, and
 * redacts, blocks, drops or reports it.
 *
 * Modes: without a `model` it runs offline (`detectPII`: validated patterns, no network); with a
 * `model` and no `mode` it asks the model for every new text, as in Mastra; `mode: 'hybrid'`
 * keeps the offline verdict for the types it validates and asks the model only about names,
 * addresses, dates of birth and offline candidates scored just below the threshold.
 *
 * Strategies (default `redact`): `block` → tripwire with {@link PIITripwireMetadata};
 * `warn` → content unchanged, `onViolation`; `filter` → the message is dropped (stream: the
 * held text is dropped; tool result: replaced by a notice); `redact` → each value replaced by
 * `redactionMethod` (`mask` default, `hash`, `remove`, `placeholder`).
 *
 * Only new content is checked: verdicts are cached by content hash for the processor's
 * lifetime, and remembered history (`memory`) is not checked again. Streaming holds text back
 * and releases it only after the window holding it was checked, so a value split across chunks
 * or text blocks is redacted whole and nothing unchecked reaches the client; reasoning is
 * checked the same way, and a tool call's input is held until the call is complete, then goes
 * out redacted inside its strings (the tool runs with those arguments) or blocks. The model
 * (when used) is asked once per window of `bufferSize` characters, never per chunk.
 *
 * Fail policy: a helper-model check that fails or exceeds `timeoutMs` follows `errorStrategy`
 * (default `'warn'`: the text goes through and a warning is reported; `'strict'` aborts).
 */
export class PIIDetector implements Processor<'pii-detector', PIIDetectorTripwireMetadata> {
  /** `'pii-detector'`. */
  readonly id = PII_DETECTOR_ID;
  /** `'PII Detector'`. */
  readonly name = 'PII Detector';
  /** One line for logs and traces. */
  readonly description = 'Detects and redacts, blocks or reports personal data (PII).';
  /** Called on every block (by the runner), redaction, filter, warning and failed check; errors are swallowed. */
  onViolation?: (violation: ProcessorViolation) => void | Promise<void>;

  readonly #o: ResolvedPIIOptions;
  readonly #checker: PIIChecker;
  readonly #onDetection: PIIDetectorOptions['onDetection'];
  readonly #window: StreamTextWindow;

  /**
   * @throws ConfigurationError `PROCESSOR_INVALID_OPTIONS` naming the option: an unknown
   *   strategy, redaction method or mode, `mode: 'llm' | 'hybrid'` without a `model`, a type the
   *   offline detector does not know, a threshold outside 0–1, a bad `timeoutMs`, `bufferSize`
   *   or `errorStrategy`.
   */
  constructor(options: PIIDetectorOptions = {}) {
    checkOptionNames('PIIDetector', options, PII_DETECTOR_OPTIONS);
    this.#o = resolveOptions(options);
    this.#checker = new PIIChecker(this.#o);
    // One window serves every run (its bookkeeping lives in each run's state); made here so a
    // bad window size fails at construction, not at the first chunk.
    try {
      this.#window = this.#newWindow((text, info) => this.#checkWindow(text, info));
    } catch (error) {
      throw invalidProcessorOption(
        'PIIDetector',
        'stream',
        error instanceof Error ? error.message : String(error),
      );
    }
    this.#onDetection = options.onDetection;
  }

  /** Check this call's user and assistant messages (not remembered history). */
  async processInput(
    input: ProcessInputArgs<PIIDetectorTripwireMetadata>,
  ): Promise<MessageList | MastraDBMessage[]> {
    const args = withHookDefaults(this, input);
    const { messages, messageList } = args;
    const remembered = rememberedTest(messageList);
    let targets = messages.filter((m) => (m.role === 'user' || m.role === 'assistant') && !remembered(m));
    if (this.#o.lastMessageOnly) targets = targets.slice(-1);
    const { dropped, removedIds } = await this.#checkMessages(targets, 'processInput', args);
    const out = listOrMessages(messageList, messages, removedIds);
    const left = Array.isArray(out) ? out : out.get.all.db();
    if (dropped.length > 0 && !left.some((m) => m.role === 'user' || m.role === 'assistant')) {
      // Filtering every message would leave the model nothing to answer: say why, instead of
      // letting the run fail later with an empty prompt.
      args.abort(
        `Blocked: every input message contained personal data (${typesOf(dropped).join(', ')}), and strategy 'filter' removed them all; nothing is left to send. Use 'redact' to keep the messages without the data.`,
        { metadata: { ...this.#blockMetadata(dropped, 'processInput', {}), strategy: 'filter' } },
      );
    }
    return out;
  }

  /**
   * Check the response messages, except one whose text the stream window released as one checked
   * text (a value split around a tool call or across steps is only seen whole here).
   */
  async processOutputResult(
    input: ProcessOutputResultArgs<PIIDetectorTripwireMetadata>,
  ): Promise<MessageList | MastraDBMessage[]> {
    const args = withHookDefaults(this, input);
    const { messages, messageList, state } = args;
    let targets = messages.filter((m) => m.role === 'assistant');
    if (this.#o.lastMessageOnly) targets = targets.slice(-1);
    const released = this.#window.releasedText(state);
    if (released?.whole === true)
      targets = targets.filter((m) => joinedMessageText(m).text !== released.text);
    if (targets.length === 0) return listOrMessages(messageList, messages);
    const { removedIds } = await this.#checkMessages(targets, 'processOutputResult', args);
    return listOrMessages(messageList, messages, removedIds);
  }

  /**
   * Check streamed text through the stream hold-back window (see the class comment and
   * `createStreamWindow`).
   */
  async processOutputStream(
    input: ProcessOutputStreamArgs<PIIDetectorTripwireMetadata>,
  ): Promise<ChunkType | ChunkType[] | null> {
    const args = withHookDefaults(this, input);
    return this.#window.process({
      part: args.part,
      state: args.state,
      abort: args.abort as never,
      ...(args.abortSignal !== undefined ? { abortSignal: args.abortSignal } : {}),
      ...(args.tracingContext !== undefined ? { tracingContext: args.tracingContext } : {}),
      ...(args.usageRecorder !== undefined ? { usageRecorder: args.usageRecorder } : {}),
    });
  }

  /**
   * With `checkToolResults`: check every string of a tool's result — values, property names and
   * long integers — before the model sees it (see `walkToolResult`). `redact` rewrites them in
   * a copy (a property whose name holds personal data is renamed, its value kept); a result
   * past `toolResultLimits` is blocked (reported under `warn`).
   */
  async processToolResult(
    input: ProcessToolResultArgs<PIIDetectorTripwireMetadata>,
  ): Promise<MastraDBMessage[] | undefined> {
    const args = withHookDefaults(this, input);
    const { result, toolCallId, toolName, messageList } = args;
    // Called without a list, the hook answers with the messages (the documented result).
    const unchanged = messageList === undefined ? (args.messages ?? []) : undefined;
    if (!this.#o.checkToolResults) return unchanged;
    const strategy = this.#o.strategy;
    const walk = walkToolResult(result, { limits: this.#o.toolResultLimits, scalar: longInteger });
    if (walk.overflow !== undefined) {
      const reason = toolResultOverflowReason(PII_DETECTOR_ID, toolName, walk.overflow);
      if (strategy !== 'warn') {
        args.abort(reason, {
          metadata: {
            processorId: PII_DETECTOR_ID,
            strategy: 'block',
            hook: 'processToolResult',
            types: [],
            detections: [],
            toolCallId,
            overflow: walk.overflow,
          },
        });
      }
      await reportViolation(this, `pii-detector: ${reason}`, {
        processorId: PII_DETECTOR_ID,
        strategy: 'warn',
        hook: 'processToolResult',
        types: [],
        detections: [],
        toolCallId,
        overflow: walk.overflow,
      } satisfies PIIViolationDetail);
      return unchanged;
    }
    const texts = walk.texts;
    if (texts.length === 0) return unchanged;
    const ctx = this.#context(args, 'processToolResult');
    const verdicts: Array<PIIVerdict | undefined> = [];
    for (const t of texts) verdicts.push(await this.#checker.check(t.text, ctx));
    const flagged = verdicts.flatMap((v) => v?.detections ?? []);
    for (let i = 0; i < texts.length; i++) {
      const v = verdicts[i];
      if (v !== undefined)
        await this.#emitDetection((texts[i] as { text: string }).text, v, 'processToolResult');
    }
    if (flagged.length === 0) return unchanged;
    if (strategy === 'block') this.#block(flagged, 'processToolResult', args.abort, { toolCallId });
    let replacement: unknown = result;
    if (strategy === 'filter') replacement = PII_FILTERED_TOOL_RESULT;
    else if (strategy === 'redact') {
      replacement = walk.rebuild((text, i) => {
        const found = verdicts[i]?.detections ?? [];
        return found.length === 0 ? text : this.#redact(text, found).text;
      });
    }
    await this.#violation(strategy, flagged, 'processToolResult', { toolCallId });
    if (replacement === result) return unchanged;
    return replaceToolResult(messageList, args.messages, {
      toolCallId,
      toolName,
      args: args.args,
      result: replacement,
    });
  }

  // ---------------------------------------------------------------------------------------------

  /** A stream window: `bufferSize` characters when a model is asked, else `stream` or the defaults. */
  #newWindow(check: StreamWindowCheck): StreamTextWindow {
    const windowChars =
      this.#o.stream?.windowChars ?? (this.#checker.usesModel ? this.#o.bufferSize : undefined);
    const overlapChars = this.#o.stream?.overlapChars;
    return createStreamWindow({
      processorId: PII_DETECTOR_ID,
      stateKey: 'pii-detector.window',
      ...(windowChars !== undefined ? { windowChars } : {}),
      ...(overlapChars !== undefined ? { overlapChars } : {}),
      check,
    });
  }

  #context(
    args: {
      abort: Abort;
      abortSignal?: AbortSignal;
      tracingContext?: CheckContext['tracingContext'];
      usageRecorder?: CheckContext['usageRecorder'];
    },
    hook: PIIHook,
  ): CheckContext {
    return {
      abort: args.abort as CheckContext['abort'],
      ...(args.abortSignal !== undefined ? { abortSignal: args.abortSignal } : {}),
      ...(args.tracingContext !== undefined ? { tracingContext: args.tracingContext } : {}),
      ...(args.usageRecorder !== undefined ? { usageRecorder: args.usageRecorder } : {}),
      onFailure: (failure) => reportFailure(this.onViolation, failure, hook),
    };
  }

  /** Applies the strategy to `messages`; returns the detections of the messages `filter` dropped. */
  async #checkMessages(
    messages: readonly MastraDBMessage[],
    hook: PIIHook,
    args: {
      abort: Abort;
      abortSignal?: AbortSignal;
      tracingContext?: CheckContext['tracingContext'];
      usageRecorder?: CheckContext['usageRecorder'];
    },
  ): Promise<{ dropped: PIIResultDetection[]; removedIds: string[] }> {
    const ctx = this.#context(args, hook);
    const strategy = this.#o.strategy;
    const blocked: PIIResultDetection[] = [];
    let blockedMessage: string | undefined;
    const dropped: string[] = [];
    const droppedDetections: PIIResultDetection[] = [];
    for (const message of messages) {
      // The parts as the client shows them, one text: a value split across parts is seen whole.
      const joined = joinedMessageText(message);
      const found: PIIResultDetection[] = [];
      if (joined.text !== '') {
        const verdict = await this.#checker.check(joined.text, ctx);
        if (verdict !== undefined) {
          await this.#emitDetection(joined.text, verdict, hook);
          found.push(...verdict.detections);
          if (strategy === 'redact' && verdict.detections.length > 0)
            redactJoinedText(message, joined, this.#redact(joined.text, verdict.detections).spans);
        }
      }
      if (found.length === 0) continue;
      if (strategy === 'block') {
        blocked.push(...found);
        blockedMessage ??= message.id;
        continue;
      }
      if (strategy === 'filter') {
        dropped.push(message.id);
        droppedDetections.push(...found);
      }
      await this.#violation(strategy, found, hook, { messageId: message.id });
    }
    if (blocked.length > 0) {
      this.#block(
        blocked,
        hook,
        args.abort,
        blockedMessage !== undefined ? { messageId: blockedMessage } : {},
      );
    }
    return { dropped: droppedDetections, removedIds: dropped };
  }

  /** The stream window's check: one detector (or model) run per window, never per chunk. */
  async #checkWindow(text: string, info: StreamWindowCheckInfo): Promise<StreamWindowVerdict> {
    const state = info.state as PIIState;
    const ctx = this.#context(
      {
        abort: info.abort as Abort,
        ...(info.abortSignal !== undefined ? { abortSignal: info.abortSignal } : {}),
        ...(info.tracingContext !== undefined ? { tracingContext: info.tracingContext } : {}),
        ...(info.usageRecorder !== undefined ? { usageRecorder: info.usageRecorder } : {}),
      },
      'processOutputStream',
    );
    // Windows never recur verbatim: caching them would only evict message verdicts.
    const verdict = await this.#checker.check(text, ctx, false);
    if (verdict === undefined) return { action: 'release' };
    // Detections wholly in the left context were decided by the window before.
    const fresh = verdict.detections.filter((d) => d.end > info.contextLength);
    if (state.piiReported === undefined) state.piiReported = new Set();
    const reportedKeys = state.piiReported;
    const unseen = fresh.filter((d) => !reportedKeys.has(`${info.textId}:${info.offset + d.start}`));
    await this.#emitDetection(
      text,
      { detections: fresh, categories: verdict.categories },
      'processOutputStream',
    );
    if (fresh.length === 0) return { action: 'release' };
    const strategy = this.#o.strategy;
    if (strategy === 'block') {
      return {
        action: 'block',
        reason: blockReason(fresh, 'processOutputStream'),
        metadata: this.#blockMetadata(fresh, 'processOutputStream', {}, info.offset),
      };
    }
    if (strategy === 'filter') {
      await this.#violation('filter', fresh, 'processOutputStream', { textId: info.textId }, info.offset);
      return { action: 'drop' };
    }
    // warn and redact: report each detection once, although the overlap re-checks its text.
    for (const d of unseen) reportedKeys.add(`${info.textId}:${info.offset + d.start}`);
    if (strategy === 'warn') {
      if (unseen.length > 0)
        await this.#violation('warn', unseen, 'processOutputStream', { textId: info.textId }, info.offset);
      return { action: 'release' };
    }
    const { spans } = this.#redact(text, fresh);
    if (unseen.length > 0)
      await this.#violation('redact', unseen, 'processOutputStream', { textId: info.textId }, info.offset);
    return { action: 'redact', spans };
  }

  #redact(
    text: string,
    detections: readonly PIIResultDetection[],
  ): { text: string; spans: Array<{ start: number; end: number; replacement: string }> } {
    const spans = detections.map((d) => ({
      start: d.start,
      end: d.end,
      replacement: redactValue(
        d.type,
        text.slice(d.start, d.end),
        this.#o.redactionMethod,
        this.#o.preserveFormat,
      ),
    }));
    return { text: applyRedactions(text, spans), spans };
  }

  #block(detections: readonly PIIResultDetection[], hook: PIIHook, abort: Abort, where: PIIWhere): never {
    return abort(blockReason(detections, hook), {
      metadata: this.#blockMetadata(detections, hook, where),
    });
  }

  #blockMetadata(
    detections: readonly PIIResultDetection[],
    hook: PIIHook,
    where: PIIWhere,
    offset = 0,
  ): PIITripwireMetadata {
    return blockMetadata(detections, hook, where, this.#o.includeDetections, offset);
  }

  #violation(
    strategy: Exclude<PIIStrategy, 'block'>,
    detections: readonly PIIResultDetection[],
    hook: PIIHook,
    where: PIIWhere,
    offset = 0,
  ): Promise<void> {
    return notifyViolation(this.onViolation, this.#o, { strategy, detections, hook, where, offset });
  }

  async #emitDetection(input: string, verdict: PIIVerdict, hook: PIIHook): Promise<void> {
    const callback = this.#onDetection;
    if (callback === undefined) return;
    const flagged = verdict.detections.length > 0;
    const event: PIIDetectionEvent = {
      detectionResult: {
        categories: verdict.categories.length > 0 ? verdict.categories : null,
        detections: flagged ? verdict.detections.map((d) => ({ ...d })) : null,
        redacted_content:
          flagged && this.#o.strategy === 'redact' ? this.#redact(input, verdict.detections).text : null,
      },
      input,
      flagged,
      strategyApplied: flagged ? this.#o.strategy : 'none',
      hook,
    };
    try {
      await callback(event);
    } catch (error) {
      console.warn(
        `[sluice] pii-detector: onDetection threw; ignored. ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
