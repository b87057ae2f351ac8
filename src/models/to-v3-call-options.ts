import type {
  LanguageModelV2FilePart,
  LanguageModelV2Message,
  LanguageModelV2Prompt,
  LanguageModelV2ToolResultOutput,
  LanguageModelV2ToolResultPart,
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  LanguageModelV3Prompt,
  LanguageModelV3ProviderTool,
  LanguageModelV3ToolResultOutput,
} from '@ai-sdk/provider';
import { copyCallOptions } from './copy-call-options.js';
import { normalizeFileData } from './file-data.js';
import { mapCopyOnWrite } from './map-copy-on-write.js';
import type { ModelCallOptions, ModelTool } from './types.js';

/**
 * Translates Sluice's spec-V2-shaped call options to spec-V3 call options. Settings, headers,
 * `providerOptions`, `toolChoice`, `responseFormat` and `abortSignal` carry over as they are;
 * provider-defined tools become V3 `provider` tools; tool-result `media` content becomes
 * `image-data`/`file-data`; URL strings in file parts are normalised (see `normalizeFileData`).
 */
export function toV3CallOptions(options: ModelCallOptions): LanguageModelV3CallOptions {
  const tools = options.tools;
  return copyCallOptions(
    options,
    toV3Prompt(options.prompt),
    tools === undefined ? undefined : tools.map(toV3Tool),
  ) as LanguageModelV3CallOptions;
}

/** Translates a spec-V2 prompt to spec V3, reusing every message that needs no change. */
export function toV3Prompt(prompt: LanguageModelV2Prompt): LanguageModelV3Prompt {
  return mapCopyOnWrite(prompt, toV3Message) as LanguageModelV3Prompt;
}

/** Translates one tool definition to spec V3. */
function toV3Tool(tool: ModelTool): LanguageModelV3FunctionTool | LanguageModelV3ProviderTool {
  if (tool.type === 'function') return tool;
  return { type: 'provider', id: tool.id, name: tool.name, args: tool.args };
}

function toV3Message(message: LanguageModelV2Message): LanguageModelV2Message {
  switch (message.role) {
    case 'system':
      return message;
    case 'user': {
      const content = mapCopyOnWrite(message.content, (part) =>
        part.type === 'file' ? toV3File(part) : part,
      );
      return content === message.content ? message : { ...message, content };
    }
    case 'assistant': {
      const content = mapCopyOnWrite(message.content, (part) => {
        if (part.type === 'file') return toV3File(part);
        if (part.type === 'tool-result') return toV3ToolResult(part);
        return part;
      });
      return content === message.content ? message : { ...message, content };
    }
    case 'tool': {
      const content = mapCopyOnWrite(message.content, toV3ToolResult);
      return content === message.content ? message : { ...message, content };
    }
    default:
      return message;
  }
}

function toV3File(part: LanguageModelV2FilePart): LanguageModelV2FilePart {
  const data = normalizeFileData(part.data);
  return data === part.data ? part : { ...part, data };
}

function toV3ToolResult(part: LanguageModelV2ToolResultPart): LanguageModelV2ToolResultPart {
  const output = toV3ToolOutput(part.output);
  return output === part.output ? part : { ...part, output: output as LanguageModelV2ToolResultOutput };
}

function toV3ToolOutput(
  output: LanguageModelV2ToolResultOutput,
): LanguageModelV2ToolResultOutput | LanguageModelV3ToolResultOutput {
  if (output.type !== 'content') return output;
  const value = mapCopyOnWrite(output.value, (item) => {
    if (item.type !== 'media') return item;
    return item.mediaType.startsWith('image/')
      ? { type: 'image-data' as const, data: item.data, mediaType: item.mediaType }
      : { type: 'file-data' as const, data: item.data, mediaType: item.mediaType };
  });
  return value === output.value ? output : ({ type: 'content', value } as LanguageModelV3ToolResultOutput);
}
