import { ConfigurationError } from '../../errors/configuration-error.js';
import { syncLegacyFields } from '../../messages/legacy-fields.js';
import type { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type {
  ProcessInputArgs,
  ProcessOutputResultArgs,
  ProcessOutputStreamArgs,
  Processor,
  ProcessorState,
  ProcessorViolation,
} from '../../pipeline/types.js';
import type { ChunkType, TextDeltaChunk } from '../../stream/chunk-types.js';
import { checkPatternLinear } from '../../util/regex-safety/pattern-checker.js';
import { listOrMessages, rememberedTest, withHookDefaults } from '../direct-call/index.js';
import { REGEX_FILTER_OPTIONS } from '../guardrail-option-names.js';
import { joinedMessageText, redactJoinedText } from '../guardrails/message-spans.js';
import {
  createStreamWindow,
  type StreamTextWindow,
  type StreamWindowCheckInfo,
  type StreamWindowVerdict,
} from '../guardrails/stream-window.js';
import { checkOptionNames, invalidOptionFor, oneOf, describeOptionValue as show } from '../option-errors.js';
import { applySpans, type CompiledRule, findSpans, globalClone, type Span } from './matcher.js';
import { PRESET_RULES, type RegexFilterPreset } from './presets.js';

export type { RegexFilterPreset } from './presets.js';

/** One custom rule of {@link RegexFilterProcessor}. */
export interface RegexFilterRule {
  /** Reported in tripwire metadata and violations. */
  name: string;
  /** What to find. Flags are kept; the processor works on its own global clone. */
  pattern: RegExp;
  /** What a match becomes under the `redact` strategy. Default `'[REDACTED]'`. */
  replacement?: string;
}

/** What {@link RegexFilterProcessor} does with a match. */
export type RegexFilterStrategy = 'block' | 'redact' | 'warn';

/** Where {@link RegexFilterProcessor} looks: the input, the response, or both. */
export type RegexFilterPhase = 'input' | 'output' | 'all';

/** The hook a violation was found in. */
export type RegexFilterHook = 'processInput' | 'processOutputStream' | 'processOutputResult';

/** Options of {@link RegexFilterProcessor}. At least one rule or preset is required. */
export interface RegexFilterProcessorOptions {
  /** Custom rules, checked before the presets (they win ties between overlapping matches). */
  rules?: readonly RegexFilterRule[];
  /**
   * Built-in rule sets: `'pii'` (rules `email`, `phone`, `ssn`, `credit-card` — Luhn-checked),
   * `'secrets'` (`api-key`, `aws-access-key`, `github-token`, `slack-token`, `google-api-key`,
   * `jwt`, `bearer-token`, `password`, `private-key`), `'urls'` (`url`). Their replacement is
   * `'[REDACTED]'`.
   */
  presets?: readonly RegexFilterPreset[];
  /** Default `'block'`. */
  strategy?: RegexFilterStrategy;
  /** Default `'all'`. */
  phase?: RegexFilterPhase;
  /**
   * Put the matched text in violations (`value`) and tripwire metadata (`match`). Default
   * `false`: the matched text is never repeated in reports, since the tripwire reaches the
   * client and reports tend to end up in logs.
   */
  includeRedactedValues?: boolean;
  /**
   * Characters of streamed text held back per text block so a match split across chunks is
   * caught whole. A match still growing at the end is held from its start, up to
   * `4 × max(size, 64)` characters; past that its replacement is sent and the rest of the match
   * is dropped as it arrives. A match that needs more than this many characters before it
   * matches at all can slip through partly. `0` holds nothing. Default `128`.
   */
  streamCarryoverSize?: number;
  /**
   * Refuse a rule whose pattern can backtrack super-linearly (a hostile message could then
   * stall the event loop). Rules are checked at construction with `recheck`, an optional peer
   * dependency: when it is installed, a flagged rule logs a warning by default and throws a
   * `ConfigurationError` (`PROCESSOR_PATTERN_NOT_LINEAR`) with `true`. With `true` and
   * `recheck` not installed, the constructor throws `PROCESSOR_PATTERN_CHECKER_MISSING`.
   * Presets are always linear (checked in Sluice's own tests). Default `false`.
   */
  strictPatterns?: boolean;
}

/** One match in {@link RegexFilterTripwireMetadata}. */
export interface RegexFilterMatch {
  rule: string;
  /**
   * The matched text when `includeRedactedValues` is on; otherwise the rule's replacement
   * (e.g. `'[REDACTED]'`), so the blocked value never travels in the tripwire.
   */
  match: string;
  /** Offset in the message part's text, or in the streamed text block. */
  index: number;
}

/** `metadata` of the tripwire raised by the `block` strategy. */
export interface RegexFilterTripwireMetadata {
  processorId: 'regex-filter';
  matches: RegexFilterMatch[];
  strategy: 'block';
}

/** One replaced stretch of text, as reported by the `redact` strategy. */
export interface RegexFilterRedaction {
  rule: string;
  /** Offset of the original text in the message part, or in the streamed text block. */
  index: number;
  /** Length of the original text replaced. */
  length: number;
  replacement: string;
  /** Other rules whose overlapping matches were merged into this one. */
  overlappingRules?: string[];
  /** The original text; only with `includeRedactedValues`. */
  value?: string;
}

/** Where a reported violation was found. */
export interface RegexFilterLocation {
  phase: RegexFilterHook;
  /** The message (`processInput`, `processOutputResult`). */
  messageId?: string;
  /** Index of the text part in `content.parts`; absent for the legacy `content.content` text. */
  partIndex?: number;
  /** The streamed text block (`processOutputStream`), a Sluice addition. */
  textId?: string;
}

/** `detail` of the violation reported per redacted message part or stream chunk. */
export interface RegexFilterRedactDetail extends RegexFilterLocation {
  strategy: 'redact';
  redactions: RegexFilterRedaction[];
}

/** `detail` of the violation reported per matching message part or stream chunk under `warn`. */
export interface RegexFilterWarnDetail extends RegexFilterLocation {
  strategy: 'warn';
  /** Same fields as a redaction; nothing was replaced. */
  matches: RegexFilterRedaction[];
}

/** Every `detail` the processor's `onViolation` can receive (block: the tripwire metadata). */
export type RegexFilterViolationDetail =
  | RegexFilterRedactDetail
  | RegexFilterWarnDetail
  | RegexFilterTripwireMetadata;

const ID = 'regex-filter';
const NAME = 'RegexFilterProcessor';
const STRATEGIES: readonly RegexFilterStrategy[] = ['block', 'redact', 'warn'];
const PHASES: readonly RegexFilterPhase[] = ['input', 'output', 'all'];
const DEFAULT_REPLACEMENT = '[REDACTED]';
/**
 * Characters of already-released text kept before the held text so lookbehinds and `\b` see
 * what came before it (`password=` released, its value still held).
 */
const CONTEXT_SIZE = 64;

/**
 * A match that outgrew the hold (see `#commit`): its replacement is already out, and new text
 * is checked against a compressed copy of it — its first and last characters — to find where
 * it ends, so a long match costs a bounded scan per chunk instead of a rescan from its start.
 */
interface OpenMatch {
  rule: string;
  replacement: string;
  overlappingRules?: string[];
  /** Stream offset of the match's first character. */
  start: number;
  /** Original characters before the match, for lookbehinds. */
  before: string;
  /** The match's first characters (where patterns anchor: `sk-`, `BEGIN … PRIVATE KEY`). */
  head: string;
  /** The last characters matched so far (enough to see an END line split across chunks). */
  tail: string;
  /** The whole match so far; only with `includeRedactedValues`. */
  value?: string;
}

/** Held text of one streamed text block. */
interface TextBuffer {
  /** Text not yet released (original, unredacted). With `open`: the text after the match. */
  held: string;
  /** The last released original characters, for lookbehind context only. */
  context: string;
  /** Original characters released so far: the stream offset of `held`. */
  offset: number;
  /** A match longer than the hold, already replaced, still growing. */
  open?: OpenMatch;
  /** Envelope for the chunk that releases held text. */
  runId: string;
  from: TextDeltaChunk['from'];
}

/** What the processor keeps in its per-run `state`. */
interface FilterState extends ProcessorState {
  /** Held text by text id. */
  regexFilterTexts?: Map<string, TextBuffer>;
  /** The stream hook saw response text in this run. */
  regexFilterStreamed?: boolean;
  /**
   * A block that ended with text still held: the next block continues its text (the client
   * shows them as one), so its `text-end` waits (`end`) until that text is decided.
   */
  regexFilterEnded?: { id: string; end: ChunkType | undefined };
  /** Reasoning / tool-input matches already reported, by `textId:offset`. */
  regexFilterReported?: Set<string>;
}

type Abort = ProcessInputArgs['abort'];

const SPACE = /\s/;

/** Chunks that end a text block's step or the run: held text of every block goes out first. */
const RELEASED_BY: ReadonlySet<string> = new Set(['step-finish', 'finish', 'error', 'abort', 'tripwire']);

/** Record the rules of `span` that joined an open match as it grew. */
function mergeRules(open: OpenMatch, span: Span): void {
  const names = span.overlappingRules === undefined ? [span.rule] : [span.rule, ...span.overlappingRules];
  for (const name of names) {
    if (name === open.rule || open.overlappingRules?.includes(name)) continue;
    if (open.overlappingRules === undefined) open.overlappingRules = [name];
    else open.overlappingRules.push(name);
  }
}

/**
 * Where the word around `cut` starts, when `cut` falls inside a word (a run of non-space
 * characters) that started at or after `limit`; otherwise `cut`. A word reaching into the held
 * tail may be the start of a match that is not complete yet (`sk-ab…`): holding it whole keeps
 * the boundary from cutting that match in half.
 */
function wordStart(text: string, cut: number, limit: number): number {
  if (cut >= text.length || SPACE.test(text.charAt(cut))) return cut;
  let start = cut;
  while (start > limit && !SPACE.test(text.charAt(start - 1))) start--;
  return start > limit || SPACE.test(text.charAt(start - 1)) || start === 0 ? start : cut;
}

/** Marks and joiners that belong to the character before them. */
const JOINS_PREVIOUS = /[\p{M}\u200D]/u;

/**
 * `cut`, moved back so it does not split a surrogate pair, or separate a character from the
 * combining marks, variation selectors and zero-width joiners that follow it. Never below `limit`.
 */
function clusterStart(text: string, cut: number, limit: number): number {
  let at = cut;
  // The text so far ends inside a pair (or on a joiner): the rest comes with the next chunk.
  if (at === text.length && at > limit) {
    const last = text.charCodeAt(at - 1);
    if (isHighSurrogate(last) || last === 0x200d) at--;
  }
  while (at > limit && at < text.length) {
    const code = text.charCodeAt(at);
    const inPair = code >= 0xdc00 && code <= 0xdfff && isHighSurrogate(text.charCodeAt(at - 1));
    const modifier =
      isHighSurrogate(code) &&
      (text.codePointAt(at) ?? 0) >= 0x1f3fb &&
      (text.codePointAt(at) ?? 0) <= 0x1f3ff;
    if (!inPair && !modifier && !JOINS_PREVIOUS.test(text.charAt(at)) && text.charCodeAt(at - 1) !== 0x200d)
      break;
    at--;
  }
  return at;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

const invalid = invalidOptionFor(NAME, '"');

function isRegExp(value: unknown): value is RegExp {
  return Object.prototype.toString.call(value) === '[object RegExp]';
}

function compileRules(rules: unknown): CompiledRule[] {
  if (rules === undefined) return [];
  if (!Array.isArray(rules))
    throw invalid('rules', `must be an array of { name, pattern, replacement? } (got ${show(rules)}).`);
  return rules.map((rule: unknown, i): CompiledRule => {
    const at = `rules[${i}]`;
    if (typeof rule !== 'object' || rule === null) {
      throw invalid(at, `must be an object { name, pattern, replacement? } (got ${show(rule)}).`);
    }
    const { name, pattern, replacement } = rule as Partial<RegexFilterRule>;
    if (typeof name !== 'string' || name === '') {
      throw invalid(`${at}.name`, `must be a non-empty string naming the rule (got ${show(name)}).`);
    }
    if (!isRegExp(pattern)) {
      throw invalid(
        `${at}.pattern`,
        `of rule "${name}" must be a RegExp (got ${show(pattern)}). Write it as a literal, e.g. /\\bACME-\\d{6}\\b/, or new RegExp(text).`,
      );
    }
    const clone = globalClone(pattern);
    if (clone.test('')) {
      throw invalid(
        `${at}.pattern`,
        `of rule "${name}" matches the empty string (${String(pattern)}), so it would match everywhere. Require at least one character, e.g. + instead of *.`,
      );
    }
    clone.lastIndex = 0;
    if (replacement !== undefined && typeof replacement !== 'string') {
      throw invalid(`${at}.replacement`, `of rule "${name}" must be a string (got ${show(replacement)}).`);
    }
    return { name, pattern: clone, replacement: replacement ?? DEFAULT_REPLACEMENT };
  });
}

/**
 * Checks each custom rule for super-linear backtracking when `recheck` is installed: a warning
 * by default, a `ConfigurationError` under `strictPatterns`. Runs once per rule, at construction.
 */
function checkRulesLinear(rules: readonly CompiledRule[], strict: boolean): void {
  if (rules.length === 0) return;
  const fix =
    'Rewrite it so no two quantifiers can match the same characters one after the other (e.g. add a lookbehind so a run is entered only at its start: (?<![ \\t])[ \\t]+), or bound the input it sees.';
  for (const rule of rules) {
    const verdict = checkPatternLinear(rule.pattern);
    if (verdict === undefined) {
      if (!strict) return;
      throw new ConfigurationError(
        'PROCESSOR_PATTERN_CHECKER_MISSING',
        `${NAME}: option "strictPatterns" checks every rule with the "recheck" package, which is not installed. Install it (npm install recheck) or drop strictPatterns.`,
      );
    }
    if (verdict.linear) continue;
    const attack = verdict.attack === undefined ? '' : `; a slow input: ${verdict.attack.slice(0, 120)}`;
    const message = `${NAME}: rule "${rule.name}" (${String(rule.pattern)}) can backtrack super-linearly (${verdict.summary}${attack}), so a hostile message could stall the server. ${fix}`;
    if (strict) throw new ConfigurationError('PROCESSOR_PATTERN_NOT_LINEAR', message);
    console.warn(`[sluice] ${message} Pass strictPatterns: true to refuse such rules.`);
  }
}

function compilePresets(presets: unknown): CompiledRule[] {
  if (presets === undefined) return [];
  const known = Object.keys(PRESET_RULES);
  if (!Array.isArray(presets))
    throw invalid('presets', `must be an array of ${known.map(show).join(', ')} (got ${show(presets)}).`);
  const out: CompiledRule[] = [];
  for (const preset of new Set<unknown>(presets)) {
    if (typeof preset !== 'string' || !Object.hasOwn(PRESET_RULES, preset)) {
      throw invalid(
        'presets',
        `has an unknown preset ${show(preset)}. Known presets: ${known.map(show).join(', ')}.`,
      );
    }
    // Each processor scans with its own clones: no lastIndex is shared between instances.
    for (const rule of PRESET_RULES[preset as RegexFilterPreset])
      out.push({ ...rule, pattern: globalClone(rule.pattern) });
  }
  return out;
}

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
  readonly #carry: number;
  /** Characters kept of each end of an open match: at least the lookbehind context. */
  readonly #window: number;
  /** Held text past this is released (see `#commit`), so per-chunk work stays bounded. */
  readonly #cap: number;
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
    this.#carry = carry;
    this.#window = Math.max(carry, CONTEXT_SIZE);
    this.#cap = 4 * this.#window;
    this.#side = createStreamWindow({
      processorId: ID,
      stateKey: 'regex-filter.window',
      windowChars: 2 * this.#window,
      overlapChars: this.#window,
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
          const ended = this.#continueBlock(filterState, part.payload.id);
          const out = await this.#onDelta(part, filterState, abort);
          if (ended === undefined) return out;
          return out === null ? ended : [ended, out];
        }
        return this.#onDelta(part, filterState, abort);
      case 'object':
        // Partial objects are parsed from text that already left this processor.
        return part;
      case 'text-start': {
        // Reasoning held before the answer is complete now (the window releases it).
        const ended =
          filterState.regexFilterEnded === undefined
            ? undefined
            : this.#continueBlock(filterState, part.payload.id);
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
        return this.#endBlock(filterState, part, abort);
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
        if (out === null) return this.#release(filterState, [], abort);
        return this.#release(filterState, Array.isArray(out) ? out : [out], abort);
      }
    }
  }

  /**
   * A block ended: with text still held, its `text-end` waits, since a block that follows may
   * continue a match in that text. (`warn` holds nothing back from the client.)
   */
  async #endBlock(state: FilterState, part: ChunkType & { type: 'text-end' }, abort: Abort) {
    const id = part.payload.id;
    const buffer = state.regexFilterTexts?.get(id);
    if (buffer === undefined || (buffer.held === '' && buffer.open === undefined)) {
      state.regexFilterTexts?.delete(id);
      return part;
    }
    const previous = state.regexFilterEnded;
    const out: ChunkType[] = [];
    if (previous !== undefined && previous.id !== id) {
      // The block ended before it was not continued: its text is decided now.
      out.push(...(await this.#release(state, [], abort, previous.id)));
    }
    const warn = this.#strategy === 'warn';
    state.regexFilterEnded = { id, end: warn ? undefined : part };
    if (warn) out.push(part);
    return out.length === 0 ? null : out.length === 1 ? (out[0] as ChunkType) : out;
  }

  /** Block `id` starts after a block ended with text held: it takes that text over. */
  #continueBlock(state: FilterState, id: string): ChunkType | undefined {
    const ended = state.regexFilterEnded;
    const texts = state.regexFilterTexts;
    if (ended === undefined || texts === undefined || ended.id === id || texts.has(id)) return undefined;
    state.regexFilterEnded = undefined;
    const buffer = texts.get(ended.id);
    texts.delete(ended.id);
    if (buffer !== undefined) texts.set(id, buffer);
    // The ended block closes now; its held text goes out in the new block.
    return ended.end;
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

  async #onDelta(part: TextDeltaChunk, state: FilterState, abort: Abort): Promise<ChunkType | null> {
    let texts = state.regexFilterTexts;
    if (texts === undefined) {
      texts = new Map();
      state.regexFilterTexts = texts;
    }
    const id = part.payload.id;
    let buffer = texts.get(id);
    if (buffer === undefined) {
      buffer = { held: '', context: '', offset: 0, runId: part.runId, from: part.from };
      texts.set(id, buffer);
    }
    let delta = part.payload.text;
    if (buffer.open !== undefined) {
      const rest = await this.#extend(buffer, delta, false, id);
      if (rest === undefined) return this.#strategy === 'warn' ? part : null;
      delta = rest;
    }
    const out = await this.#scan(buffer, delta, abort, id);
    if (this.#strategy === 'warn') return part;
    if (out === '') return null;
    return out === part.payload.text ? part : { ...part, payload: { ...part.payload, text: out } };
  }

  /** Scan held text plus `delta`; returns the text released (redacted), `''` for none. */
  async #scan(buffer: TextBuffer, delta: string, abort: Abort, id: string): Promise<string> {
    const text = buffer.context + buffer.held + delta;
    const from = buffer.context.length;
    const spans = findSpans(text, from, this.#rules);
    if (spans.length > 0 && this.#strategy === 'block') this.#block(text, spans, buffer.offset - from, abort);
    // Release everything but the tail; a match reaching into the tail is held from its start,
    // since more text may still extend it.
    let cut = Math.max(from, text.length - this.#carry);
    let decided = spans.length;
    for (let i = 0; i < spans.length; i++) {
      const span = spans[i] as Span;
      if (span.end > cut) {
        cut = Math.min(cut, span.start);
        decided = i;
        break;
      }
    }
    if (decided === spans.length) cut = wordStart(text, cut, Math.max(from, cut - this.#carry));
    // Never cut inside a character: a lone surrogate half in a chunk is corrupt text to a client.
    const safe = clusterStart(text, cut, from);
    if (safe < cut) {
      cut = safe;
      // A span the earlier cut released may now reach past the cut: hold it whole instead.
      while (decided > 0 && (spans[decided - 1] as Span).end > cut) {
        decided--;
        cut = Math.min(cut, (spans[decided] as Span).start);
      }
    }
    const base = buffer.offset - from;
    const growing = spans[decided];
    if (
      growing !== undefined &&
      text.length - cut > this.#cap &&
      growing.end - growing.start > 2 * this.#window
    ) {
      return this.#commit(buffer, text, from, spans, decided, id);
    }
    const released = decided === spans.length ? spans : spans.slice(0, decided);
    buffer.offset += cut - from;
    buffer.held = text.slice(cut);
    buffer.context = text.slice(Math.max(0, cut - CONTEXT_SIZE), cut);
    if (released.length > 0)
      await this.#report(text, released, base, { phase: 'processOutputStream', textId: id });
    return cut === from ? '' : applySpans(text, from, cut, released);
  }

  /**
   * The held text outgrew the cap because match `spans[at]` keeps growing: release the text
   * before it and its replacement now, and follow the match as an {@link OpenMatch} until it
   * ends. Nothing of the match is ever released; it is reported once, when it ends.
   */
  async #commit(
    buffer: TextBuffer,
    text: string,
    from: number,
    spans: readonly Span[],
    at: number,
    id: string,
  ): Promise<string> {
    const span = spans[at] as Span;
    const base = buffer.offset - from;
    const released = spans.slice(0, at);
    const open: OpenMatch = {
      rule: span.rule,
      replacement: span.replacement,
      start: base + span.start,
      before: text.slice(Math.max(0, span.start - CONTEXT_SIZE), span.start),
      head: text.slice(span.start, span.start + this.#window),
      tail: text.slice(span.end - this.#window, span.end),
    };
    if (span.overlappingRules !== undefined) open.overlappingRules = [...span.overlappingRules];
    if (this.#includeValues) open.value = text.slice(span.start, span.end);
    buffer.open = open;
    buffer.offset = base + span.end;
    buffer.held = text.slice(span.end);
    buffer.context = '';
    if (released.length > 0)
      await this.#report(text, released, base, { phase: 'processOutputStream', textId: id });
    return applySpans(text, from, span.start, released) + span.replacement;
  }

  /**
   * Follow an open match into `delta`. It is rescanned as `before + head + tail + held + delta`
   * (bounded), not from its start: patterns anchor on their first characters and decide their
   * end on the last ones (`[\w-]+` runs, a URL, the END line of a private key). When that
   * compressed copy no longer matches from its start (a pattern whose middle mattered), the
   * match is taken to go on to the next whitespace (for a match without spaces: more is
   * redacted, never less). Returns the
   * text after the match once it has ended (held text included, for the normal scan), or
   * `undefined` while it may still grow.
   */
  async #extend(buffer: TextBuffer, delta: string, final: boolean, id: string): Promise<string | undefined> {
    const open = buffer.open as OpenMatch;
    const text = open.before + open.head + open.tail + buffer.held + delta;
    const from = open.before.length;
    const matched = from + open.head.length + open.tail.length;
    const spans = findSpans(text, from, this.#rules);
    const first = spans[0];
    let end: number;
    if (first !== undefined && first.start === from && first.end >= matched) {
      end = first.end;
      if (end > matched) mergeRules(open, first);
    } else {
      end = matched;
      while (end < text.length && !SPACE.test(text.charAt(end))) end++;
    }
    const added = text.slice(matched, end);
    if (open.value !== undefined) open.value += added;
    buffer.offset += added.length;
    if (!final && text.length - end < Math.max(1, this.#carry)) {
      open.tail = (open.tail + added).slice(-this.#window);
      buffer.held = text.slice(end);
      return undefined;
    }
    buffer.open = undefined;
    buffer.held = '';
    buffer.context = text.slice(Math.max(from, end - CONTEXT_SIZE), end);
    const whole: Span = {
      start: 0,
      end: buffer.offset - open.start,
      rule: open.rule,
      replacement: open.replacement,
    };
    if (open.overlappingRules !== undefined) whole.overlappingRules = open.overlappingRules;
    await this.#report(open.value ?? '', [whole], open.start, { phase: 'processOutputStream', textId: id });
    return text.slice(end);
  }

  /**
   * Release held text before the chunks `after`: of one text block (`onlyId`) or of all. Returns
   * the chunks to emit, releases first (a block whose `text-end` waited gets it after its text).
   */
  async #release(
    state: FilterState,
    after: ChunkType[],
    abort: Abort,
    onlyId?: string,
  ): Promise<ChunkType[]> {
    const texts = state.regexFilterTexts;
    if (texts === undefined || texts.size === 0) return after;
    const out: ChunkType[] = [];
    for (const [id, buffer] of texts) {
      if (onlyId !== undefined && id !== onlyId) continue;
      texts.delete(id);
      const ended = state.regexFilterEnded?.id === id ? state.regexFilterEnded : undefined;
      if (ended !== undefined) state.regexFilterEnded = undefined;
      const rest =
        buffer.open === undefined ? buffer.held : ((await this.#extend(buffer, '', true, id)) ?? '');
      if (rest !== '') {
        const text = buffer.context + rest;
        const from = buffer.context.length;
        const spans = findSpans(text, from, this.#rules);
        const base = buffer.offset - from;
        if (spans.length > 0) {
          if (this.#strategy === 'block') this.#block(text, spans, base, abort);
          await this.#report(text, spans, base, { phase: 'processOutputStream', textId: id });
        }
        if (this.#strategy !== 'warn') {
          out.push({
            type: 'text-delta',
            runId: buffer.runId,
            from: buffer.from,
            payload: { id, text: applySpans(text, from, text.length, spans) },
          });
        }
      }
      if (ended?.end !== undefined) out.push(ended.end);
    }
    if (out.length === 0) return after;
    out.push(...after);
    return out;
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
