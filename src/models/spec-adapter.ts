import type { Transformer } from 'node:stream/web';
import { MASTRA_MODEL_MARKER } from './is-mastra-language-model.js';
import { adaptedStreamResult } from './map-stream.js';
import { resolveSupportedUrls } from './resolve-supported-urls.js';
import type { MastraLanguageModel, ModelCallOptions, ModelStreamPart, ModelStreamResult } from './types.js';

/** The part of an AI SDK language model (any spec version) an adapter touches. */
interface SpecLanguageModel<CallOptions, Part> {
  readonly provider: string;
  readonly modelId: string;
  readonly supportedUrls?: unknown;
  doStream(options: CallOptions): PromiseLike<{
    stream: ReadableStream<Part>;
    request?: { body?: unknown };
    response?: { headers?: Record<string, string> };
  }>;
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

  async doStream(options: ModelCallOptions): Promise<ModelStreamResult> {
    const result = await this.original.doStream(this.#spec.toCallOptions(options));
    return adaptedStreamResult(result, this.#spec.transformer);
  }
}
