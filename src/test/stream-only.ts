import { type SupportedLanguageModel, toMastraModel } from '../models/to-mastra-model.js';
import type { MastraLanguageModel } from '../models/types.js';

/**
 * `model` with only its streaming call: `agent.generate()` then streams it too, instead of
 * calling its `doGenerate` (which answers in one go, one text delta per text block). For tests
 * of processors that act on individual deltas through `generate()`. Calls still reach `model`,
 * so a `ScriptedModel`'s `calls` record them.
 *
 * @example
 * const model = new ScriptedModel({ steps: [{ text: ['a', 'b', 'c'] }] });
 * const agent = new Agent({ id: 'a', instructions: '…', model: streamOnly(model), outputProcessors });
 * await agent.generate('go'); // processOutputStream sees the deltas 'a', 'b', 'c'
 */
export function streamOnly(model: SupportedLanguageModel): MastraLanguageModel {
  const adapted = toMastraModel(model);
  return {
    specificationVersion: adapted.specificationVersion,
    provider: adapted.provider,
    modelId: adapted.modelId,
    original: adapted.original,
    supportedUrls: () => adapted.supportedUrls(),
    doStream: (options) => adapted.doStream(options),
  };
}
