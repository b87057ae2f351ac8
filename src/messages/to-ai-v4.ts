import type { LanguageModelV2Message, LanguageModelV2ToolResultOutput } from '@ai-sdk/provider';
import { getMessageText, partsWithTextFallback } from './message-text.js';
import type {
  CoreAssistantMessage,
  CoreMessage,
  CoreToolMessage,
  CoreUserMessage,
  MastraDBMessage,
  ToolInvocation,
  UIMessageV4,
} from './types.js';

/**
 * AI SDK 4 UI messages: the flattened `content` text, the stored parts (format 2 parts are the
 * v4 UI parts), `toolInvocations` mirroring the tool-invocation parts, and the legacy fields the
 * message carries. Signal rows are left out, as `ui()` does by default. Linear.
 */
export function toUIMessagesV4(messages: readonly MastraDBMessage[]): UIMessageV4[] {
  const out: UIMessageV4[] = [];
  for (const message of messages) {
    if (message.role === 'signal') continue;
    const { content } = message;
    const parts = partsWithTextFallback(message);
    const ui: UIMessageV4 = {
      id: message.id,
      role: message.role,
      content: getMessageText(message),
      createdAt: message.createdAt,
      parts: parts === content.parts ? [...parts] : parts,
    };
    let invocations: ToolInvocation[] | undefined;
    for (const part of parts) {
      if (part.type !== 'tool-invocation') continue;
      invocations ??= [];
      invocations.push(part.toolInvocation);
    }
    if (invocations !== undefined) ui.toolInvocations = invocations;
    if (content.experimental_attachments !== undefined)
      ui.experimental_attachments = content.experimental_attachments;
    if (content.reasoning !== undefined) ui.reasoning = content.reasoning;
    if (content.annotations !== undefined) ui.annotations = content.annotations;
    if (content.metadata !== undefined) ui.metadata = content.metadata;
    out.push(ui);
  }
  return out;
}

/** A tool result's value as AI SDK 4 had it (`result`), from the v5 `output` wrapper. */
function resultOf(output: LanguageModelV2ToolResultOutput): unknown {
  return 'value' in output ? output.value : output;
}

type V2Part = Exclude<LanguageModelV2Message['content'], string>[number];

/** One v5 (spec V2) content part in v4 naming: `args`, `result`/`isError`, `mimeType`, user images. */
function v4Part(part: V2Part, inUserMessage: boolean): unknown {
  switch (part.type) {
    case 'file': {
      const { mediaType, data, filename, providerOptions } = part;
      const options = providerOptions ? { providerOptions } : {};
      if (inUserMessage && mediaType.startsWith('image/'))
        return { type: 'image', image: data, mimeType: mediaType, ...options };
      return {
        type: 'file',
        data,
        mimeType: mediaType,
        ...(filename !== undefined ? { filename } : {}),
        ...options,
      };
    }
    case 'tool-call': {
      const { input, ...rest } = part;
      return { ...rest, args: input };
    }
    case 'tool-result': {
      const { output, ...rest } = part;
      const isError = output.type === 'error-text' || output.type === 'error-json';
      return { ...rest, result: resultOf(output), ...(isError ? { isError: true } : {}) };
    }
    default:
      return part;
  }
}

/**
 * Spec-V2 prompt messages (the v5 model-message shapes) in AI SDK 4 core-message naming. System
 * messages pass as they are. Linear.
 */
export function toCoreMessagesV4(messages: readonly LanguageModelV2Message[]): CoreMessage[] {
  const out: CoreMessage[] = [];
  for (const message of messages) {
    if (message.role === 'system') {
      out.push(message);
      continue;
    }
    const user = message.role === 'user';
    const content = (message.content as V2Part[]).map((part) => v4Part(part, user));
    out.push({ ...message, content } as CoreUserMessage | CoreAssistantMessage | CoreToolMessage);
  }
  return out;
}
