import type { StructuredOutputOptions } from '../models/call-settings.js';
import { resolveModel } from '../models/resolve-model.js';
import { StructuredOutputProcessor } from '../processors/structured-output/index.js';

/**
 * The processor a call's `structuredOutput: { schema, model }` adds to its output lane, or
 * `undefined` without `model` (the agent's own model answers in JSON then). The model is
 * resolved now, so a bad router string or a missing key fails the call at setup.
 */
export async function structuringProcessorFor(
  options: StructuredOutputOptions | undefined,
): Promise<StructuredOutputProcessor | undefined> {
  if (options?.model === undefined || options.model === null) return undefined;
  return new StructuredOutputProcessor({ ...options, model: await resolveModel(options.model as never) });
}
