import type { MastraDBMessage, MastraMessagePart, TextUIPart } from './types.js';

/**
 * The text of a stored message: the `text` of its `content.parts` text parts, concatenated.
 * Only when the message has no text part at all does the legacy `content.content` string count.
 */
export function getMessageText(message: MastraDBMessage): string {
  let text = '';
  let found = false;
  for (const part of message.content.parts) {
    if (part.type === 'text') {
      text += part.text;
      found = true;
    }
  }
  if (found) return text;
  return typeof message.content.content === 'string' ? message.content.content : '';
}

/**
 * The parts a conversion should read: `content.parts`, plus a synthesized leading text part
 * holding the legacy `content.content` when the message has no text part of its own.
 */
export function partsWithTextFallback(message: MastraDBMessage): MastraMessagePart[] {
  const parts = message.content.parts;
  const legacy = message.content.content;
  if (typeof legacy !== 'string' || legacy === '') return parts;
  for (const part of parts) if (part.type === 'text') return parts;
  const fallback: TextUIPart = { type: 'text', text: legacy };
  return [fallback, ...parts];
}
