import type { Transformer } from 'node:stream/web';
import { generateResultParts, type SpecGenerateResult, streamOfParts } from './generate-result-parts.js';
import { MASTRA_MODEL_MARKER } from './is-mastra-language-model.js';
import { adaptedStreamResult } from './map-stream.js';
import { resolveSupportedUrls } from './resolve-supported-urls.js';
import type { MastraLanguageModel, ModelCallOptions, ModelStreamPart, ModelStreamResult } from './types.js';

/** The part of an AI SDK language model (any spec version) an adapter touches. */
interface SpecLanguageModel<CallOptions, Part> {
  readonly provider: string;
  readonly modelId: string;
  readonly supportedUrls?: unknown;
  /** At least one of `doStream` and `doGenerate` is a function (`toMastraModel` checks). */
  doStream?(options: CallOptions): PromiseLike<{
    stream: ReadableStream<Part>;
    request?: { body?: unknown };
    response?: { headers?: Record<string, string> };
  }>;
  doGenerate?(options: CallOptions): PromiseLike<SpecGenerateResult>;
}

/** How one spec version differs: its call options and its stream parts. */
export interface SpecVersion<CallOptions, Part> {
  version: 'v2' | 'v3' | 'v4';
  toCallOptions(options: ModelCallOptions): CallOptions;
  transformer: Transformer<Part, ModelStreamPart>;
}

/**
 * Wraps an AI SDK model of one spec version as a {@link MastraLanguageModel}. The three
 * versions differ only in their {@link SpecVersion}; a rejected `doStream` propagates unchanged,
 * so the provider's own `APICallError` reaches the caller.
 */
export class SpecModelAdapter<CallOptions, Part> implements MastraLanguageModel {
  readonly [MASTRA_MODEL_MARKER] = true;
  readonly specificationVersion: 'v2' | 'v3' | 'v4';
  readonly original: SpecLanguageModel<CallOptions, Part>;
  readonly #spec: SpecVersion<CallOptions, Part>;

  constructor(model: SpecLanguageModel<CallOptions, Part>, spec: SpecVersion<CallOptions, Part>) {
    this.original = model;
    this.#spec = spec;
    this.specificationVersion = spec.version;
  }

  get provider(): string {
    return this.original.provider;
  }

  get modelId(): string {
    return this.original.modelId;
  }

  supportedUrls(): Promise<Record<string, RegExp[]>> {
    return resolveSupportedUrls(this.original.supportedUrls);
  }

  /**
   * Streams the call. A model that cannot stream (no `doStream`, or one that rejects with
   * `Error('Not implemented')`, as the AI SDK's `ai/test` mocks do for a method the test did
   * not script) answers through `doGenerate`, sent on as parts.
   */
  doStream(options: ModelCallOptions): Promise<ModelStreamResult> {
    return this.#call('doStream', options);
  }

  /**
   * The call in one go (`doGenerate`), returned as the same normalised parts a stream gives. A
   * model that cannot answer in one go (as for `doStream`, above) streams instead.
   */
  doGenerate(options: ModelCallOptions): Promise<ModelStreamResult> {
    return this.#call('doGenerate', options);
  }

  async #call(method: 'doStream' | 'doGenerate', options: ModelCallOptions): Promise<ModelStreamResult> {
    const other = method === 'doStream' ? 'doGenerate' : 'doStream';
    const model = this.original;
    if (typeof model[method] !== 'function') return this.#run(other, options);
    try {
      return await this.#run(method, options);
    } catch (error) {
      if (isNotImplemented(error) && typeof model[other] === 'function') return this.#run(other, options);
      throw error;
    }
  }

  async #run(method: 'doStream' | 'doGenerate', options: ModelCallOptions): Promise<ModelStreamResult> {
    const model = this.original;
    const callOptions = this.#spec.toCallOptions(options);
    if (method === 'doStream') {
      const result = await (model.doStream as NonNullable<typeof model.doStream>).call(model, callOptions);
      return adaptedStreamResult(result, this.#spec.transformer);
    }
    const result = await (model.doGenerate as NonNullable<typeof model.doGenerate>).call(model, callOptions);
    const stream = streamOfParts(generateResultParts(result)) as ReadableStream<Part>;
    const facts = result as Partial<SpecGenerateResult> | null | undefined;
    return adaptedStreamResult(
      { stream, request: facts?.request, response: facts?.response },
      this.#spec.transformer,
    );
  }
}

function isNotImplemented(error: unknown): boolean {
  return error instanceof Error && error.message === 'Not implemented';
}
