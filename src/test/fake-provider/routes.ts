import { anthropicMessagesDialect } from './anthropic-messages-dialect.js';
import type { WireDialect } from './dialect.js';
import { openaiChatDialect } from './openai-chat-dialect.js';
import { openaiResponsesDialect } from './openai-responses-dialect.js';

const ROUTES: ReadonlyMap<string, WireDialect> = new Map([
  ['/v1/chat/completions', openaiChatDialect],
  ['/v1/responses', openaiResponsesDialect],
  ['/v1/messages', anthropicMessagesDialect],
]);

/** Human-readable list of the model endpoints, for error messages. */
export const SUPPORTED_ROUTES: readonly string[] = [...ROUTES.keys()].map((path) => `POST ${path}`);

/** The wire dialect served at `path`, if any. Trailing slashes are tolerated. */
export function findDialect(path: string): WireDialect | undefined {
  return ROUTES.get(path.length > 1 ? path.replace(/(?<!\/)\/+$/, '') : path);
}
