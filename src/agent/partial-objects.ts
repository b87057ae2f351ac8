import { ChunkFrom, type ChunkType } from '../stream/chunk-types.js';
import type { Emit } from './model-call.js';
import { parsePartialJson } from './partial-json.js';

const AGENT = ChunkFrom.AGENT;

/**
 * For structured-output steps: the partial value to announce before a text delta, when the delta
 * changes it. Re-parses the step's text per delta, so it costs O(answer²) on these steps only;
 * structured answers are small and the plain-text path never pays it.
 */
export class PartialObjects {
  #text = '';
  #last: string | undefined;
  readonly #runId: string;

  constructor(runId: string) {
    this.#runId = runId;
  }

  /** The `object` chunk to emit before this delta, if the partial value changed. */
  next(delta: string): ChunkType | undefined {
    this.#text += delta;
    const value = parsePartialJson(this.#text.replace(/^\s*```(?:json)?\s*/, ''));
    if (value === undefined || typeof value !== 'object' || value === null) return undefined;
    const key = JSON.stringify(value);
    if (key === this.#last) return undefined;
    this.#last = key;
    return { type: 'object', runId: this.#runId, from: AGENT, object: value as never };
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
