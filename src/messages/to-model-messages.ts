import type {
  LanguageModelV2FilePart,
  LanguageModelV2Message,
  LanguageModelV2ReasoningPart,
  LanguageModelV2TextPart,
  LanguageModelV2ToolCallPart,
  LanguageModelV2ToolResultPart,
  SharedV2ProviderOptions,
} from '@ai-sdk/provider';
import { getMessageText, partsWithTextFallback } from './message-text.js';
import { toPromptFileData } from './prompt-file-data.js';
import { renderSignalMessage } from './signal-text.js';
import { toToolResultOutput } from './tool-output.js';
import type {
  FileUIPart,
  MastraDBMessage,
  ProviderMetadata,
  ReasoningUIPart,
  ToolInvocationUIPart,
} from './types.js';
import {
  attachmentName,
  attachmentPlaceholder,
  isDecodableDataUrl,
  normalizeUrl,
  unavailableAttachmentsOf,
} from './unavailable-attachments.js';

/** Options of {@link toModelMessages}. */
export interface ToModelMessagesOptions {
  /**
   * Leave out tool calls that have no result yet (state `'call'`/`'partial-call'`).
   * Providers reject a tool call that is not followed by its result, so prompts set this;
   * plain model-message views keep them. Default `false`.
   */
  omitUnresolvedToolCalls?: boolean;
}

type AssistantPart =
  | LanguageModelV2TextPart
  | LanguageModelV2FilePart
  | LanguageModelV2ReasoningPart
  | LanguageModelV2ToolCallPart
  | LanguageModelV2ToolResultPart;

/** Provider metadata as provider options, without Sluice's own `mastra` namespace. */
function optionsOf(metadata: ProviderMetadata | undefined): { providerOptions?: SharedV2ProviderOptions } {
  if (!metadata) return {};
  let options: SharedV2ProviderOptions | undefined;
  for (const key of Object.keys(metadata)) {
    if (key === 'mastra') continue;
    options ??= {};
    options[key] = metadata[key]!;
  }
  return options ? { providerOptions: options } : {};
}

function filePart(part: FileUIPart): LanguageModelV2FilePart {
  const { data, mediaType } = toPromptFileData(part.data);
  return {
    type: 'file',
    data,
    mediaType: part.mimeType || mediaType || 'application/octet-stream',
    ...(part.filename !== undefined ? { filename: part.filename } : {}),
    ...optionsOf(part.providerMetadata),
  };
}

function reasoningPart(part: ReasoningUIPart): LanguageModelV2ReasoningPart | undefined {
  let text = part.reasoning;
  let signature: string | undefined;
  let redacted: string | undefined;
  for (const detail of part.details ?? []) {
    if (detail.type === 'text') {
      if (!part.reasoning) text += detail.text;
      signature ??= detail.signature;
    } else redacted ??= detail.data;
  }
  const options = optionsOf(part.providerMetadata);
  if (!options.providerOptions && (signature !== undefined || redacted !== undefined)) {
    options.providerOptions = {
      anthropic: signature !== undefined ? { signature } : { redactedData: redacted! },
    };
  }
  if (text === '' && !options.providerOptions) return undefined;
  return { type: 'reasoning', text, ...options };
}

function toolCallPart(part: ToolInvocationUIPart): LanguageModelV2ToolCallPart {
  const invocation = part.toolInvocation;
  return {
    type: 'tool-call',
    toolCallId: invocation.toolCallId,
    toolName: invocation.toolName,
    input: invocation.args ?? {},
    ...(part.providerExecuted ? { providerExecuted: true } : {}),
    ...optionsOf(part.providerMetadata),
  };
}

function toolResultPart(part: ToolInvocationUIPart): LanguageModelV2ToolResultPart {
  return {
    type: 'tool-result',
    toolCallId: part.toolInvocation.toolCallId,
    toolName: part.toolInvocation.toolName,
    output: toToolResultOutput(part),
    ...optionsOf(part.providerMetadata),
  };
}

/**
 * A file as the model gets it: the file, or `[Attachment unavailable: <name>]` when it was
 * recorded as undeliverable on its message or is a `data:` URL that cannot be decoded.
 */
function deliverableFilePart(
  part: FileUIPart,
  unavailable: Map<string, string> | undefined,
): LanguageModelV2TextPart | LanguageModelV2FilePart {
  const recorded = unavailable?.get(normalizeUrl(part.data));
  if (recorded !== undefined) {
    // The part's own file name wins: one URL may be attached under several names.
    return { type: 'text', text: attachmentPlaceholder(part.filename?.trim() || recorded) };
  }
  if (part.data.startsWith('data:') && !isDecodableDataUrl(part.data)) {
    return {
      type: 'text',
      text: attachmentPlaceholder(attachmentName({ filename: part.filename, mediaType: part.mimeType })),
    };
  }
  return filePart(part);
}

function userContent(message: MastraDBMessage): Array<LanguageModelV2TextPart | LanguageModelV2FilePart> {
  const content: Array<LanguageModelV2TextPart | LanguageModelV2FilePart> = [];
  const fileUrls = new Set<string>();
  const unavailable = unavailableAttachmentsOf(message);
  for (const part of partsWithTextFallback(message)) {
    if (part.type === 'text')
      content.push({ type: 'text', text: part.text, ...optionsOf(part.providerMetadata) });
    else if (part.type === 'file') {
      fileUrls.add(part.data);
      content.push(deliverableFilePart(part, unavailable));
    }
  }
  for (const attachment of message.content.experimental_attachments ?? []) {
    if (fileUrls.has(attachment.url)) continue;
    content.push(
      deliverableFilePart(
        {
          type: 'file',
          data: attachment.url,
          mimeType: attachment.contentType ?? '',
          ...(attachment.name !== undefined ? { filename: attachment.name } : {}),
        },
        unavailable,
      ),
    );
  }
  return content;
}

/** Emit one assistant message per step, each followed by a tool message with its results. */
function pushAssistant(
  out: LanguageModelV2Message[],
  message: MastraDBMessage,
  omitUnresolved: boolean,
  messageOptions: { providerOptions?: SharedV2ProviderOptions },
): void {
  let content: AssistantPart[] = [];
  let results: LanguageModelV2ToolResultPart[] = [];
  const unavailable = unavailableAttachmentsOf(message);
  const flush = () => {
    if (content.length > 0) out.push({ role: 'assistant', content, ...messageOptions });
    if (results.length > 0) out.push({ role: 'tool', content: results });
    content = [];
    results = [];
  };
  for (const part of partsWithTextFallback(message)) {
    switch (part.type) {
      case 'step-start':
        flush();
        break;
      case 'text':
        if (part.text === '') break;
        if (results.length > 0) flush();
        content.push({ type: 'text', text: part.text, ...optionsOf(part.providerMetadata) });
        break;
      case 'reasoning': {
        const reasoning = reasoningPart(part);
        if (!reasoning) break;
        if (results.length > 0) flush();
        content.push(reasoning);
        break;
      }
      case 'file':
        if (results.length > 0) flush();
        content.push(deliverableFilePart(part, unavailable));
        break;
      case 'tool-invocation': {
        if (part.toolInvocation.state !== 'result') {
          if (!omitUnresolved) content.push(toolCallPart(part));
          break;
        }
        content.push(toolCallPart(part));
        if (part.providerExecuted) content.push(toolResultPart(part));
        else results.push(toolResultPart(part));
        break;
      }
      default:
        break;
    }
  }
  flush();
}

/**
 * Convert stored messages into AI SDK v5-style model messages (the `LanguageModelV2Prompt`
 * message shapes), without system instructions held outside the list.
 *
 * - `system` rows → `{ role: 'system', content: text }`.
 * - `user` rows → text and file parts (plus legacy `experimental_attachments` not already
 *   present as file parts). User rows with nothing to send are dropped.
 * - `signal` rows → a user message whose text is the rendered signal tag, see
 *   `renderSignalMessage`, followed by the row's file parts.
 * - `assistant` rows are split into steps at `step-start` parts, and also where text,
 *   reasoning or a file follows client-side tool results inside one step (the model can only
 *   have produced it after seeing them). Each step yields an assistant message (text,
 *   reasoning, files, tool calls with `input` = args) and then a `tool` message with the
 *   results of that step's completed calls. Provider-executed calls keep call and result in
 *   the assistant message. Empty assistant messages are dropped, as are empty text parts.
 * - `data-*`, `source` and `step-start` parts are never sent.
 *
 * The `mastra` key of provider metadata is internal and never becomes provider options.
 * Linear in the total number of parts.
 */
export function toModelMessages(
  messages: readonly MastraDBMessage[],
  options: ToModelMessagesOptions = {},
): LanguageModelV2Message[] {
  const omitUnresolved = options.omitUnresolvedToolCalls === true;
  const out: LanguageModelV2Message[] = [];
  for (const message of messages) {
    const messageOptions = optionsOf(message.content.providerMetadata);
    switch (message.role) {
      case 'system': {
        const text = getMessageText(message);
        if (text !== '') out.push({ role: 'system', content: text, ...messageOptions });
        break;
      }
      case 'user': {
        const content = userContent(message);
        if (content.length > 0) out.push({ role: 'user', content, ...messageOptions });
        break;
      }
      case 'signal': {
        const content: Array<LanguageModelV2TextPart | LanguageModelV2FilePart> = [
          { type: 'text', text: renderSignalMessage(message) },
        ];
        const unavailable = unavailableAttachmentsOf(message);
        for (const part of message.content.parts) {
          if (part.type === 'file') content.push(deliverableFilePart(part, unavailable));
        }
        out.push({ role: 'user', content, ...messageOptions });
        break;
      }
      case 'assistant':
        pushAssistant(out, message, omitUnresolved, messageOptions);
        break;
      default:
        break;
    }
  }
  return out;
}
