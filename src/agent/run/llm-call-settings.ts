import type { StepSettings } from '../../pipeline/runner.js';
import type { LLMCallModelSettings, LLMCallSettings } from '../../pipeline/types.js';
import { structuredOutputFormat } from '../../processors/structured-output/structured-output.js';

const ANSWER_SETTINGS = [
  'temperature',
  'topP',
  'topK',
  'maxOutputTokens',
  'presencePenalty',
  'frequencyPenalty',
  'stopSequences',
  'seed',
] as const satisfies ReadonlyArray<keyof LLMCallModelSettings>;

/**
 * The step's call settings that change the model's answer, for `processLLMRequest` (a response
 * cache keys on them). Only what the step sets is present; retries, timeouts and headers are
 * left out. The structured-output schema comes from the same (memoised) conversion the call
 * itself uses, so this adds no schema work.
 */
export async function llmCallSettings(settings: StepSettings): Promise<LLMCallSettings> {
  const out: LLMCallSettings = {};
  const s = settings.modelSettings;
  if (s) {
    let picked: LLMCallModelSettings | undefined;
    for (const name of ANSWER_SETTINGS) {
      const value = s[name];
      if (value === undefined) continue;
      picked ??= {};
      (picked as Record<string, unknown>)[name] = value;
    }
    if (picked) out.modelSettings = picked;
  }
  if (settings.providerOptions !== undefined) out.providerOptions = settings.providerOptions;
  if (settings.structuredOutput) {
    // A schema that cannot be converted fails the call in buildCallOptions, with its own error.
    const format = await structuredOutputFormat(settings.structuredOutput).catch(() => undefined);
    if (format) {
      out.responseFormat = { type: 'json' };
      if (format.responseFormat) out.responseFormat.schema = format.responseFormat.schema;
      if (format.instruction) out.responseFormat.instruction = format.instruction;
    }
  }
  return out;
}
