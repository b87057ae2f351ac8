import type { LanguageModelV2Prompt, LanguageModelV2ToolChoice } from '@ai-sdk/provider';
import type { ModelCallOptions } from '../models/types.js';
import type { StepSettings } from '../processors/runner.js';
import type { ResolvedToolSet } from '../tools/index.js';
import { structuredOutputFormat } from './structured-output.js';
import type { ToolChoice } from './types.js';

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
  const format = settings.structuredOutput
    ? await structuredOutputFormat(settings.structuredOutput)
    : undefined;
  const active = settings.activeTools ? new Set(settings.activeTools) : undefined;
  const choice = toSpecToolChoice(settings.toolChoice);
  const sendTools = !(choice.type === 'none' && format?.responseFormat);
  const tools = [];
  if (sendTools) {
    for (const [name, tool] of toolSet) {
      if (active && !active.has(name)) continue;
      tools.push(tool.modelTool);
    }
  }
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
