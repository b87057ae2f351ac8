import type { LanguageModelV2Message, LanguageModelV2Prompt } from '@ai-sdk/provider';
import { toModelMessages } from './to-model-messages.js';
import type { CoreSystemMessage, MastraDBMessage } from './types.js';

/** Flatten a system message's content: strings as is, the text parts of arrays joined with `\n`. */
export function systemMessageText(message: CoreSystemMessage): string {
  if (typeof message.content === 'string') return message.content;
  const texts: string[] = [];
  for (const part of message.content)
    if (part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
  return texts.join('\n');
}

/**
 * Build the provider prompt for one model call: the system messages first (each
 * `{ role: 'system', content: string }`, empty ones dropped, `providerOptions` kept), then
 * the conversation converted by `toModelMessages` with unresolved tool calls omitted —
 * providers reject a call whose result is missing, and a call still in state `'call'` is one
 * the model is waiting on, so it is left out together with nothing else. Linear.
 */
export function toLanguageModelPrompt(
  systemMessages: readonly CoreSystemMessage[],
  messages: readonly MastraDBMessage[],
): LanguageModelV2Prompt {
  const prompt: LanguageModelV2Message[] = [];
  for (const system of systemMessages) {
    const content = systemMessageText(system);
    if (content === '') continue;
    prompt.push(
      system.providerOptions
        ? { role: 'system', content, providerOptions: system.providerOptions }
        : { role: 'system', content },
    );
  }
  for (const message of toModelMessages(messages, { omitUnresolvedToolCalls: true })) prompt.push(message);
  return prompt;
}
