import type { RunUsageContext } from '../../cost/run-usage.js';
import type { TripWireOptions } from '../../errors/tripwire.js';
import type { ProcessorState, TracingContext } from '../../pipeline/types.js';
import type { ChunkFrom, ChunkType, ToolCallChunk } from '../../stream/chunk-types.js';
import { describeOptionValue, invalidProcessorOption } from '../option-errors.js';
import { GuardrailCheckError } from './errors.js';
import { redactToolInput, toolInputText } from './tool-input.js';

/** Default {@link StreamWindowOptions.windowChars}: characters collected before a check. */
export const DEFAULT_WINDOW_CHARS = 160;
/** Default {@link StreamWindowOptions.overlapChars}: characters held back and re-checked. */
export const DEFAULT_OVERLAP_CHARS = 64;

/** One replacement a check asks for, in indices of the text it was given (`end` exclusive). */
export interface StreamWindowSpan {
  start: number;
  end: number;
  /** What the client sees instead (`''` removes the span). */
  replacement: string;
}

/**
 * What a window check decided:
 * - `release` (or `null` / `undefined`): the text goes out as it is;
 * - `redact`: the text goes out with these spans replaced. Give spans, not a rewritten text, so
 *   they map back onto the stream: a span in the left context is ignored (it was decided by the
 *   window before), a span reaching into the held-back tail holds the tail back from its start,
 *   and every replacement is emitted exactly once;
 * - `drop`: nothing of the unreleased text goes out (the `filter` strategies);
 * - `block`: the run ends through the hook's `abort(reason, { metadata })`; held text is dropped.
 */
export type StreamWindowVerdict =
  | { action: 'release' }
  | { action: 'redact'; spans: readonly StreamWindowSpan[] }
  | { action: 'drop' }
  | { action: 'block'; reason: string; metadata?: unknown };

/**
 * What a check is looking at: the step's answer text (all its text blocks as one text), its
 * reasoning (all reasoning blocks as one text), or one tool call's input (its keys, strings and
 * numbers joined by newlines, plus the streamed argument text when it does not parse to them).
 */
export type StreamWindowKind = 'text' | 'reasoning' | 'tool-input';

/** What a window check is told besides the text. */
export interface StreamWindowCheckInfo {
  /** `true` for the last check of this text: no more of it will follow. */
  final: boolean;
  /** What the text is. */
  kind: StreamWindowKind;
  /**
   * Which text: the id of its first text (or reasoning) block — the blocks of one step are one
   * text — or the tool call's `toolCallId`.
   */
  textId: string;
  /** The tool's name (`kind: 'tool-input'`). */
  toolName?: string;
  /**
   * `text.slice(0, contextLength)` is left context: already checked and decided (released or
   * about to be), given so matches that need what came before (a cue word) can be seen.
   */
  contextLength: number;
  /** Offset of `text[0]` in the whole text block. */
  offset: number;
  /** The hook's per-run `state`, for checks that keep their own facts between windows. */
  state: ProcessorState;
  /** The hook's `abort()`, for checks that end the run themselves (a strict fail policy). */
  abort: StreamWindowArgs['abort'];
  /** The run's signal, when the hook has one: a model-backed check should stop on it. */
  abortSignal: AbortSignal | undefined;
  /** The hook's tracing context (pass it to `askJudge`). */
  tracingContext: TracingContext | undefined;
  /** The hook's usage recorder (pass it to `askJudge` so budgets count the helper call). */
  usageRecorder?: RunUsageContext;
}

/** A window check: offline and cheap where possible; a model-backed one runs once per window. */
export type StreamWindowCheck = (
  text: string,
  info: StreamWindowCheckInfo,
) => StreamWindowVerdict | null | undefined | Promise<StreamWindowVerdict | null | undefined>;

/** Options of {@link createStreamWindow}. */
export interface StreamWindowOptions {
  /** Decides each window. */
  check: StreamWindowCheck;
  /**
   * Characters of unchecked text collected before a window is checked (default
   * {@link DEFAULT_WINDOW_CHARS}). The first text of a block reaches the client after this many
   * characters (or at its end); a check runs about once per `windowChars - overlapChars` characters.
   */
  windowChars?: number;
  /**
   * Characters held back after each non-final check and checked again with the next window
   * (default {@link DEFAULT_OVERLAP_CHARS}, at most half of `windowChars` when that is smaller;
   * below `windowChars`). It must cover the longest beginning of a match your check cannot yet
   * recognise (a key prefix too short to match): text before the tail is released once checked.
   * A match the check does recognise is never split, however long: a match reaching into the
   * tail (or touching the end of the text) holds the text back from the match's start. Also the
   * amount of left context the next check sees.
   */
  overlapChars?: number;
  /** Name in error messages (the processor using the window). Default `'stream-window'`. */
  processorId?: string;
  /** Key of the window's bookkeeping in the hook's `state`. Default `'sluice.streamWindow'`. */
  stateKey?: string;
}

/** The hook arguments the window needs (pass `processOutputStream`'s arguments as they are). */
export interface StreamWindowArgs {
  part: ChunkType;
  state: ProcessorState;
  abort: (reason?: string, options?: TripWireOptions<never>) => never;
  abortSignal?: AbortSignal;
  tracingContext?: TracingContext;
  usageRecorder?: RunUsageContext;
}

interface Edit {
  start: number;
  end: number;
  replacement: string;
  emitted: boolean;
}

/**
 * One text being checked: the step's answer text or its reasoning, whatever blocks it comes in.
 * Offsets are absolute in that text.
 */
interface TextBuffer {
  kind: 'text' | 'reasoning';
  /** Id of the first block (the text's name in checks and reports). */
  id: string;
  runId: string;
  from: ChunkFrom;
  /** Raw text from absolute offset `base`. */
  raw: string;
  base: number;
  /** Absolute end of the text received. */
  total: number;
  /** Text before this absolute offset is decided (checked; redactions known). */
  cut: number;
  /** `total` at the last check: the next non-final check waits for new text. */
  lastCheckEnd: number;
  /** Text before this absolute offset has been emitted. */
  emitted: number;
  edits: Edit[];
  editHead: number;
  dropped: boolean;
}

/** One tool call's input, held from its first chunk until the call is complete and checked. */
interface ToolHold {
  toolCallId: string;
  /** `tool-call-input-streaming-start`, the deltas and the end, as they came. */
  chunks: ChunkType[];
  /** The streamed argument text (the deltas joined). */
  input: string;
  call: ToolCallChunk | undefined;
  /** What goes out once decided; `undefined` while the call is incomplete. */
  out: ChunkType[] | undefined;
  dropped: boolean;
}

/** A queued piece of output: text of a block up to an offset, a held tool call, or another chunk. */
type Segment =
  | { buffer: TextBuffer; id: string; end: number; chunk?: undefined; tool?: undefined }
  | { tool: ToolHold; buffer?: undefined; chunk?: undefined }
  | { chunk: ChunkType; buffer?: undefined; tool?: undefined };

/** Texts of one kind being checked: by the id of their open block, and the last one whose block ended. */
interface Texts {
  open: Map<string, TextBuffer>;
  /** Held still: a block that starts next continues it (the client shows them as one text). */
  ended: TextBuffer | undefined;
}

interface WindowState {
  text: Texts;
  reasoning: Texts;
  tools: Map<string, ToolHold>;
  segments: Segment[];
  head: number;
  /** Answer text released so far in the run (after redactions), and how many texts it came in. */
  released: string;
  texts: number;
}

/** What a window released of a run's answer text (see {@link StreamTextWindow.releasedText}). */
export interface StreamWindowReleased {
  /** The answer text released, redactions applied, in order. */
  text: string;
  /**
   * `true` when it was checked as one text (one step's text, no tool call inside it). Otherwise a
   * value split around a tool call or across steps was checked in pieces: check it whole again.
   */
  whole: boolean;
}

/** Chunks that end every text of the step or the run: held text is checked and released first. */
const FLUSHED_BY: ReadonlySet<string> = new Set(['step-finish', 'finish', 'error']);
/** Chunks after which held text is never released (unchecked or from an abandoned attempt). */
const DROPPED_BY: ReadonlySet<string> = new Set(['abort', 'tripwire', 'step-start']);
/** Chunks of a tool call's input: held until the call is complete. */
const TOOL_INPUT: ReadonlySet<string> = new Set([
  'tool-call-input-streaming-start',
  'tool-call-delta',
  'tool-call-input-streaming-end',
  'tool-call',
]);

/** Append to a hook result without allocating for the common single-chunk case. */
function addChunk(out: ChunkType | ChunkType[] | null, chunk: ChunkType): ChunkType | ChunkType[] {
  if (out === null) return chunk;
  if (Array.isArray(out)) {
    out.push(chunk);
    return out;
  }
  return [out, chunk];
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The stream hold-back helper for output guardrails (`processOutputStream`): nothing the model
 * writes reaches the client before it was checked — answer text, reasoning and tool-call input.
 *
 * Text and reasoning are held back and released only after the window containing them was
 * checked, so a match split across chunks or blocks is redacted or blocked whole:
 * - the text blocks of a step are one text (the client shows them as one), and so are its
 *   reasoning blocks; text collects until `windowChars` unchecked characters are there, then the
 *   check runs on it (plus up to `overlapChars` of already decided text as left context);
 * - all but the last `overlapChars` characters (moved back to a word start, and to the start of
 *   any match that reaches into them) are released with the check's redactions; the tail is
 *   checked again with the next window — across a `text-end` too, since the next block may
 *   continue the value;
 * - the text gets a final check (`final: true`) and goes out at `step-finish` / `finish` /
 *   `error`, and when a tool call starts (the call runs with what the client saw, before the
 *   step ends, so the text before it must be out); reasoning also when the answer text starts.
 *   At `abort` / `tripwire` / a new `step-start` held text is dropped, never released.
 *
 * Tool-call input (`tool-call-input-streaming-start`, `tool-call-delta`,
 * `tool-call-input-streaming-end`) is held from its first chunk until the `tool-call` chunk
 * completes it; then its keys, strings and numbers are checked at once (`kind: 'tool-input'`) and
 * the call goes out as it came, or redacted inside its string values (one delta carrying the
 * redacted JSON, and the `tool-call` chunk with the redacted `args`, which the tool then runs
 * with), or the run is blocked before any of it went out. A `drop` verdict blocks a tool call:
 * a call cannot run with arguments nobody saw.
 *
 * Order: nothing overtakes held output. Other chunks that arrive while something is held are
 * queued behind it and go out, in arrival order, as soon as what is before them is released;
 * with nothing held they pass straight through. The check never runs per chunk: at most once per
 * `windowChars - overlapChars` new characters, plus once at the text's end and once per tool
 * call. Bookkeeping lives in the hook's `state`, so one window (and one processor) serves
 * concurrent runs.
 *
 * Use: `processOutputStream(args) { return this.window.process(args); }`.
 */
export class StreamTextWindow {
  /** Characters collected before a check. */
  readonly windowChars: number;
  /** Characters held back and re-checked after each non-final check. */
  readonly overlapChars: number;
  readonly #check: StreamWindowCheck;
  readonly #processorId: string;
  readonly #stateKey: string;
  readonly #step: number;
  #checks = 0;

  constructor(options: StreamWindowOptions) {
    const processorId = options.processorId ?? 'stream-window';
    if (typeof options.check !== 'function') {
      throw invalidProcessorOption(
        processorId,
        'check',
        `the stream window needs a "check" function (text, info) => verdict (got ${describeOptionValue(options.check)}).`,
      );
    }
    const windowChars = options.windowChars ?? DEFAULT_WINDOW_CHARS;
    const overlapChars = options.overlapChars ?? Math.min(DEFAULT_OVERLAP_CHARS, Math.floor(windowChars / 2));
    if (!Number.isSafeInteger(windowChars) || windowChars < 1) {
      throw invalidProcessorOption(
        processorId,
        'stream.windowChars',
        `stream.windowChars must be a positive integer number of characters (got ${describeOptionValue(windowChars)}).`,
      );
    }
    if (!Number.isSafeInteger(overlapChars) || overlapChars < 0 || overlapChars >= windowChars) {
      throw invalidProcessorOption(
        processorId,
        'stream.overlapChars',
        `stream.overlapChars must be an integer from 0 to windowChars - 1 (${windowChars - 1}) (got ${describeOptionValue(overlapChars)}).`,
      );
    }
    this.windowChars = windowChars;
    this.overlapChars = overlapChars;
    this.#check = options.check;
    this.#processorId = processorId;
    this.#stateKey = options.stateKey ?? 'sluice.streamWindow';
    this.#step = Math.max(1, windowChars - overlapChars);
  }

  /** Checks run by this window so far, over all runs (for tests and benchmarks). */
  get checkCount(): number {
    return this.#checks;
  }

  /**
   * What this window released of the run's answer text so far, or `undefined` when none. A
   * final-result check can skip a response whose text equals a `whole` release: it was checked.
   */
  releasedText(state: ProcessorState): StreamWindowReleased | undefined {
    const own = state[this.#stateKey] as WindowState | undefined;
    if (own === undefined || own.texts === 0) return undefined;
    const held = own.text.open.size > 0 || own.text.ended !== undefined;
    return { text: own.released, whole: own.texts === 1 && !held };
  }

  /**
   * Feed one chunk; returns what to emit now (`null` when nothing: the chunk is held), as
   * `processOutputStream` may return it.
   */
  async process(args: StreamWindowArgs): Promise<ChunkType | ChunkType[] | null> {
    const { part } = args;
    const state = this.#stateOf(args.state);
    switch (part.type) {
      case 'text-delta':
      case 'reasoning-delta': {
        const text = part.type === 'text-delta';
        // The answer starts: the reasoning before it is complete.
        if (text && hasTexts(state.reasoning)) await this.#finishAll(state, state.reasoning, args);
        const buffer = this.#append(
          state,
          text ? state.text : state.reasoning,
          text ? 'text' : 'reasoning',
          part,
        );
        if (
          buffer.total - buffer.cut >= this.windowChars &&
          buffer.total - buffer.lastCheckEnd >= this.#step
        ) {
          await this.#checkBuffer(state, buffer, false, args);
        }
        return this.#drain(state, null);
      }
      case 'text-start':
        if (hasTexts(state.reasoning)) await this.#finishAll(state, state.reasoning, args);
        break;
      case 'text-end':
        await this.#endBlock(state, state.text, part.payload.id, args);
        break;
      case 'reasoning-end':
        await this.#endBlock(state, state.reasoning, part.payload.id, args);
        break;
      default:
        if (TOOL_INPUT.has(part.type)) return this.#toolChunk(state, part, args);
        if (FLUSHED_BY.has(part.type)) {
          if (hasTexts(state.reasoning)) await this.#finishAll(state, state.reasoning, args);
          if (hasTexts(state.text)) await this.#finishAll(state, state.text, args);
          // A call whose input never completed: its text is checked as it is.
          for (const hold of state.tools.values()) await this.#checkTool(state, hold, args);
          state.tools.clear();
        } else if (DROPPED_BY.has(part.type)) {
          dropTexts(state.text);
          dropTexts(state.reasoning);
          for (const hold of state.tools.values()) hold.dropped = true;
          state.tools.clear();
        }
    }
    // Nothing held or queued: the chunk passes as it is, at no cost.
    if (state.head === state.segments.length) return part;
    return this.#drain(state, part);
  }

  #stateOf(state: ProcessorState): WindowState {
    let own = state[this.#stateKey] as WindowState | undefined;
    if (own === undefined) {
      own = {
        text: { open: new Map(), ended: undefined },
        reasoning: { open: new Map(), ended: undefined },
        tools: new Map(),
        segments: [],
        head: 0,
        released: '',
        texts: 0,
      };
      state[this.#stateKey] = own;
    }
    return own;
  }

  #append(
    state: WindowState,
    texts: Texts,
    kind: 'text' | 'reasoning',
    part: ChunkType & { type: 'text-delta' | 'reasoning-delta' },
  ): TextBuffer {
    const id = part.payload.id;
    let buffer = texts.open.get(id);
    if (buffer === undefined) {
      // A block starting after another one ended continues its text.
      buffer = texts.ended;
      texts.ended = undefined;
      buffer ??= {
        kind,
        id,
        runId: part.runId,
        from: part.from,
        raw: '',
        base: 0,
        total: 0,
        cut: 0,
        lastCheckEnd: 0,
        emitted: 0,
        edits: [],
        editHead: 0,
        dropped: false,
      };
      texts.open.set(id, buffer);
    }
    const text = part.payload.text;
    buffer.raw += text;
    buffer.total += text.length;
    const last = state.segments[state.segments.length - 1];
    if (state.head < state.segments.length && last?.buffer === buffer && last.id === id)
      last.end = buffer.total;
    else state.segments.push({ buffer, id, end: buffer.total });
    return buffer;
  }

  /**
   * A block ended: its text stays held (the next block may continue it) until that next block
   * fills a window or the text ends. A text ended earlier that nothing continued is checked now.
   */
  async #endBlock(state: WindowState, texts: Texts, id: string, args: StreamWindowArgs): Promise<void> {
    const buffer = texts.open.get(id);
    if (buffer === undefined) return;
    texts.open.delete(id);
    const previous = texts.ended;
    texts.ended = buffer;
    if (previous !== undefined && previous !== buffer) await this.#finish(state, previous, args);
  }

  /** Every text of this kind gets its last check. */
  async #finishAll(state: WindowState, texts: Texts, args: StreamWindowArgs): Promise<void> {
    const ended = texts.ended;
    texts.ended = undefined;
    if (ended !== undefined) await this.#finish(state, ended, args);
    if (texts.open.size === 0) return;
    const open = [...new Set(texts.open.values())];
    texts.open.clear();
    for (const buffer of open) if (buffer !== ended) await this.#finish(state, buffer, args);
  }

  /** The text's last check; it goes out and a later text of its kind starts afresh. */
  async #finish(state: WindowState, buffer: TextBuffer, args: StreamWindowArgs): Promise<void> {
    if (buffer.kind === 'text' && buffer.total > 0) state.texts++;
    await this.#checkBuffer(state, buffer, true, args);
  }

  /** A chunk of a tool call's input: held until the call is complete, then checked. */
  async #toolChunk(
    state: WindowState,
    part: ChunkType,
    args: StreamWindowArgs,
  ): Promise<ChunkType | ChunkType[] | null> {
    // A tool call ends the text before it: that text goes out first, checked.
    if (hasTexts(state.reasoning)) await this.#finishAll(state, state.reasoning, args);
    if (hasTexts(state.text)) await this.#finishAll(state, state.text, args);
    const id = (part as ChunkType & { payload: { toolCallId: string } }).payload.toolCallId;
    let hold = state.tools.get(id);
    if (hold === undefined) {
      hold = { toolCallId: id, chunks: [], input: '', call: undefined, out: undefined, dropped: false };
      state.tools.set(id, hold);
      state.segments.push({ tool: hold });
    }
    if (part.type === 'tool-call') {
      hold.call = part;
      state.tools.delete(id);
      await this.#checkTool(state, hold, args);
    } else {
      if (part.type === 'tool-call-delta') hold.input += part.payload.argsTextDelta;
      hold.chunks.push(part);
    }
    return this.#drain(state, null);
  }

  /** Check a tool call's input once and decide what of it goes out. */
  async #checkTool(state: WindowState, hold: ToolHold, args: StreamWindowArgs): Promise<void> {
    const call = hold.call;
    const callArgs = call?.payload.args;
    const input = toolInputText(callArgs, hold.chunks.length > 0 ? hold.input : undefined);
    if (input.text === '') {
      hold.out = call === undefined ? hold.chunks : [...hold.chunks, call];
      return;
    }
    this.#checks++;
    const verdict = await this.#check(input.text, {
      final: true,
      kind: 'tool-input',
      textId: hold.toolCallId,
      ...(call !== undefined ? { toolName: call.payload.toolName } : {}),
      contextLength: 0,
      offset: 0,
      state: args.state,
      abort: args.abort,
      abortSignal: args.abortSignal,
      tracingContext: args.tracingContext,
      usageRecorder: args.usageRecorder,
    });
    const action = verdict?.action ?? 'release';
    if (action === 'release') {
      hold.out = call === undefined ? hold.chunks : [...hold.chunks, call];
      return;
    }
    if (action === 'redact') {
      const spans = (verdict as { spans: readonly StreamWindowSpan[] }).spans;
      this.#validateSpans(spans);
      const redacted = redactToolInput(input, callArgs, spans);
      if (redacted === undefined) {
        hold.out = call === undefined ? hold.chunks : [...hold.chunks, call];
        return;
      }
      const argsText = redacted.raw ?? serializeArgs(redacted.args);
      if (argsText === undefined) {
        // The client must see the arguments the tool runs with; these cannot be written out.
        this.#clear(state);
        return args.abort(
          `Blocked: ${this.#processorId} redacted the input of tool call ${hold.toolCallId}, but the redacted arguments are too deep to serialise; the call cannot run with arguments the client did not see.`,
        );
      }
      const out: ChunkType[] = [];
      let deltaOut = false;
      for (const chunk of hold.chunks) {
        if (chunk.type !== 'tool-call-delta') out.push(chunk);
        else if (!deltaOut) {
          // The whole redacted argument text in one delta, where the first delta was.
          deltaOut = true;
          out.push({ ...chunk, payload: { ...chunk.payload, argsTextDelta: argsText } });
        }
      }
      if (call !== undefined) {
        const payload = { ...call.payload };
        if (redacted.args !== undefined) payload.args = redacted.args as Record<string, unknown>;
        out.push({ ...call, payload });
      }
      hold.out = out;
      return;
    }
    if (action === 'block' || action === 'drop') {
      const name = call?.payload.toolName;
      const reason =
        action === 'block'
          ? (verdict as { reason: string }).reason
          : `Blocked: ${this.#processorId} flagged the input of tool call ${name === undefined ? '' : `"${name}" `}(${hold.toolCallId}); a tool call cannot be filtered, since it cannot run with arguments nobody saw.`;
      const metadata = action === 'block' ? (verdict as { metadata?: unknown }).metadata : undefined;
      this.#clear(state);
      return args.abort(reason, { metadata: metadata as never });
    }
    throw new GuardrailCheckError(
      this.#processorId,
      `${this.#processorId}: the stream window check returned an unknown verdict ${JSON.stringify(action)}; use 'release', 'redact', 'drop' or 'block'.`,
    );
  }

  /** Nothing held is released after a block. */
  #clear(state: WindowState): void {
    state.text.open.clear();
    state.text.ended = undefined;
    state.reasoning.open.clear();
    state.reasoning.ended = undefined;
    state.tools.clear();
    state.segments.length = 0;
    state.head = 0;
  }

  async #checkBuffer(
    state: WindowState,
    buffer: TextBuffer,
    final: boolean,
    args: StreamWindowArgs,
  ): Promise<void> {
    if (buffer.total === buffer.cut) return;
    let start = Math.max(buffer.base, buffer.cut - this.overlapChars);
    // Never start the context inside a character.
    if (start > buffer.base && isLowSurrogate(buffer.raw.charCodeAt(start - buffer.base))) start++;
    const text = buffer.raw.slice(start - buffer.base);
    this.#checks++;
    const verdict = await this.#check(text, {
      final,
      kind: buffer.kind,
      textId: buffer.id,
      contextLength: buffer.cut - start,
      offset: start,
      state: args.state,
      abort: args.abort,
      abortSignal: args.abortSignal,
      tracingContext: args.tracingContext,
      usageRecorder: args.usageRecorder,
    });
    buffer.lastCheckEnd = buffer.total;
    if (verdict === null || verdict === undefined || verdict.action === 'release') {
      this.#decide(buffer, final, []);
      return;
    }
    switch (verdict.action) {
      case 'redact':
        this.#decide(buffer, final, this.#normalize(verdict.spans, start, buffer));
        return;
      case 'drop':
        buffer.edits.push({ start: buffer.cut, end: buffer.total, replacement: '', emitted: false });
        buffer.cut = buffer.total;
        return;
      case 'block':
        this.#clear(state);
        return args.abort(verdict.reason, { metadata: verdict.metadata as never });
      default:
        throw new GuardrailCheckError(
          this.#processorId,
          `${this.#processorId}: the stream window check returned an unknown verdict ${JSON.stringify((verdict as { action?: unknown }).action)}; use 'release', 'redact', 'drop' or 'block'.`,
        );
    }
  }

  #validateSpans(spans: readonly StreamWindowSpan[]): void {
    for (const span of spans) {
      if (
        !Number.isInteger(span.start) ||
        !Number.isInteger(span.end) ||
        span.start < 0 ||
        span.end < span.start ||
        typeof span.replacement !== 'string'
      ) {
        throw new GuardrailCheckError(
          this.#processorId,
          `${this.#processorId}: the stream window check returned a bad span ${JSON.stringify(span)}; spans need integer start <= end in the checked text and a string replacement.`,
        );
      }
    }
  }

  /** Absolute, clipped to the undecided text, sorted and merged. */
  #normalize(spans: readonly StreamWindowSpan[], start: number, buffer: TextBuffer): Edit[] {
    const edits: Edit[] = [];
    this.#validateSpans(spans);
    for (const span of spans) {
      const from = Math.max(start + span.start, buffer.cut);
      const to = Math.min(start + span.end, buffer.total);
      if (to <= from) continue;
      edits.push({ start: from, end: to, replacement: span.replacement, emitted: false });
    }
    edits.sort((a, b) => a.start - b.start);
    const merged: Edit[] = [];
    for (const edit of edits) {
      const last = merged[merged.length - 1];
      if (last !== undefined && edit.start < last.end) last.end = Math.max(last.end, edit.end);
      else merged.push(edit);
    }
    return merged;
  }

  /** Move the decided boundary: all text when final, else all but a tail no match reaches into. */
  #decide(buffer: TextBuffer, final: boolean, edits: readonly Edit[]): void {
    let cut = buffer.total;
    if (!final) {
      cut = buffer.total - this.overlapChars;
      // Prefer to cut after whitespace, so a word is not split between windows.
      const floor = Math.max(buffer.cut, cut - this.overlapChars);
      for (let i = cut; i > floor; i--) {
        const c = buffer.raw.charCodeAt(i - 1 - buffer.base);
        if (c === 32 || c === 10 || c === 9 || c === 13) {
          cut = i;
          break;
        }
      }
      if (cut > buffer.base && isLowSurrogate(buffer.raw.charCodeAt(cut - buffer.base))) cut--;
      for (const edit of edits) {
        // A match crossing the cut, or touching the end of the text (it may still grow), is held whole.
        if (edit.start < cut && (edit.end > cut || edit.end >= buffer.total)) {
          cut = edit.start;
          break;
        }
      }
      if (cut < buffer.cut) cut = buffer.cut;
    }
    for (const edit of edits) if (edit.end <= cut) buffer.edits.push(edit);
    buffer.cut = cut;
  }

  /** Emit queued output from the head while what is in it is decided; `then` is queued last. */
  #drain(state: WindowState, then: ChunkType | null): ChunkType | ChunkType[] | null {
    if (then !== null) state.segments.push({ chunk: then });
    let out: ChunkType | ChunkType[] | null = null;
    const segments = state.segments;
    while (state.head < segments.length) {
      const segment = segments[state.head] as Segment;
      if (segment.chunk !== undefined) {
        out = addChunk(out, segment.chunk);
        state.head++;
        continue;
      }
      if (segment.tool !== undefined) {
        const hold = segment.tool;
        if (!hold.dropped) {
          if (hold.out === undefined) break;
          for (const chunk of hold.out) out = addChunk(out, chunk);
        }
        state.head++;
        continue;
      }
      const buffer = segment.buffer;
      if (buffer.dropped) {
        buffer.emitted = Math.max(buffer.emitted, segment.end);
        state.head++;
        continue;
      }
      const upto = Math.min(segment.end, buffer.cut);
      if (upto > buffer.emitted) {
        const text = this.#render(buffer, upto);
        if (text !== '') {
          if (buffer.kind === 'text') state.released += text;
          out = addChunk(out, {
            type: buffer.kind === 'text' ? 'text-delta' : 'reasoning-delta',
            runId: buffer.runId,
            from: buffer.from,
            payload: { id: segment.id, text },
          });
        }
      }
      if (upto < segment.end) break;
      state.head++;
    }
    if (state.head === segments.length) {
      segments.length = 0;
      state.head = 0;
    } else if (state.head > 64) {
      segments.splice(0, state.head);
      state.head = 0;
    }
    return out;
  }

  /** The text of `buffer` from `emitted` to `upto` with its decided edits applied once. */
  #render(buffer: TextBuffer, upto: number): string {
    let out = '';
    let pos = buffer.emitted;
    const edits = buffer.edits;
    while (buffer.editHead < edits.length) {
      const edit = edits[buffer.editHead] as Edit;
      if (edit.start >= upto) break;
      if (edit.start > pos) out += buffer.raw.slice(pos - buffer.base, edit.start - buffer.base);
      if (!edit.emitted) {
        out += edit.replacement;
        edit.emitted = true;
      }
      if (edit.end <= upto) {
        pos = Math.max(pos, edit.end);
        buffer.editHead++;
      } else {
        pos = upto;
        break;
      }
    }
    if (pos < upto) out += buffer.raw.slice(pos - buffer.base, upto - buffer.base);
    buffer.emitted = upto;
    if (buffer.editHead > 32) {
      edits.splice(0, buffer.editHead);
      buffer.editHead = 0;
    }
    // Forget raw text nobody needs: emitted, and older than the next check's left context.
    const keep = Math.min(buffer.emitted, buffer.cut - this.overlapChars);
    if (keep - buffer.base > 4 * this.windowChars) {
      buffer.raw = buffer.raw.slice(keep - buffer.base);
      buffer.base = keep;
    }
    return out;
  }
}

/** A {@link StreamTextWindow} with these options. */
export function createStreamWindow(options: StreamWindowOptions): StreamTextWindow {
  return new StreamTextWindow(options);
}

function hasTexts(texts: Texts): boolean {
  return texts.ended !== undefined || texts.open.size > 0;
}

/** Held text of an abandoned attempt: never released. */
function dropTexts(texts: Texts): void {
  if (texts.ended !== undefined) texts.ended.dropped = true;
  for (const buffer of texts.open.values()) buffer.dropped = true;
  texts.ended = undefined;
  texts.open.clear();
}

/** `value` as JSON, or `undefined` when it cannot be serialised (nested too deep). */
function serializeArgs(value: unknown): string | undefined {
  try {
    return JSON.stringify(value ?? {});
  } catch {
    return undefined;
  }
}
