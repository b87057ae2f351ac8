/** Test helpers: read the prompts a scripted model received as plain role/text pairs. */
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';

/** `role: text` per prompt message (text parts joined, tool parts as `[tool-call name]`/`[tool-result name]`). */
export function promptLines(prompt: unknown): string[] {
  return (prompt as LanguageModelV2Prompt).map((message) => {
    if (typeof message.content === 'string') return `${message.role}: ${message.content}`;
    const texts = (message.content as Array<{ type: string; text?: string; toolName?: string }>).map(
      (part) =>
        part.type === 'text' ? (part.text ?? '') : `[${part.type} ${part.toolName ?? ''}]`.replace(' ]', ']'),
    );
    return `${message.role}: ${texts.join('')}`;
  });
}

/** The user/assistant lines of a prompt (system messages left out). */
export function conversationLines(prompt: unknown): string[] {
  return promptLines(prompt).filter((line) => !line.startsWith('system: '));
}
