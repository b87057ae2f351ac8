import { isSchemeUrl } from './encoding.js';
import { isRecord } from './is-record.js';
import { getMessageText, partsWithTextFallback } from './message-text.js';
import type {
  MastraDBMessage,
  MastraMessagePart,
  ToolInvocationUIPart,
  UIMessage,
  UIMessagePart,
} from './types.js';

/** Options of {@link toUIMessages}. */
export interface ToUIMessagesOptions {
  /**
   * Include `role: 'signal'` rows. They are hidden by default (signals are model-facing
   * reminders, not chat content). When included, each becomes a `user` message holding one
   * `data-signal` part whose data is `content.metadata.signal` (or `{ contents }` when absent).
   */
  includeSignals?: boolean;
}

function fileUrl(data: string, mediaType: string): string {
  if (data.startsWith('data:') || isSchemeUrl(data)) return data;
  return `data:${mediaType};base64,${data}`;
}

function errorText(result: unknown): string {
  if (typeof result === 'string') return result;
  if (result instanceof Error) return result.message;
  try {
    return JSON.stringify(result) ?? String(result);
  } catch {
    return String(result);
  }
}

function toolPart(part: ToolInvocationUIPart): UIMessagePart {
  const invocation = part.toolInvocation;
  const base = {
    type: `tool-${invocation.toolName}` as const,
    toolCallId: invocation.toolCallId,
    input: invocation.args,
    ...(part.providerExecuted ? { providerExecuted: true } : {}),
  };
  if (invocation.state === 'partial-call') return { ...base, state: 'input-streaming' };
  if (invocation.state === 'call') return { ...base, state: 'input-available' };
  if (invocation.isError) return { ...base, state: 'output-error', errorText: errorText(invocation.result) };
  return { ...base, state: 'output-available', output: invocation.result };
}

function uiPart(part: MastraMessagePart): UIMessagePart | undefined {
  switch (part.type) {
    case 'text':
      return {
        type: 'text',
        text: part.text,
        state: 'done',
        ...(part.providerMetadata ? { providerMetadata: part.providerMetadata } : {}),
      };
    case 'reasoning': {
      let text = part.reasoning;
      if (!text) for (const detail of part.details ?? []) if (detail.type === 'text') text += detail.text;
      return {
        type: 'reasoning',
        text,
        state: 'done',
        ...(part.providerMetadata ? { providerMetadata: part.providerMetadata } : {}),
      };
    }
    case 'tool-invocation':
      return toolPart(part);
    case 'file':
      return {
        type: 'file',
        mediaType: part.mimeType,
        url: fileUrl(part.data, part.mimeType),
        ...(part.filename !== undefined ? { filename: part.filename } : {}),
        ...(part.providerMetadata ? { providerMetadata: part.providerMetadata } : {}),
      };
    case 'source':
      return {
        type: 'source-url',
        sourceId: part.source.id,
        url: part.source.url,
        ...(part.source.title !== undefined ? { title: part.source.title } : {}),
        ...(part.source.providerMetadata ? { providerMetadata: part.source.providerMetadata } : {}),
      };
    case 'step-start':
      return { type: 'step-start' };
    default:
      if (part.type.startsWith('data-')) {
        const data = part as Extract<MastraMessagePart, { type: `data-${string}` }>;
        return { type: data.type, data: data.data, ...(data.id !== undefined ? { id: data.id } : {}) };
      }
      return undefined;
  }
}

/**
 * Convert stored messages into AI SDK v5 `UIMessage`s: `text`, `reasoning`, `tool-<name>`
 * (state `input-streaming` / `input-available` / `output-available` / `output-error`),
 * `file` (`url` = the stored data; raw base64 is wrapped in a data URL), `source-url`,
 * `step-start` and `data-*` parts; `metadata` = the row's `content.metadata`. The legacy
 * `content.content` becomes a text part only when the row has no text part. Signal rows are
 * hidden unless `includeSignals` is set. Linear.
 */
export function toUIMessages(
  messages: readonly MastraDBMessage[],
  options: ToUIMessagesOptions = {},
): UIMessage[] {
  const out: UIMessage[] = [];
  for (const message of messages) {
    if (message.role === 'signal') {
      if (!options.includeSignals) continue;
      const signal = message.content.metadata?.signal;
      out.push({
        id: message.id,
        role: 'user',
        parts: [
          { type: 'data-signal', data: isRecord(signal) ? signal : { contents: getMessageText(message) } },
        ],
        ...(message.content.metadata ? { metadata: message.content.metadata } : {}),
      });
      continue;
    }
    const parts: UIMessagePart[] = [];
    for (const part of partsWithTextFallback(message)) {
      const converted = uiPart(part);
      if (converted) parts.push(converted);
    }
    out.push({
      id: message.id,
      role: message.role,
      parts,
      ...(message.content.metadata ? { metadata: message.content.metadata } : {}),
    });
  }
  return out;
}
