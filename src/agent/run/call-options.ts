import type { LanguageModelV2Prompt, LanguageModelV2ToolChoice } from '@ai-sdk/provider';
import { ConfigurationError } from '../../errors/configuration-error.js';
import type { ModelCallOptions } from '../../models/types.js';
import type { StepSettings } from '../../pipeline/runner.js';
import { structuredOutputFormat } from '../../processors/structured-output/structured-output.js';
import type { ResolvedToolSet } from '../../tools/resolved-tool-set.js';
import type { ToolChoice } from '../types.js';

/** A forced tool choice must name a tool the step actually sends; say so before the provider does. */
function checkToolChoice(choice: LanguageModelV2ToolChoice, toolSet: ResolvedToolSet): void {
  if (choice.type === 'tool' && !toolSet.has(choice.toolName)) {
    throw new ConfigurationError(
      'TOOL_CHOICE_UNKNOWN_TOOL',
      `toolChoice names tool "${choice.toolName}", which this step does not send (available: ${[...toolSet.keys()].join(', ') || 'none'}). Add it to tools/activeTools or change toolChoice.`,
    );
  }
  if (choice.type === 'required' && toolSet.size === 0) {
    throw new ConfigurationError(
      'TOOL_CHOICE_UNKNOWN_TOOL',
      `toolChoice is 'required' but this step sends no tools. Add tools, widen activeTools, or use 'auto'.`,
    );
  }
}

/** Map the documented `toolChoice` forms onto the provider spec. */
export function toSpecToolChoice(choice: ToolChoice | undefined): LanguageModelV2ToolChoice {
  if (choice === undefined || choice === 'auto') return { type: 'auto' };
  if (choice === 'none') return { type: 'none' };
  if (choice === 'required') return { type: 'required' };
  return { type: 'tool', toolName: choice.toolName };
}

/**
 * Build the provider call for one step.
 *
 * `toolChoice: 'none'` keeps the tool definitions (earlier tool calls in the prompt stay valid);
 * they are dropped only when the same step sends a structured-output schema.
 */
export async function buildCallOptions(args: {
  prompt: LanguageModelV2Prompt;
  settings: StepSettings;
  toolSet: ResolvedToolSet;
  abortSignal: AbortSignal | undefined;
}): Promise<ModelCallOptions> {
  const { settings, toolSet } = args;
  if (settings.structuredOutput?.model != null) {
    // The agent takes `model` off the call's options (the processor handles it), so this came
    // from a step override, which cannot add an output processor mid-run.
    throw new ConfigurationError(
      'STRUCTURED_OUTPUT_MODEL_IN_STEP',
      'A processInputStep/prepareStep override set structuredOutput.model: a structuring model can only be chosen for the whole call. Pass structuredOutput: { schema, model } to generate()/stream(), put a StructuredOutputProcessor in outputProcessors, or leave model out so this step answers in JSON itself.',
    );
  }
  const format = settings.structuredOutput
    ? await structuredOutputFormat(settings.structuredOutput)
    : undefined;
  const choice = toSpecToolChoice(settings.toolChoice);
  const sendTools = !(choice.type === 'none' && format?.responseFormat);
  // `toolSet` is already limited to the step's active tools.
  const tools = sendTools ? toolSet.modelTools() : [];
  checkToolChoice(choice, toolSet);
  const s = settings.modelSettings ?? {};
  const prompt = format?.instruction
    ? [{ role: 'system' as const, content: format.instruction }, ...args.prompt]
    : args.prompt;
  return {
    prompt,
    tools: tools.length > 0 ? tools : undefined,
    toolChoice: tools.length > 0 ? choice : undefined,
    responseFormat: format?.responseFormat,
    maxOutputTokens: s.maxOutputTokens,
    temperature: s.temperature,
    topP: s.topP,
    topK: s.topK,
    presencePenalty: s.presencePenalty,
    frequencyPenalty: s.frequencyPenalty,
    stopSequences: s.stopSequences,
    seed: s.seed,
    headers: s.headers,
    providerOptions: settings.providerOptions,
    abortSignal: args.abortSignal,
  };
}
