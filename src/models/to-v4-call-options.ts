import type {
  LanguageModelV2FilePart,
  LanguageModelV2Message,
  LanguageModelV2Prompt,
  LanguageModelV2ToolResultOutput,
  LanguageModelV2ToolResultPart,
  LanguageModelV4CallOptions,
  LanguageModelV4FilePart,
  LanguageModelV4FunctionTool,
  LanguageModelV4Prompt,
  LanguageModelV4ProviderTool,
  LanguageModelV4ToolResultOutput,
  LanguageModelV4ToolResultPart,
} from '@ai-sdk/provider';
import { copyCallOptions } from './copy-call-options.js';
import { toV4FileData } from './file-data.js';
import { mapCopyOnWrite } from './map-copy-on-write.js';
import type { ModelCallOptions, ModelTool } from './types.js';

/**
 * Translates Sluice's spec-V2-shaped call options to spec-V4 call options. File part `data`
 * becomes `{ type: 'data', data }` or `{ type: 'url', url }`; provider-defined tools become V4
 * `provider` tools; tool-result `media` content becomes V4 `file` content. Settings, headers,
 * `providerOptions`, `toolChoice`, `responseFormat` and `abortSignal` carry over. V4's
 * `reasoning` stays unset so the provider's default (or `providerOptions`) applies.
 */
export function toV4CallOptions(options: ModelCallOptions): LanguageModelV4CallOptions {
  const tools = options.tools;
  return copyCallOptions(
    options,
    toV4Prompt(options.prompt),
    tools === undefined ? undefined : tools.map(toV4Tool),
  ) as LanguageModelV4CallOptions;
}

/** Translates a spec-V2 prompt to spec V4, reusing every message that needs no change. */
export function toV4Prompt(prompt: LanguageModelV2Prompt): LanguageModelV4Prompt {
  return mapCopyOnWrite(prompt, toV4Message) as LanguageModelV4Prompt;
}

/** Translates one tool definition to spec V4. */
function toV4Tool(tool: ModelTool): LanguageModelV4FunctionTool | LanguageModelV4ProviderTool {
  if (tool.type === 'function') return tool;
  return { type: 'provider', id: tool.id, name: tool.name, args: tool.args };
}

type AnyMessage = LanguageModelV2Message | LanguageModelV4Prompt[number];

function toV4Message(message: LanguageModelV2Message): AnyMessage {
  switch (message.role) {
    case 'system':
      return message;
    case 'user': {
      const content = mapCopyOnWrite(message.content, (part) =>
        part.type === 'file' ? toV4File(part) : part,
      );
      return content === message.content ? message : ({ ...message, content } as AnyMessage);
    }
    case 'assistant': {
      const content = mapCopyOnWrite(message.content, (part) => {
        if (part.type === 'file') return toV4File(part);
        if (part.type === 'tool-result') return toV4ToolResult(part);
        return part;
      });
      return content === message.content ? message : ({ ...message, content } as AnyMessage);
    }
    case 'tool': {
      const content = mapCopyOnWrite(message.content, toV4ToolResult);
      return content === message.content ? message : ({ ...message, content } as AnyMessage);
    }
    default:
      return message;
  }
}

function toV4File(part: LanguageModelV2FilePart): LanguageModelV4FilePart {
  const out: LanguageModelV4FilePart = {
    type: 'file',
    data: toV4FileData(part.data),
    mediaType: part.mediaType,
  };
  if (part.filename !== undefined) out.filename = part.filename;
  if (part.providerOptions !== undefined) out.providerOptions = part.providerOptions;
  return out;
}

function toV4ToolResult(
  part: LanguageModelV2ToolResultPart,
): LanguageModelV2ToolResultPart | LanguageModelV4ToolResultPart {
  const output = toV4ToolOutput(part.output);
  return output === part.output ? part : ({ ...part, output } as LanguageModelV4ToolResultPart);
}

function toV4ToolOutput(
  output: LanguageModelV2ToolResultOutput,
): LanguageModelV2ToolResultOutput | LanguageModelV4ToolResultOutput {
  if (output.type !== 'content') return output;
  const value = mapCopyOnWrite(output.value, (item) =>
    item.type === 'media'
      ? { type: 'file' as const, data: { type: 'data' as const, data: item.data }, mediaType: item.mediaType }
      : item,
  );
  return value === output.value ? output : ({ type: 'content', value } as LanguageModelV4ToolResultOutput);
}
