// Seeds 000/003 ("Reading text from messages"): parts first, legacy `content.content` as fallback.
import type { MastraDBMessage } from 'sluice/memory';

export function getText(message: MastraDBMessage): string {
  let text = '';

  if (message.content.parts) {
    for (const part of message.content.parts) {
      if (part.type === 'text' && typeof part.text === 'string') {
        text += part.text;
      }
    }
  }

  // Older messages may only have the flattened string.
  if (!text && typeof message.content.content === 'string') {
    text = message.content.content;
  }

  return text;
}
