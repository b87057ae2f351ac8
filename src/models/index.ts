export { adaptV2 } from './adapt-v2.js';
export { adaptV3 } from './adapt-v3.js';
export { adaptV4 } from './adapt-v4.js';
export { normalizeFileData, toV4FileData } from './file-data.js';
export { finishReasonFromUnified, rawFinishReasonOf } from './finish-reason.js';
export { isMastraLanguageModel, MASTRA_MODEL_MARKER } from './is-mastra-language-model.js';
export {
  importProviderModule,
  isModuleNotFound,
  loadProviderFactory,
  type ProviderModuleLoader,
} from './load-provider-package.js';
export {
  type ModelRouterConfig,
  type ModelSpec,
  type ResolveModelOptions,
  resolveModel,
} from './resolve-model.js';
export { resolveSupportedUrls } from './resolve-supported-urls.js';
export {
  type ParsedRouterId,
  parseRouterId,
  ROUTER_PREFIXES,
  ROUTER_PROVIDERS,
  type RouterProvider,
  type RouterProviderId,
} from './router.js';
export { type SupportedLanguageModel, toMastraModel } from './to-mastra-model.js';
export { normalizeV2Prompt, toV2CallOptions } from './to-v2-call-options.js';
export { toV3CallOptions, toV3Prompt, toV3Tool } from './to-v3-call-options.js';
export { toV4CallOptions, toV4Prompt, toV4Tool } from './to-v4-call-options.js';
export type * from './types.js';
export { addTokenCounts, usageFromFlat, usageFromNested } from './usage.js';
export { toV2Warning, toV2Warnings } from './warnings.js';
