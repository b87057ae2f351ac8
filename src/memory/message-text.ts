/**
 * The text memory reads from a stored message (for embedding, recall queries and recalled
 * lines). Shared by `Memory` and its processors, below both.
 */
import type { MastraDBMessage } from '../messages/types.js';

/** Text of a message's text parts (legacy `content.content` when it has none). */
export function textOf(message: MastraDBMessage): string {
  let text = '';
  for (const part of message.content.parts) if (part.type === 'text') text += (text ? '\n' : '') + part.text;
  return text === '' && typeof message.content.content === 'string' ? message.content.content : text;
}
