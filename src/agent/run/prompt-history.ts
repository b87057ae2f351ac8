/**
 * The prompts of a run's steps, kept for the `step-start` chunks' `inputMessages`.
 *
 * Why: a run's chunks stay in its chunk log (readers may attach late and read from the start),
 * and each step's prompt holds the whole conversation so far. Kept as they are, the prompts of
 * an n-step tool loop hold O(n²) messages while the run lasts. Consecutive prompts are mostly the
 * same messages (the conversation only grows), so each distinct message is stored once, in a
 * log, and a step's prompt is a few runs of log positions; `inputMessages` is rebuilt from them
 * when read. Memory is linear in the conversation, whatever the number of steps.
 */
import type { LanguageModelV2Message, LanguageModelV2Prompt } from '@ai-sdk/provider';

/** A step's prompt as runs of log positions: `[start, length, start, length, …]`. */
type Runs = number[];

export class PromptHistory {
  readonly #log: LanguageModelV2Message[] = [];
  /** The previous step's prompt, as log positions, to match the next one against. */
  #previous: number[] = [];

  /**
   * Records one step's prompt; returns a function that rebuilds it (an equal prompt, whose
   * messages are shared with other steps' — treat it as read-only).
   */
  record(prompt: LanguageModelV2Prompt): () => LanguageModelV2Prompt {
    const positions: number[] = new Array(prompt.length);
    for (let i = 0; i < prompt.length; i++) {
      const message = prompt[i] as LanguageModelV2Message;
      const before = this.#previous[i];
      if (before !== undefined && sameValue(this.#log[before], message)) positions[i] = before;
      else positions[i] = this.#log.push(message) - 1;
    }
    this.#previous = positions;
    const runs: Runs = [];
    for (const p of positions) {
      const last = runs.length - 2;
      if (last >= 0 && (runs[last] as number) + (runs[last + 1] as number) === p) runs[last + 1]++;
      else runs.push(p, 1);
    }
    const log = this.#log;
    return () => {
      const out: LanguageModelV2Message[] = [];
      for (let r = 0; r < runs.length; r += 2) {
        const start = runs[r] as number;
        const end = start + (runs[r + 1] as number);
        for (let p = start; p < end; p++) out.push(log[p] as LanguageModelV2Message);
      }
      return out;
    };
  }
}

/** How deep `sameValue` compares before it calls two values different (then one is stored twice). */
const MAX_COMPARE_DEPTH = 64;

/**
 * Structural equality of prompt values (plain objects, arrays, primitives, bytes, URLs, dates),
 * iterative. Unknown objects are equal only when identical.
 */
function sameValue(a: unknown, b: unknown): boolean {
  const stack: Array<[unknown, unknown, number]> = [[a, b, 0]];
  while (stack.length > 0) {
    const [x, y, depth] = stack.pop() as [unknown, unknown, number];
    if (Object.is(x, y)) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (depth >= MAX_COMPARE_DEPTH) return false;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], y[i], depth + 1]);
      continue;
    }
    if (x instanceof Uint8Array || y instanceof Uint8Array) {
      if (!(x instanceof Uint8Array && y instanceof Uint8Array) || x.byteLength !== y.byteLength)
        return false;
      for (let i = 0; i < x.byteLength; i++) if (x[i] !== y[i]) return false;
      continue;
    }
    if (x instanceof URL || y instanceof URL || x instanceof Date || y instanceof Date) {
      if (Object.getPrototypeOf(x) !== Object.getPrototypeOf(y) || String(x) !== String(y)) return false;
      continue;
    }
    const px = Object.getPrototypeOf(x);
    if ((px !== Object.prototype && px !== null) || Object.getPrototypeOf(y) !== px) return false;
    const kx = Object.keys(x);
    if (kx.length !== Object.keys(y).length) return false;
    for (const k of kx) {
      if (!Object.hasOwn(y, k)) return false;
      stack.push([(x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k], depth + 1]);
    }
  }
  return true;
}
