// Seeds 001/002: the client side of the custom-chunk example, reading data-* chunks.
import { agent, updateDisplayedMessage } from './helpers.js';

const stream = await agent.stream('Hello');

for await (const chunk of stream.fullStream) {
  if (chunk.type === 'data-moderation-update') {
    // Show the moderated text.
    updateDisplayedMessage(chunk.data.moderatedText);
  }
}
