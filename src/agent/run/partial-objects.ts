import { ChunkFrom, type ChunkType } from '../../stream/chunk-types.js';
import { PartialJsonParser } from '../../util/partial-json.js';
import type { Emit } from './model-call.js';

const AGENT = ChunkFrom.AGENT;

/**
 * Each `object` chunk is a fresh copy of the whole partial value, so a chunk per delta would copy
 * O(answer²) characters. Copies are budgeted instead: at most {@link FREE_COPY} characters plus
 * {@link COPY_PER_CHAR} per character of the answer, in total. Answers up to about 1 KB (in
 * typical deltas) get a chunk whenever the value changes; longer ones get them further apart
 * (about each time the answer grew by 1/{@link COPY_PER_CHAR}); the final `object-result`
 * always carries the whole value.
 */
const FREE_COPY = 64 * 1024;
const COPY_PER_CHAR = 8;

enum Lead {
  /** Whitespace before the value, or a fence's first backticks. */
  Start,
  /** Inside the opening ```` ``` ````, counting backticks. */
  Ticks,
  /** After ```` ``` ````: an optional `json` tag. */
  Tag,
  /** After the fence (and tag): whitespace, then the value. */
  AfterFence,
  /** The value has started: characters go to the parser. */
  Json,
  /** The answer does not start with a JSON object or array: no partial objects. */
  None,
}

/**
 * For structured-output steps: the partial value to announce before a text delta, when the delta
 * changes it. Reads each character once ({@link PartialJsonParser}); an answer that does not
 * start with `{` or `[` (after whitespace and an optional ```` ```json ```` fence) is
 * recognised at its first character and costs nothing more. See {@link FREE_COPY} for how often
 * chunks are sent on long answers; the final `object-result` always carries the whole value.
 */
export class PartialObjects {
  readonly #runId: string;
  readonly #parser = new PartialJsonParser();
  #lead = Lead.Start;
  #ticks = 0;
  #tag = '';
  /** Characters fed to the parser. */
  #fed = 0;
  /** Characters copied into `object` chunks so far (each copy counted as `#fed` at the time). */
  #copied = 0;

  constructor(runId: string) {
    this.#runId = runId;
  }

  /** The `object` chunk to emit before this delta, if the partial value changed. */
  next(delta: string): ChunkType | undefined {
    if (this.#lead === Lead.None) return undefined;
    let json = delta;
    if (this.#lead !== Lead.Json) {
      const start = this.#skipLead(delta);
      if (start < 0) return undefined;
      json = delta.slice(start);
    }
    this.#fed += json.length;
    if (!this.#parser.push(json)) return undefined;
    if (this.#copied + this.#fed > FREE_COPY + COPY_PER_CHAR * this.#fed) return undefined;
    this.#copied += this.#fed;
    const value = this.#parser.snapshot();
    if (typeof value !== 'object' || value === null) return undefined;
    return { type: 'object', runId: this.#runId, from: AGENT, object: value as never };
  }

  /** Read the answer's lead-in; returns where the value starts in `delta`, or -1. */
  #skipLead(delta: string): number {
    for (let i = 0; i < delta.length; i++) {
      const c = delta[i] as string;
      const space = c === ' ' || c === '\n' || c === '\r' || c === '\t';
      switch (this.#lead) {
        case Lead.Start:
        case Lead.AfterFence:
          if (space) continue;
          if (c === '{' || c === '[') {
            this.#lead = Lead.Json;
            return i;
          }
          if (c === '`' && this.#lead === Lead.Start) {
            this.#lead = Lead.Ticks;
            this.#ticks = 1;
            continue;
          }
          break;
        case Lead.Ticks:
          if (c === '`') {
            if (++this.#ticks === 3) this.#lead = Lead.Tag;
            continue;
          }
          break;
        case Lead.Tag:
          if (space || c === '{' || c === '[') {
            if (this.#tag !== '' && this.#tag !== 'json') break;
            this.#lead = Lead.AfterFence;
            i--; // read this character again after the fence
            continue;
          }
          if (this.#tag.length < 4 && 'json'.startsWith(this.#tag + c)) {
            this.#tag += c;
            continue;
          }
          break;
      }
      this.#lead = Lead.None;
      return -1;
    }
    return -1;
  }
}

/** With no output processors the raw text is the emitted text: wrap the emitter directly. */
export function withPartialObjects(emit: Emit, runId: string): Emit {
  const partial = new PartialObjects(runId);
  return (chunk) => {
    if (chunk.type !== 'text-delta') return emit(chunk);
    const object = partial.next(chunk.payload.text);
    if (!object) return emit(chunk);
    const pending = emit(object);
    return pending ? pending.then(() => emit(chunk)) : emit(chunk);
  };
}
