import { syncLegacyFields } from '../../messages/legacy-fields.js';
import type { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type {
  ProcessInputArgs,
  ProcessOutputResultArgs,
  ProcessOutputStreamArgs,
  Processor,
  ProcessorViolation,
} from '../../pipeline/types.js';
import type { ChunkType } from '../../stream/chunk-types.js';
import { listOrMessages, rememberedTest, withHookDefaults } from '../direct-call/index.js';
import { REGEX_FILTER_OPTIONS } from '../guardrail-option-names.js';
import { joinedMessageText, redactJoinedText } from '../guardrails/message-spans.js';
import {
  createStreamWindow,
  type StreamTextWindow,
  type StreamWindowCheckInfo,
  type StreamWindowVerdict,
} from '../guardrails/stream-window.js';
import { checkOptionNames, oneOf, describeOptionValue as show } from '../option-errors.js';
import { applySpans, type CompiledRule, findSpans, type Span } from './matcher.js';
import { checkRulesLinear, compilePresets, compileRules, invalid } from './rules.js';
import { type Abort, type FilterState, RELEASED_BY, TextHold } from './text-hold.js';
import type {
  RegexFilterHook,
  RegexFilterLocation,
  RegexFilterMatch,
  RegexFilterPhase,
  RegexFilterProcessorOptions,
  RegexFilterRedactDetail,
  RegexFilterRedaction,
  RegexFilterStrategy,
  RegexFilterTripwireMetadata,
  RegexFilterWarnDetail,
} from './types.js';

export type { RegexFilterPreset } from './presets.js';
export type {
  RegexFilterHook,
  RegexFilterLocation,
  RegexFilterMatch,
  RegexFilterPhase,
  RegexFilterProcessorOptions,
  RegexFilterRedactDetail,
  RegexFilterRedaction,
  RegexFilterRule,
  RegexFilterStrategy,
  RegexFilterTripwireMetadata,
  RegexFilterViolationDetail,
  RegexFilterWarnDetail,
} from './types.js';

const ID = 'regex-filter';
const NAME = 'RegexFilterProcessor';
const STRATEGIES: readonly RegexFilterStrategy[] = ['block', 'redact', 'warn'];
const PHASES: readonly RegexFilterPhase[] = ['input', 'output', 'all'];

/**
 * Finds text matching regular expressions — your rules and built-in presets for personal data,
 * secrets and URLs — in the input, the streamed response and the final response, and blocks,
 * redacts or reports it. No model calls.
 *
 * - `block` (default): `abort()` with {@link RegexFilterTripwireMetadata}; the stream ends with
 *   a tripwire chunk, `generate()` resolves with `result.tripwire`.
 * - `redact`: each match becomes its rule's replacement; overlapping matches are merged and
 *   replaced once. `onViolation` receives a {@link RegexFilterRedactDetail} per redacted message
 *   part or stream chunk. Input redactions are made in the message list, so they are what the
 *   model sees and what memory stores.
 * - `warn`: content unchanged; `onViolation` receives a {@link RegexFilterWarnDetail}.
 *
 * Input: `processInput` checks the text parts of this call's user and assistant messages, not
 * remembered history (it was checked when it was input; blocking on it would block every later
 * turn). Output: `processOutputStream` checks answer text, reasoning and tool-call input;
 * `processOutputResult` checks the response messages (several text parts of one message as one
 * text). Under `warn` the result check is skipped when the stream already reported on the
 * response text.
 *
 * Streaming: with `redact` and `block`, the last `streamCarryoverSize` characters of each text
 * are held back, so a match split across chunks is seen whole — at the cost of the client
 * receiving text that much later. A block's `text-end` waits behind its held text: a block that
 * starts next continues that text, so a match split across two text ids is caught whole. Held
 * text is released on `step-finish`, `finish`, `error`, `abort` and `tripwire`; other chunks
 * (`raw`, `data-*`, tool calls) pass it, so they may reach the client before text that preceded
 * them. Reasoning and tool-call input go through the shared stream window (see
 * `createStreamWindow`): reasoning is windowed like text, and a tool call's input is held until
 * the call is complete, then goes out redacted inside its string values (the tool runs with
 * those arguments) or blocks the run before any of it went out. Work per chunk is bounded by
 * the chunk and the carry-over. `warn` passes text chunks
 * through at once and only delays its reports.
 */
export class RegexFilterProcessor implements Processor<'regex-filter', RegexFilterTripwireMetadata> {
  /** `'regex-filter'`. */
  readonly id = ID;
  /** `'Regex Filter'`. */
  readonly name = 'Regex Filter';
  /** One line for logs and traces. */
  readonly description = 'Blocks, redacts or reports text matching regular expressions in input and output.';
  /** Called on every block (by the runner), redaction and warning; errors are swallowed. */
  onViolation?: (violation: ProcessorViolation) => void | Promise<void>;

  readonly #rules: readonly CompiledRule[];
  readonly #strategy: RegexFilterStrategy;
  readonly #input: boolean;
  readonly #output: boolean;
  readonly #includeValues: boolean;
  /** Streamed answer text, held back per block. */
  readonly #hold: TextHold;
  /** Reasoning and tool-call input go through the shared stream window. */
  readonly #side: StreamTextWindow;

  /**
   * @throws ConfigurationError `PROCESSOR_INVALID_OPTIONS` naming the option: a rule without a
   *   name, a pattern that is not a RegExp or matches the empty string, an unknown preset, no
   *   rules at all, an unknown strategy or phase, a negative or fractional carry-over size.
   */
  constructor(options: RegexFilterProcessorOptions) {
    checkOptionNames(NAME, options, REGEX_FILTER_OPTIONS);
    if (typeof options !== 'object' || options === null) {
      throw invalid(
        'rules',
        `or "presets" is required: pass { presets: ['pii'] } or { rules: [{ name, pattern }] }.`,
      );
    }
    if (options.strictPatterns !== undefined && typeof options.strictPatterns !== 'boolean') {
      throw invalid('strictPatterns', `must be true or false (got ${show(options.strictPatterns)}).`);
    }
    const custom = compileRules(options.rules);
    checkRulesLinear(custom, options.strictPatterns ?? false);
    const rules = [...custom, ...compilePresets(options.presets)];
    if (rules.length === 0) {
      throw invalid(
        'rules',
        `or "presets" must give at least one rule: a filter without rules checks nothing.`,
      );
    }
    this.#rules = rules;
    this.#strategy = oneOf(NAME, 'strategy', options.strategy, STRATEGIES, 'option "strategy"') ?? 'block';
    const phase = oneOf(NAME, 'phase', options.phase, PHASES, 'option "phase"') ?? 'all';
    this.#input = phase !== 'output';
    this.#output = phase !== 'input';
    if (options.includeRedactedValues !== undefined && typeof options.includeRedactedValues !== 'boolean') {
      throw invalid(
        'includeRedactedValues',
        `must be true or false (got ${show(options.includeRedactedValues)}).`,
      );
    }
    this.#includeValues = options.includeRedactedValues ?? false;
    const carry = options.streamCarryoverSize ?? 128;
    if (typeof carry !== 'number' || !Number.isSafeInteger(carry) || carry < 0) {
      throw invalid(
        'streamCarryoverSize',
        `must be an integer >= 0 (got ${show(carry)}). Use 0 to hold nothing back.`,
      );
    }
    this.#hold = new TextHold(rules, this.#strategy, this.#includeValues, carry, {
      report: (text, spans, base, location) => this.#report(text, spans, base, location),
      block: (text, spans, base, abort) => this.#block(text, spans, base, abort),
    });
    const window = this.#hold.window;
    this.#side = createStreamWindow({
      processorId: ID,
      stateKey: 'regex-filter.window',
      windowChars: 2 * window,
      overlapChars: window,
      check: (text, info) => this.#checkSide(text, info),
    });
  }

  /** Check this call's input messages (not remembered history). */
  async processInput(args: ProcessInputArgs): Promise<MessageList | MastraDBMessage[]> {
    const { messages, messageList, abort } = withHookDefaults(this, args);
    if (!this.#input) return listOrMessages(messageList, messages);
    const remembered = rememberedTest(messageList);
    const fresh = messages.filter((m) => !remembered(m));
    await this.#checkMessages(fresh, 'processInput', abort);
    return listOrMessages(messageList, messages);
  }

  /** Check the response messages. */
  async processOutputResult(args: ProcessOutputResultArgs): Promise<MessageList | MastraDBMessage[]> {
    const { messages, messageList, state, abort } = withHookDefaults(this, args);
    if (!this.#output) return listOrMessages(messageList, messages);
    // The stream already reported every warning on this text; once is enough.
    if (this.#strategy === 'warn' && (state as FilterState).regexFilterStreamed === true)
      return listOrMessages(messageList, messages);
    await this.#checkMessages(messages, 'processOutputResult', abort);
    return listOrMessages(messageList, messages);
  }

  /** Check streamed text, holding back a tail per text block (see the class comment). */
  async processOutputStream(args: ProcessOutputStreamArgs): Promise<ChunkType | ChunkType[] | null> {
    const { part, state, abort } = withHookDefaults(this, args);
    if (!this.#output) return part;
    const filterState = state as FilterState;
    const side = { part, state, abort: abort as never };
    switch (part.type) {
      case 'text-delta':
        filterState.regexFilterStreamed = true;
        if (filterState.regexFilterEnded !== undefined) {
          const ended = this.#hold.continueBlock(filterState, part.payload.id);
          const out = await this.#hold.onDelta(part, filterState, abort);
          if (ended === undefined) return out;
          return out === null ? ended : [ended, out];
        }
        return this.#hold.onDelta(part, filterState, abort);
      case 'object':
        // Partial objects are parsed from text that already left this processor.
        return part;
      case 'text-start': {
        // Reasoning held before the answer is complete now (the window releases it).
        const ended =
          filterState.regexFilterEnded === undefined
            ? undefined
            : this.#hold.continueBlock(filterState, part.payload.id);
        const out = await this.#side.process(side);
        if (ended === undefined) return out;
        return out === null ? ended : [ended, ...(Array.isArray(out) ? out : [out])];
      }
      case 'step-start':
        // Text still held at a new step belongs to a rejected attempt: it is never released.
        filterState.regexFilterTexts?.clear();
        filterState.regexFilterEnded = undefined;
        return this.#side.process(side);
      case 'text-end':
        return this.#hold.endBlock(filterState, part, abort);
      case 'reasoning-start':
      case 'reasoning-delta':
      case 'reasoning-end':
      case 'tool-call-input-streaming-start':
      case 'tool-call-delta':
      case 'tool-call-input-streaming-end':
      case 'tool-call':
        // Checked through the stream window: reasoning like text, tool input once complete.
        return this.#side.process(side);
      default: {
        // Other chunks (raw, data-*, tool results) pass the held text: releasing it there would
        // send half a secret before the rest of it arrives.
        if (!RELEASED_BY.has(part.type)) return part;
        const out = await this.#side.process(side);
        if (out === null) return this.#hold.release(filterState, [], abort);
        return this.#hold.release(filterState, Array.isArray(out) ? out : [out], abort);
      }
    }
  }

  /** The stream window's check for reasoning and tool-call input. */
  async #checkSide(text: string, info: StreamWindowCheckInfo): Promise<StreamWindowVerdict | null> {
    const spans = findSpans(text, 0, this.#rules);
    const fresh = spans.filter((span) => span.end > info.contextLength);
    if (fresh.length === 0) return null;
    const base = info.offset;
    if (this.#strategy === 'block') {
      const matches = fresh.map((span) => this.#match(text, span, base));
      const rules = [...new Set(matches.map((m) => m.rule))].map(show).join(', ');
      const what = info.kind === 'tool-input' ? "a tool call's input" : 'the reasoning';
      const metadata: RegexFilterTripwireMetadata = { processorId: ID, matches, strategy: 'block' };
      return {
        action: 'block',
        reason: `Blocked: ${what} matched regex-filter rule${matches.length > 1 ? 's' : ''} ${rules}.`,
        metadata,
      };
    }
    const state = info.state as FilterState;
    state.regexFilterReported ??= new Set();
    const reported = state.regexFilterReported;
    const unseen = fresh.filter((span) => !reported.has(`${info.textId}:${base + span.start}`));
    for (const span of unseen) reported.add(`${info.textId}:${base + span.start}`);
    if (unseen.length > 0)
      await this.#report(text, unseen, base, { phase: 'processOutputStream', textId: info.textId });
    if (this.#strategy === 'warn') return null;
    return {
      action: 'redact',
      spans: spans.map((span) => ({ start: span.start, end: span.end, replacement: span.replacement })),
    };
  }

  async #checkMessages(
    messages: readonly MastraDBMessage[],
    phase: RegexFilterHook,
    abort: Abort,
  ): Promise<void> {
    const blocked: RegexFilterMatch[] = [];
    for (const message of messages) {
      if (message.role !== 'user' && message.role !== 'assistant') continue;
      const content = message.content;
      const joined = phase === 'processOutputResult' ? joinedMessageText(message) : undefined;
      if (joined !== undefined && joined.parts.length > 1) {
        // Several text parts are one text to the client: a match split across them is seen whole.
        const spans = findSpans(joined.text, 0, this.#rules);
        if (spans.length === 0) continue;
        if (this.#strategy === 'block') {
          for (const span of spans) blocked.push(this.#match(joined.text, span, 0));
          continue;
        }
        await this.#report(joined.text, spans, 0, { phase, messageId: message.id });
        if (this.#strategy === 'redact') redactJoinedText(message, joined, spans);
        continue;
      }
      let hasText = false;
      let changed = false;
      const parts = content.parts;
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i];
        if (part?.type !== 'text') continue;
        hasText = true;
        const next = await this.#checkText(part.text, phase, message.id, i, blocked);
        if (next !== part.text) {
          part.text = next;
          changed = true;
        }
      }
      if (!hasText && typeof content.content === 'string' && content.content !== '') {
        // No text part: the legacy flattened string is the message's text.
        content.content = await this.#checkText(content.content, phase, message.id, undefined, blocked);
      } else if (changed && content.content !== undefined) {
        // The legacy mirror must not keep the original text.
        syncLegacyFields(content);
      }
    }
    if (blocked.length > 0) this.#abort(blocked, phase, abort);
  }

  /** The text as the strategy leaves it; block collects matches instead. */
  async #checkText(
    text: string,
    phase: RegexFilterHook,
    messageId: string,
    partIndex: number | undefined,
    blocked: RegexFilterMatch[],
  ): Promise<string> {
    const spans = findSpans(text, 0, this.#rules);
    if (spans.length === 0) return text;
    if (this.#strategy === 'block') {
      for (const span of spans) blocked.push(this.#match(text, span, 0));
      return text;
    }
    const location: RegexFilterLocation = { phase, messageId };
    if (partIndex !== undefined) location.partIndex = partIndex;
    await this.#report(text, spans, 0, location);
    return this.#strategy === 'redact' ? applySpans(text, 0, text.length, spans) : text;
  }

  #match(text: string, span: Span, base: number): RegexFilterMatch {
    return {
      rule: span.rule,
      match: this.#includeValues ? text.slice(span.start, span.end) : span.replacement,
      index: base + span.start,
    };
  }

  #block(text: string, spans: readonly Span[], base: number, abort: Abort): never {
    return this.#abort(
      spans.map((span) => this.#match(text, span, base)),
      'processOutputStream',
      abort,
    );
  }

  #abort(matches: RegexFilterMatch[], phase: RegexFilterHook, abort: Abort): never {
    const rules = [...new Set(matches.map((m) => m.rule))].map(show).join(', ');
    const where = phase === 'processInput' ? 'the input' : 'the response';
    const metadata: RegexFilterTripwireMetadata = { processorId: ID, matches, strategy: 'block' };
    return abort(`Blocked: ${where} matched regex-filter rule${matches.length > 1 ? 's' : ''} ${rules}.`, {
      metadata,
    });
  }

  /** Tell `onViolation` about matches redacted or (warn) left in place; its errors are swallowed. */
  async #report(
    text: string,
    spans: readonly Span[],
    base: number,
    location: RegexFilterLocation,
  ): Promise<void> {
    const callback = this.onViolation;
    if (typeof callback !== 'function') return;
    const entries = spans.map((span): RegexFilterRedaction => {
      const entry: RegexFilterRedaction = {
        rule: span.rule,
        index: base + span.start,
        length: span.end - span.start,
        replacement: span.replacement,
      };
      if (span.overlappingRules !== undefined) entry.overlappingRules = [...span.overlappingRules];
      if (this.#includeValues) entry.value = text.slice(span.start, span.end);
      return entry;
    });
    const where = location.phase === 'processInput' ? 'input' : 'response';
    const rules = [...new Set(entries.map((e) => e.rule))].map(show).join(', ');
    const count = `${entries.length} match${entries.length > 1 ? 'es' : ''}`;
    const violation: ProcessorViolation<RegexFilterRedactDetail | RegexFilterWarnDetail> =
      this.#strategy === 'redact'
        ? {
            processorId: ID,
            message: `Redacted ${count} of ${rules} in the ${where}.`,
            detail: { strategy: 'redact', ...location, redactions: entries },
          }
        : {
            processorId: ID,
            message: `The ${where} has ${count} of ${rules}; left unchanged (warn).`,
            detail: { strategy: 'warn', ...location, matches: entries },
          };
    try {
      await callback.call(this, violation);
    } catch {
      // By contract a failing onViolation never disturbs the run.
    }
  }
}
