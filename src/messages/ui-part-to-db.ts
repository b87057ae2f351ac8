import { fileDataToString } from './encoding.js';
import { isRecord } from './is-record.js';
import type { MastraMessagePart, ProviderMetadata, ToolInvocation } from './types.js';

type Loose = Record<string, unknown>;

function providerMetadataOf(part: Loose): { providerMetadata?: ProviderMetadata } {
  return isRecord(part.providerMetadata)
    ? { providerMetadata: part.providerMetadata as ProviderMetadata }
    : {};
}

/** Map an AI SDK v5 tool part state onto a format-2 tool invocation. */
function v5ToolInvocation(part: Loose, toolName: string): ToolInvocation {
  const toolCallId = String(part.toolCallId ?? '');
  const args = part.input ?? part.rawInput ?? {};
  switch (part.state) {
    case 'input-streaming':
      return { state: 'partial-call', toolCallId, toolName, args };
    case 'output-available':
      return { state: 'result', toolCallId, toolName, args, result: part.output };
    case 'output-error':
      return {
        state: 'result',
        toolCallId,
        toolName,
        args,
        result: part.errorText ?? part.output,
        isError: true,
      };
    default:
      return { state: 'call', toolCallId, toolName, args };
  }
}

/**
 * Convert one UI message part, AI SDK v4 or v5, into a stored part.
 *
 * v4 parts (`text`, `reasoning` with `reasoning`/`details`, `tool-invocation`, `file` with
 * `data`/`mimeType`, `source`, `step-start`) are kept; v5 parts are translated (`reasoning`
 * with `text`, `tool-<name>`/`dynamic-tool`, `file` with `url`/`mediaType`, `source-url`,
 * `data-*`). Parts with no stored counterpart (`source-document`, unknown types) yield
 * `undefined`; {@link isKnownUIPartType} tells the two apart.
 */
export function uiPartToDBPart(part: unknown): MastraMessagePart | undefined {
  if (!isRecord(part) || typeof part.type !== 'string') return undefined;
  const type = part.type;
  switch (type) {
    case 'text':
      return { type: 'text', text: String(part.text ?? ''), ...providerMetadataOf(part) };
    case 'reasoning': {
      if (typeof part.reasoning === 'string') {
        const details = Array.isArray(part.details)
          ? (part.details as Extract<MastraMessagePart, { type: 'reasoning' }>['details'])
          : [{ type: 'text' as const, text: part.reasoning }];
        return { type: 'reasoning', reasoning: part.reasoning, details, ...providerMetadataOf(part) };
      }
      const text = String(part.text ?? '');
      return {
        type: 'reasoning',
        reasoning: text,
        details: [{ type: 'text', text }],
        ...providerMetadataOf(part),
      };
    }
    case 'tool-invocation':
      return isRecord(part.toolInvocation) ? (part as unknown as MastraMessagePart) : undefined;
    case 'dynamic-tool':
      return {
        type: 'tool-invocation',
        toolInvocation: v5ToolInvocation(part, String(part.toolName ?? '')),
        ...(part.providerExecuted === true ? { providerExecuted: true } : {}),
        ...providerMetadataOf(part),
      };
    case 'file': {
      const data = part.url ?? part.data;
      const mimeType = String(part.mediaType ?? part.mimeType ?? 'application/octet-stream');
      return {
        type: 'file',
        data: fileDataToString(data),
        mimeType,
        ...(typeof part.filename === 'string' ? { filename: part.filename } : {}),
        ...providerMetadataOf(part),
      };
    }
    case 'source':
      return isRecord(part.source) ? (part as unknown as MastraMessagePart) : undefined;
    case 'source-url':
      return {
        type: 'source',
        source: {
          sourceType: 'url',
          id: String(part.sourceId ?? ''),
          url: String(part.url ?? ''),
          ...(typeof part.title === 'string' ? { title: part.title } : {}),
          ...providerMetadataOf(part),
        },
      };
    case 'step-start':
      return typeof part.model === 'string'
        ? { type: 'step-start', model: part.model }
        : { type: 'step-start' };
    default:
      break;
  }
  if (type.startsWith('tool-')) {
    return {
      type: 'tool-invocation',
      toolInvocation: v5ToolInvocation(part, type.slice('tool-'.length)),
      ...(part.providerExecuted === true ? { providerExecuted: true } : {}),
      ...providerMetadataOf(part),
    };
  }
  if (type.startsWith('data-')) {
    return {
      type: type as `data-${string}`,
      data: part.data,
      ...(typeof part.id === 'string' ? { id: part.id } : {}),
    };
  }
  return undefined;
}

/** UI part types with no stored counterpart, dropped on purpose. */
const DROPPED_UI_TYPES = new Set(['source-document']);
const UI_TYPES = new Set([
  'text',
  'reasoning',
  'tool-invocation',
  'dynamic-tool',
  'file',
  'source',
  'source-url',
  'step-start',
  ...DROPPED_UI_TYPES,
]);

/**
 * True when `type` is a UI part type Sluice reads (or drops on purpose because it has no stored
 * counterpart), so an unknown type can be reported instead of vanishing from the conversation.
 */
export function isKnownUIPartType(type: string): boolean {
  return UI_TYPES.has(type) || type.startsWith('tool-') || type.startsWith('data-');
}
