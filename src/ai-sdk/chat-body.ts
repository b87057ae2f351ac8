import { ChatRequestError } from './chat-request-error.js';

/** A part of a UI message as the handler accepts it: an object with a string `type`. */
export interface ChatUIPart {
  type: string;
  [key: string]: unknown;
}

/** A UI message as `useChat` sends it (the fields every `ai` 5–7 `UIMessage` has). */
export interface ChatUIMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: ChatUIPart[];
  metadata?: unknown;
}

/** The validated body of a `useChat` request. */
export interface ChatRequestBody {
  /** The chat id: the thread, unless the handler's `thread` option says otherwise. */
  id: string;
  messages: ChatUIMessage[];
  trigger: 'submit-message' | 'regenerate-message';
  /** The message being regenerated (`regenerate-message`). */
  messageId: string | undefined;
}

const MAX_ID_LENGTH = 256;
/** Part types a user may send: what `useChat`'s `sendMessage` produces. */
const USER_PARTS = new Set(['text', 'file']);
/** Part types of an assistant message the client echoes back (no memory: the client holds the history). */
const ASSISTANT_PARTS = new Set([
  'text',
  'reasoning',
  'file',
  'source-url',
  'source-document',
  'step-start',
  'dynamic-tool',
]);

/**
 * The request body as text, refused once it passes `maxBytes` (by `content-length` before
 * reading, and by counting while reading, since the header may be absent or wrong).
 */
export async function readChatBody(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    parts.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function tooLarge(maxBytes: number): ChatRequestError {
  return new ChatRequestError(
    'CHAT_REQUEST_TOO_LARGE',
    `The request body is larger than ${maxBytes} bytes. Send fewer or smaller messages (the server's maxBodyBytes).`,
  );
}

function invalid(message: string): ChatRequestError {
  return new ChatRequestError('CHAT_REQUEST_INVALID', message);
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a parsed `useChat` body: `{ id, messages, trigger?, messageId? }`. Messages come only
 * from users and assistants (a client cannot add system messages), at most `maxMessages`, each
 * with an id and parts of the kinds `useChat` produces. Extra body fields are ignored.
 */
export function parseChatBody(text: string, maxMessages: number): ChatRequestBody {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid('The request body is not JSON. Send the body useChat sends: { id, messages, trigger }.');
  }
  if (!isRecord(body)) throw invalid('The request body must be a JSON object { id, messages, trigger }.');
  if (!isId(body.id))
    throw invalid(`"id" (the chat id) must be a string of 1 to ${MAX_ID_LENGTH} characters.`);
  const trigger = body.trigger ?? 'submit-message';
  if (trigger !== 'submit-message' && trigger !== 'regenerate-message')
    throw invalid('"trigger" must be "submit-message" or "regenerate-message".');
  if (body.messageId !== undefined && !isId(body.messageId))
    throw invalid(`"messageId" must be a string of 1 to ${MAX_ID_LENGTH} characters.`);
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0)
    throw invalid('"messages" must be a non-empty array.');
  if (messages.length > maxMessages)
    throw invalid(`"messages" holds ${messages.length} messages; at most ${maxMessages} are accepted.`);
  return {
    id: body.id,
    messages: messages.map(checkMessage),
    trigger,
    messageId: body.messageId as string | undefined,
  };
}

function checkMessage(message: unknown, index: number): ChatUIMessage {
  const at = `messages[${index}]`;
  if (!isRecord(message)) throw invalid(`${at} must be an object { id, role, parts }.`);
  if (!isId(message.id)) throw invalid(`${at}.id must be a string of 1 to ${MAX_ID_LENGTH} characters.`);
  const role = message.role;
  if (role !== 'user' && role !== 'assistant')
    throw invalid(`${at}.role must be "user" or "assistant" (system messages are set on the server).`);
  if (!Array.isArray(message.parts)) throw invalid(`${at}.parts must be an array.`);
  const allowed = role === 'user' ? USER_PARTS : ASSISTANT_PARTS;
  const parts = message.parts.map((part, j): ChatUIPart => {
    if (!isRecord(part) || typeof part.type !== 'string')
      throw invalid(`${at}.parts[${j}] must be an object with a "type".`);
    const type = part.type;
    const known =
      allowed.has(type) || (role === 'assistant' && (type.startsWith('tool-') || type.startsWith('data-')));
    if (!known)
      throw invalid(
        `${at}.parts[${j}] has type "${type.slice(0, 64)}", which a ${role} message cannot carry.`,
      );
    if (type === 'text' && typeof part.text !== 'string')
      throw invalid(`${at}.parts[${j}].text must be a string.`);
    if (type === 'file' && (typeof part.url !== 'string' || typeof part.mediaType !== 'string'))
      throw invalid(`${at}.parts[${j}] (a file) needs a string "url" and "mediaType".`);
    return part as ChatUIPart;
  });
  return {
    id: message.id,
    role,
    parts,
    ...(message.metadata !== undefined ? { metadata: message.metadata } : {}),
  };
}
