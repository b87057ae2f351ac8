/**
 * The last resort for an attachment that could not be downloaded and that no error processor
 * recovered: the turn goes on with `[Attachment unavailable: <name>]` in its place (seed 001).
 */
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import type { MessageList } from '../messages/message-list.js';
import {
  attachmentPlaceholder,
  messageHasAttachment,
  type UnavailableAttachment,
  withUnavailableAttachment,
} from '../messages/unavailable-attachments.js';

/**
 * Record the attachment as unavailable on every stored message that holds it
 * (`content.metadata.mastra.unavailableAttachments`), so prompts built from them — the retry
 * and later turns — show the placeholder without downloading again. Returns how many messages
 * were updated. The attachment itself stays in the message.
 */
export function markAttachmentUnavailable(list: MessageList, attachment: UnavailableAttachment): number {
  let updated = 0;
  for (const message of list.get.all.db()) {
    if (message.role !== 'user' || !messageHasAttachment(message, attachment.url)) continue;
    const next = withUnavailableAttachment(message, attachment);
    if (!next) continue;
    // Re-adding under the message's id replaces it in place and queues it for saving.
    list.add(next, 'input');
    updated++;
  }
  return updated;
}

/**
 * The prompt with file parts whose URL is in `unavailable` replaced by their placeholder. Covers
 * attachments no stored message holds (e.g. added by a `processLLMRequest` hook). Copy on write:
 * returns `prompt` itself when nothing matched.
 */
export function withoutUnavailableFiles(
  prompt: LanguageModelV2Prompt,
  unavailable: ReadonlyMap<string, string>,
): LanguageModelV2Prompt {
  let out: LanguageModelV2Prompt | undefined;
  for (let i = 0; i < prompt.length; i++) {
    const message = prompt[i] as LanguageModelV2Prompt[number];
    if (message.role !== 'user') continue;
    let content: typeof message.content | undefined;
    for (let j = 0; j < message.content.length; j++) {
      const part = message.content[j] as (typeof message.content)[number];
      if (part.type !== 'file') continue;
      const url =
        part.data instanceof URL ? part.data.href : typeof part.data === 'string' ? part.data : undefined;
      const name = url === undefined ? undefined : unavailable.get(url);
      if (name === undefined) continue;
      content ??= [...message.content];
      content[j] = { type: 'text', text: attachmentPlaceholder(name) };
    }
    if (!content) continue;
    out ??= [...prompt];
    out[i] = { ...message, content };
  }
  return out ?? prompt;
}
