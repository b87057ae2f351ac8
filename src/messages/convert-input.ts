import { describeValue } from '../errors/describe-value.js';
import { SluiceError } from '../errors/index.js';
import { coreContentToParts } from './core-message-to-db.js';
import { isRecord } from './is-record.js';
import { syncLegacyFields } from './legacy-fields.js';
import { readToolResultValue } from './tool-result-value.js';
import type {
  MastraDBMessage,
  MastraMessageContentV2,
  MastraMessagePart,
  MessageListInput,
  ToolInvocationUIPart,
} from './types.js';
import { isKnownUIPartType, uiPartToDBPart } from './ui-part-to-db.js';

/** Options of {@link convertToDBMessages}. */
export interface ConvertInputOptions {
  /** Id for messages that arrive without one. Default: `crypto.randomUUID()`. */
  generateMessageId?: () => string;
  /** Stamped on messages that carry no `threadId`. */
  threadId?: string;
  /** Stamped on messages that carry no `resourceId`. */
  resourceId?: string;
  /** Clock for messages that arrive without `createdAt`. Default: `new Date()`. */
  now?: () => Date;
  /**
   * Looks up an already stored message holding the tool call `toolCallId`, so a `tool`
   * message arriving in a later batch completes it in place. The returned message is mutated.
   */
  findToolCallMessage?: (toolCallId: string) => MastraDBMessage | undefined;
}

/** Error code thrown for input that is no supported message shape. */
export const INVALID_MESSAGE_INPUT = 'INVALID_MESSAGE_INPUT';

const ACCEPTED =
  'Accepted: a string, an AI SDK core/model message ({ role: "system" | "user" | "assistant" | "tool", content }), ' +
  'an AI SDK UI message (v5 { id, role, parts } or v4 { role, content, parts?, toolInvocations? }), ' +
  'or a MastraDBMessage ({ id, role, createdAt, content: { format: 2, parts } }).';

const UI_ROLES = new Set(['system', 'user', 'assistant']);
const DB_ROLES = new Set(['system', 'user', 'assistant', 'signal']);
const CORE_ROLES = new Set(['system', 'user', 'assistant', 'tool']);

function invalid(index: number, problem: string): SluiceError {
  return new SluiceError(
    INVALID_MESSAGE_INPUT,
    `Invalid message at index ${index}: ${problem}. ${ACCEPTED}`,
    {
      details: { index },
    },
  );
}

/** Stored parts are read by type everywhere; a part without one (e.g. `null`) is refused here. */
function checkParts(parts: readonly unknown[], index: number, where: string): void {
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (!isRecord(part) || typeof part.type !== 'string') {
      throw invalid(
        index,
        `${where}[${i}] is ${part === null ? 'null' : isRecord(part) ? 'a part without a string "type"' : `a ${typeof part}`}; every part needs a "type" (e.g. { type: 'text', text: '…' })`,
      );
    }
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a nested array';
  if (typeof value === 'object') {
    const role = (value as Record<string, unknown>).role;
    return role === undefined ? 'an object without a role' : `an object with role ${describeValue(role)}`;
  }
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return 'a function';
  return `a ${typeof value} (${describeValue(value)})`;
}

/**
 * Why a part was refused. Unknown parts fail instead of vanishing: a message reduced to nothing
 * would otherwise surface much later as a misleading empty-prompt error.
 */
function unknownPart(part: unknown, position: number, field: 'content' | 'parts'): string {
  const type = isRecord(part) ? part.type : undefined;
  const what =
    typeof type === 'string'
      ? `has the unknown type ${JSON.stringify(type.slice(0, 60))}`
      : isRecord(part)
        ? 'has no string "type"'
        : `is ${describe(part)}, not a part object`;
  return field === 'content'
    ? `content part ${position} ${what} (known: text, image, file, reasoning, redacted-reasoning, tool-call, tool-result)`
    : `parts[${position}] ${what} (known: text, reasoning, file, source-url, step-start, tool-*, dynamic-tool, data-*)`;
}

function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'string' || typeof value === 'number') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  return undefined;
}

/**
 * Normalise any supported message input into stored messages (format 2).
 *
 * Shapes are detected structurally, in this order: a string (user message); a DB message
 * (`content` is an object with a `parts` array; kept as is apart from a string `createdAt`
 * becoming a `Date` and missing id/thread/resource being filled); a UI message (top-level
 * `parts` array, or v4 `toolInvocations`/`experimental_attachments`); a core/model message
 * (`role` and string or array `content`). A `tool` message completes the matching
 * `tool-invocation` parts (state `'result'`) of the preceding assistant message in the batch,
 * else of the message `findToolCallMessage` returns, else it becomes a new assistant message
 * holding result-state invocations with empty args. Converted messages get `content.content`
 * and `content.toolInvocations` filled from their parts. Linear in the input size.
 *
 * @throws SluiceError `INVALID_MESSAGE_INPUT` naming the index of the first bad entry.
 */
export function convertToDBMessages(
  input: MessageListInput,
  options: ConvertInputOptions = {},
): MastraDBMessage[] {
  const generateId = options.generateMessageId ?? randomId;
  const now = options.now ?? currentDate;
  // One string or one stored message (the commonest inputs) need none of the machinery below.
  if (typeof input === 'string') return [stringMessage(input, options, generateId, now)];
  if (
    !Array.isArray(input) &&
    isRecord(input) &&
    isRecord(input.content) &&
    Array.isArray(input.content.parts)
  ) {
    return [dbMessage(input, input.content, 0, options, generateId, now)];
  }
  const items: unknown[] = Array.isArray(input) ? input : [input];
  const calls = new Map<string, { message: MastraDBMessage; part: ToolInvocationUIPart }>();
  const out: MastraDBMessage[] = [];

  const stamp = (
    raw: Record<string, unknown>,
    role: MastraDBMessage['role'],
    content: MastraMessageContentV2,
  ) => {
    const message: MastraDBMessage = {
      id: typeof raw.id === 'string' && raw.id !== '' ? raw.id : generateId(),
      role,
      createdAt: toDate(raw.createdAt) ?? now(),
      content,
    };
    const threadId = typeof raw.threadId === 'string' ? raw.threadId : options.threadId;
    const resourceId = typeof raw.resourceId === 'string' ? raw.resourceId : options.resourceId;
    if (threadId !== undefined) message.threadId = threadId;
    if (resourceId !== undefined) message.resourceId = resourceId;
    if (typeof raw.type === 'string') message.type = raw.type;
    return message;
  };

  const register = (message: MastraDBMessage) => {
    for (const part of message.content.parts) {
      if (part.type === 'tool-invocation') calls.set(part.toolInvocation.toolCallId, { message, part });
    }
    out.push(message);
  };

  const mergeToolMessage = (raw: Record<string, unknown>, index: number) => {
    if (!Array.isArray(raw.content))
      throw invalid(index, 'a tool message needs a content array of tool-result parts');
    let orphan: MastraDBMessage | undefined;
    const touched = new Set<MastraDBMessage>();
    for (const result of raw.content) {
      if (!isRecord(result) || result.type !== 'tool-result') continue;
      const toolCallId = String(result.toolCallId ?? '');
      const { result: value, isError } = readToolResultValue(result);
      const found = calls.get(toolCallId) ?? findExternal(toolCallId);
      const previous = found?.part.toolInvocation;
      const invocation = {
        state: 'result' as const,
        toolCallId,
        toolName: String(result.toolName ?? previous?.toolName ?? ''),
        args: previous?.args ?? {},
        result: value,
        ...(isError ? { isError: true } : {}),
        ...(previous?.step !== undefined ? { step: previous.step } : {}),
      };
      if (found) {
        found.part.toolInvocation = invocation;
        touched.add(found.message);
        continue;
      }
      if (!orphan) {
        orphan = stamp(raw, 'assistant', { format: 2, parts: [] });
        register(orphan);
      }
      const part: ToolInvocationUIPart = { type: 'tool-invocation', toolInvocation: invocation };
      orphan.content.parts.push(part);
      calls.set(toolCallId, { message: orphan, part });
      touched.add(orphan);
    }
    for (const message of touched) syncLegacyFields(message.content);
  };

  const findExternal = (toolCallId: string) => {
    const message = options.findToolCallMessage?.(toolCallId);
    if (!message) return undefined;
    for (const part of message.content.parts) {
      if (part.type === 'tool-invocation' && part.toolInvocation.toolCallId === toolCallId)
        return { message, part };
    }
    return undefined;
  };

  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    if (typeof item === 'string') {
      register(stringMessage(item, options, generateId, now));
      continue;
    }
    if (!isRecord(item)) throw invalid(index, `got ${describe(item)}`);
    const role = item.role;
    const content = item.content;

    if (isRecord(content) && Array.isArray(content.parts)) {
      register(dbMessage(item, content, index, options, generateId, now));
      continue;
    }

    const isUI =
      Array.isArray(item.parts) ||
      Array.isArray(item.toolInvocations) ||
      Array.isArray(item.experimental_attachments);
    if (isUI) {
      if (typeof role !== 'string' || !UI_ROLES.has(role)) {
        throw invalid(
          index,
          `a UI message must have role "user", "assistant" or "system", got ${describe(item)}`,
        );
      }
      register(stamp(item, role as MastraDBMessage['role'], uiContent(item, index)));
      continue;
    }

    if (
      typeof role === 'string' &&
      CORE_ROLES.has(role) &&
      (typeof content === 'string' || Array.isArray(content))
    ) {
      if (role === 'tool') {
        mergeToolMessage(item, index);
        continue;
      }
      const parts = coreContentToParts(content, (part, position) => {
        throw invalid(index, unknownPart(part, position, 'content'));
      });
      const stored: MastraMessageContentV2 = { format: 2, parts };
      if (isRecord(item.providerOptions))
        stored.providerMetadata = item.providerOptions as MastraMessageContentV2['providerMetadata'];
      register(stamp(item, role as MastraDBMessage['role'], syncLegacyFields(stored)));
      continue;
    }
    throw invalid(
      index,
      `got ${describe(item)}${typeof role === 'string' && !CORE_ROLES.has(role) ? ' (unknown role)' : ' (content must be a string or an array)'}`,
    );
  }
  return out;
}

const randomId = (): string => crypto.randomUUID();
const currentDate = (): Date => new Date();

/** A plain string: one user message with one text part. */
function stringMessage(
  text: string,
  options: ConvertInputOptions,
  generateId: () => string,
  now: () => Date,
): MastraDBMessage {
  const message: MastraDBMessage = {
    id: generateId(),
    role: 'user',
    createdAt: now(),
    content: syncLegacyFields({ format: 2, parts: [{ type: 'text', text }] }),
  };
  if (options.threadId !== undefined) message.threadId = options.threadId;
  if (options.resourceId !== undefined) message.resourceId = options.resourceId;
  return message;
}

/** A message already in stored (DB) form: checked, then copied with id, time and thread filled in. */
function dbMessage(
  item: Record<string, unknown>,
  content: Record<string, unknown>,
  index: number,
  options: ConvertInputOptions,
  generateId: () => string,
  now: () => Date,
): MastraDBMessage {
  const role = item.role;
  if (typeof role !== 'string' || !DB_ROLES.has(role)) {
    throw invalid(
      index,
      `a DB message must have role "user", "assistant", "system" or "signal", got ${describe(item)}`,
    );
  }
  checkParts(content.parts as unknown[], index, 'content.parts');
  const stored: MastraMessageContentV2 =
    content.format === 2
      ? (content as unknown as MastraMessageContentV2)
      : { ...(content as object), format: 2, parts: content.parts as MastraMessagePart[] };
  const message = { ...item, content: stored } as unknown as MastraDBMessage;
  message.id = typeof item.id === 'string' && item.id !== '' ? item.id : generateId();
  message.createdAt = toDate(item.createdAt) ?? now();
  if (message.threadId === undefined && options.threadId !== undefined) message.threadId = options.threadId;
  if (message.resourceId === undefined && options.resourceId !== undefined) {
    message.resourceId = options.resourceId;
  }
  return message;
}

/** Build format-2 content from a v4 or v5 UI message. */
function uiContent(item: Record<string, unknown>, index: number): MastraMessageContentV2 {
  const parts: MastraMessagePart[] = [];
  const legacyText = typeof item.content === 'string' && item.content !== '' ? item.content : undefined;
  if (Array.isArray(item.parts)) {
    let hasText = false;
    for (let position = 0; position < item.parts.length; position++) {
      const raw: unknown = item.parts[position];
      const part = uiPartToDBPart(raw);
      if (!part) {
        if (!isRecord(raw) || typeof raw.type !== 'string' || !isKnownUIPartType(raw.type)) {
          throw invalid(index, unknownPart(raw, position, 'parts'));
        }
        continue;
      }
      if (part.type === 'text') hasText = true;
      parts.push(part);
    }
    if (!hasText && legacyText !== undefined) parts.unshift({ type: 'text', text: legacyText });
  } else {
    if (typeof item.reasoning === 'string' && item.reasoning !== '') {
      parts.push({
        type: 'reasoning',
        reasoning: item.reasoning,
        details: [{ type: 'text', text: item.reasoning }],
      });
    }
    if (legacyText !== undefined) parts.push({ type: 'text', text: legacyText });
    if (Array.isArray(item.toolInvocations)) {
      for (const invocation of item.toolInvocations) {
        if (!isRecord(invocation)) continue;
        const toolInvocation = invocation as unknown as ToolInvocationUIPart['toolInvocation'];
        parts.push({ type: 'tool-invocation', toolInvocation });
      }
    }
  }
  if (Array.isArray(item.experimental_attachments)) {
    for (const attachment of item.experimental_attachments) {
      if (!isRecord(attachment) || typeof attachment.url !== 'string') continue;
      parts.push({
        type: 'file',
        data: attachment.url,
        mimeType:
          typeof attachment.contentType === 'string' ? attachment.contentType : 'application/octet-stream',
        ...(typeof attachment.name === 'string' ? { filename: attachment.name } : {}),
      });
    }
  }
  const content: MastraMessageContentV2 = { format: 2, parts };
  if (isRecord(item.metadata)) content.metadata = item.metadata;
  if (Array.isArray(item.annotations)) content.annotations = item.annotations;
  return syncLegacyFields(content);
}
