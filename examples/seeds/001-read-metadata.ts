// Seeds 001/002: read processor-added metadata from generate()'s UI messages.
import { agent } from './helpers.js';

const result = await agent.generate('Hello');

// uiMessages carry the metadata processors added.
const assistantMessage = result.response?.uiMessages?.find((m) => m.role === 'assistant');
console.log(assistantMessage?.metadata?.customData);
