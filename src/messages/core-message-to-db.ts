import { fileDataToString, parseDataUrl } from './encoding.js';
import { isRecord } from './is-record.js';
import { readToolResultValue } from './tool-result-value.js';
import type { MastraMessagePart, ProviderMetadata, ToolInvocationUIPart } from './types.js';

type Loose = Record<string, unknown>;

function metadataFrom(part: Loose): { providerMetadata?: ProviderMetadata } {
  return isRecord(part.providerOptions) ? { providerMetadata: part.providerOptions as ProviderMetadata } : {};
}

function mediaTypeOf(part: Loose, data: string, fallback: string): string {
  if (typeof part.mediaType === 'string') return part.mediaType;
  if (typeof part.mimeType === 'string') return part.mimeType;
  return parseDataUrl(data)?.mediaType ?? fallback;
}

/**
 * Convert the `content` of a core/model message (AI SDK v4 or v5; string or part array) into
 * stored parts. `image` parts become `file` parts (media type `image/*` when none is known);
 * `tool-call` parts become `tool-invocation` parts in state `'call'` with `args` taken from
 * v5 `input` or v4 `args`; `tool-result` parts inside an assistant message (provider-executed
 * tools) complete the matching call of the same message. A part that is not an object or has
 * an unknown type is reported to `onUnknown` (which may throw) and skipped; tool-approval parts
 * (AI SDK v6), which have no stored counterpart, are skipped without a report.
 */
export function coreContentToParts(
  content: unknown,
  onUnknown?: (part: unknown, position: number) => void,
): MastraMessagePart[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  const parts: MastraMessagePart[] = [];
  let calls: Map<string, ToolInvocationUIPart> | undefined;
  for (let position = 0; position < content.length; position++) {
    const raw: unknown = content[position];
    if (!isRecord(raw)) {
      onUnknown?.(raw, position);
      continue;
    }
    switch (raw.type) {
      case 'text':
        parts.push({ type: 'text', text: String(raw.text ?? ''), ...metadataFrom(raw) });
        break;
      case 'image': {
        const data = fileDataToString(raw.image);
        parts.push({ type: 'file', data, mimeType: mediaTypeOf(raw, data, 'image/*'), ...metadataFrom(raw) });
        break;
      }
      case 'file': {
        const data = fileDataToString(raw.data);
        parts.push({
          type: 'file',
          data,
          mimeType: mediaTypeOf(raw, data, 'application/octet-stream'),
          ...(typeof raw.filename === 'string' ? { filename: raw.filename } : {}),
          ...metadataFrom(raw),
        });
        break;
      }
      case 'reasoning': {
        const text = String(raw.text ?? '');
        const detail =
          typeof raw.signature === 'string'
            ? { type: 'text' as const, text, signature: raw.signature }
            : { type: 'text' as const, text };
        parts.push({ type: 'reasoning', reasoning: text, details: [detail], ...metadataFrom(raw) });
        break;
      }
      case 'redacted-reasoning':
        parts.push({
          type: 'reasoning',
          reasoning: '',
          details: [{ type: 'redacted', data: String(raw.data ?? '') }],
          ...metadataFrom(raw),
        });
        break;
      case 'tool-call': {
        const part: ToolInvocationUIPart = {
          type: 'tool-invocation',
          toolInvocation: {
            state: 'call',
            toolCallId: String(raw.toolCallId ?? ''),
            toolName: String(raw.toolName ?? ''),
            args: raw.input ?? raw.args ?? {},
          },
          ...(raw.providerExecuted === true ? { providerExecuted: true } : {}),
          ...metadataFrom(raw),
        };
        calls ??= new Map();
        calls.set(part.toolInvocation.toolCallId, part);
        parts.push(part);
        break;
      }
      case 'tool-result': {
        const toolCallId = String(raw.toolCallId ?? '');
        const call = calls?.get(toolCallId);
        const { result, isError } = readToolResultValue(raw);
        const toolName = String(raw.toolName ?? call?.toolInvocation.toolName ?? '');
        const invocation = {
          state: 'result' as const,
          toolCallId,
          toolName,
          args: call?.toolInvocation.args ?? {},
          result,
          ...(isError ? { isError: true } : {}),
        };
        if (call) call.toolInvocation = invocation;
        else parts.push({ type: 'tool-invocation', toolInvocation: invocation, providerExecuted: true });
        break;
      }
      case 'tool-approval-request':
      case 'tool-approval-response':
        break;
      default:
        onUnknown?.(raw, position);
        break;
    }
  }
  return parts;
}
