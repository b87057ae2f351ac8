/**
 * The embedding model semantic recall uses: any AI SDK embedding model object (spec V2, V3 or
 * V4 — they share `doEmbed({ values }) → { embeddings }`). Texts are sent in batches no larger
 * than the model's `maxEmbeddingsPerCall`.
 */
import { ConfigurationError } from '../errors/configuration-error.js';
import { describeOptionValue } from '../processors/option-errors.js';

/** An AI SDK embedding model (`openai.embedding('text-embedding-3-small')`, a test embedder, …). */
export interface EmbeddingModel {
  readonly specificationVersion?: string;
  readonly provider?: string;
  readonly modelId?: string;
  readonly maxEmbeddingsPerCall?: PromiseLike<number | undefined> | number | undefined;
  doEmbed(options: {
    values: string[];
    abortSignal?: AbortSignal;
    providerOptions?: Record<string, Record<string, unknown>>;
  }): PromiseLike<{ embeddings: number[][]; usage?: { tokens: number } }>;
}

/** Embeddings of some texts, in order, and the tokens the model reported. */
export interface Embedded {
  vectors: number[][];
  tokens: number;
}

/** `embedder` as given to `new Memory()`, checked. */
export function checkEmbedder(value: unknown, owner: string): EmbeddingModel | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    throw new ConfigurationError(
      'MEMORY_INVALID_CONFIG',
      `${owner}: "embedder" ${JSON.stringify(value)} is a model id; Sluice needs an AI SDK embedding model object, e.g. openai.embedding('text-embedding-3-small') from @ai-sdk/openai.`,
      { details: { option: 'embedder' } },
    );
  }
  if (typeof (value as { doEmbed?: unknown } | null)?.doEmbed !== 'function') {
    throw new ConfigurationError(
      'MEMORY_INVALID_CONFIG',
      `${owner}: "embedder" must be an AI SDK embedding model (an object with doEmbed()), got ${describeOptionValue(value)}.`,
      { details: { option: 'embedder' } },
    );
  }
  return value as EmbeddingModel;
}

/** Embed `values` (batched by the model's limit). */
export async function embedTexts(
  model: EmbeddingModel,
  values: readonly string[],
  options: { abortSignal?: AbortSignal; providerOptions?: Record<string, Record<string, unknown>> } = {},
): Promise<Embedded> {
  if (values.length === 0) return { vectors: [], tokens: 0 };
  const limit = (await model.maxEmbeddingsPerCall) ?? values.length;
  const batch = Math.max(1, Math.min(limit, values.length));
  const vectors: number[][] = [];
  let tokens = 0;
  for (let start = 0; start < values.length; start += batch) {
    const slice = values.slice(start, start + batch);
    const result = await model.doEmbed({ values: slice, ...options });
    if (!Array.isArray(result?.embeddings) || result.embeddings.length !== slice.length) {
      throw new Error(
        `Embedding model ${model.provider ?? ''}/${model.modelId ?? 'unknown'} returned ${result?.embeddings?.length ?? 'no'} embeddings for ${slice.length} texts.`,
      );
    }
    for (const vector of result.embeddings) vectors.push(vector);
    tokens += result.usage?.tokens ?? 0;
  }
  return { vectors, tokens };
}
