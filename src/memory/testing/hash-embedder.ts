/**
 * A deterministic embedding model for tests and the offline demo: each lower-cased word is
 * hashed (FNV-1a) into one of `dimensions` buckets, so texts sharing words have a high cosine
 * similarity and unrelated texts a low one. No network, same vectors on every run.
 */
import type { EmbeddingModel } from '../embedder.js';

/** A bag-of-words embedder; `calls` records every batch it embedded. */
export class HashEmbedder implements EmbeddingModel {
  readonly specificationVersion = 'v2';
  readonly provider = 'sluice-test';
  readonly modelId = 'hash-embedder';
  readonly maxEmbeddingsPerCall = 64;
  readonly calls: string[][] = [];
  readonly #dimensions: number;

  constructor(dimensions = 64) {
    this.#dimensions = dimensions;
  }

  /** Embed each value; usage counts words. */
  async doEmbed({
    values,
  }: {
    values: string[];
  }): Promise<{ embeddings: number[][]; usage: { tokens: number } }> {
    this.calls.push([...values]);
    let tokens = 0;
    const embeddings = values.map((value) => {
      const vector = new Array<number>(this.#dimensions).fill(0);
      for (const word of value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
        if (word.length < 3) continue; // stop-word-ish noise
        tokens++;
        let hash = 0x811c9dc5;
        for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193) >>> 0;
        vector[hash % this.#dimensions] = (vector[hash % this.#dimensions] ?? 0) + 1;
      }
      return vector;
    });
    return { embeddings, usage: { tokens } };
  }
}
