/**
 * The text hold of `RegexFilterProcessor`'s stream: the last characters of each text block are
 * held back so a match split across chunks is seen whole; a match that outgrows the hold is
 * replaced at once and followed (an open match) until it ends.
 */
import type { ProcessInputArgs, ProcessorState } from '../../pipeline/types.js';
import type { ChunkType, TextDeltaChunk } from '../../stream/chunk-types.js';
import { applySpans, type CompiledRule, findSpans, type Span } from './matcher.js';
import { clusterStart, SPACE, wordStart } from './text-cuts.js';
import type { RegexFilterLocation, RegexFilterStrategy } from './types.js';

/** The abort of a hook. */
export type Abort = ProcessInputArgs['abort'];

/** Chunks that end a text block's step or the run: held text of every block goes out first. */
export const RELEASED_BY: ReadonlySet<string> = new Set([
  'step-finish',
  'finish',
  'error',
  'abort',
  'tripwire',
]);

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
export interface FilterState extends ProcessorState {
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

/** Record the rules of `span` that joined an open match as it grew. */
function mergeRules(open: OpenMatch, span: Span): void {
  const names = span.overlappingRules === undefined ? [span.rule] : [span.rule, ...span.overlappingRules];
  for (const name of names) {
    if (name === open.rule || open.overlappingRules?.includes(name)) continue;
    if (open.overlappingRules === undefined) open.overlappingRules = [name];
    else open.overlappingRules.push(name);
  }
}

/** How the processor reports matches and blocks on them, for the hold to call. */
export interface TextHoldCallbacks {
  /** Tell `onViolation` about matches redacted or (warn) left in place. */
  report(text: string, spans: readonly Span[], base: number, location: RegexFilterLocation): Promise<void>;
  /** Abort the run on matches (`block`). */
  block(text: string, spans: readonly Span[], base: number, abort: Abort): never;
}

/** The held text of every streamed text block of a run (kept in the run's `state`). */
export class TextHold {
  readonly #rules: readonly CompiledRule[];
  readonly #strategy: RegexFilterStrategy;
  readonly #includeValues: boolean;
  readonly #carry: number;
  /** Characters kept of each end of an open match: at least the lookbehind context. */
  readonly #window: number;
  /** Held text past this is released (see `#commit`), so per-chunk work stays bounded. */
  readonly #cap: number;
  readonly #callbacks: TextHoldCallbacks;

  constructor(
    rules: readonly CompiledRule[],
    strategy: RegexFilterStrategy,
    includeValues: boolean,
    carry: number,
    callbacks: TextHoldCallbacks,
  ) {
    this.#rules = rules;
    this.#strategy = strategy;
    this.#includeValues = includeValues;
    this.#carry = carry;
    this.#window = Math.max(carry, CONTEXT_SIZE);
    this.#cap = 4 * this.#window;
    this.#callbacks = callbacks;
  }

  /** Characters kept of each end of an open match (the side window is sized from it). */
  get window(): number {
    return this.#window;
  }

  /**
   * A block ended: with text still held, its `text-end` waits, since a block that follows may
   * continue a match in that text. (`warn` holds nothing back from the client.)
   */
  async endBlock(state: FilterState, part: ChunkType & { type: 'text-end' }, abort: Abort) {
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
      out.push(...(await this.release(state, [], abort, previous.id)));
    }
    const warn = this.#strategy === 'warn';
    state.regexFilterEnded = { id, end: warn ? undefined : part };
    if (warn) out.push(part);
    return out.length === 0 ? null : out.length === 1 ? (out[0] as ChunkType) : out;
  }

  /** Block `id` starts after a block ended with text held: it takes that text over. */
  continueBlock(state: FilterState, id: string): ChunkType | undefined {
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

  /** A text delta: held, scanned, and what may go out released (redacted). */
  async onDelta(part: TextDeltaChunk, state: FilterState, abort: Abort): Promise<ChunkType | null> {
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
    if (spans.length > 0 && this.#strategy === 'block')
      this.#callbacks.block(text, spans, buffer.offset - from, abort);
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
      await this.#callbacks.report(text, released, base, { phase: 'processOutputStream', textId: id });
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
      await this.#callbacks.report(text, released, base, { phase: 'processOutputStream', textId: id });
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
    await this.#callbacks.report(open.value ?? '', [whole], open.start, {
      phase: 'processOutputStream',
      textId: id,
    });
    return text.slice(end);
  }

  /**
   * Release held text before the chunks `after`: of one text block (`onlyId`) or of all. Returns
   * the chunks to emit, releases first (a block whose `text-end` waited gets it after its text).
   */
  async release(state: FilterState, after: ChunkType[], abort: Abort, onlyId?: string): Promise<ChunkType[]> {
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
          if (this.#strategy === 'block') this.#callbacks.block(text, spans, base, abort);
          await this.#callbacks.report(text, spans, base, { phase: 'processOutputStream', textId: id });
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
}
