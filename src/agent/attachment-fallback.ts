/**
 * The last resort for attachments that could not be downloaded and that no error processor
 * recovered: the turn goes on with `[Attachment unavailable: <name>]` in their place.
 */
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import type { MessageList } from '../messages/message-list.js';
import type { MastraDBMessage } from '../messages/types.js';
import {
  attachmentName,
  attachmentPlaceholder,
  normalizeUrl,
  withUnavailableAttachment,
} from '../messages/unavailable-attachments.js';

/**
 * Record the attachment `url` as unavailable on every stored message that holds it
 * (`content.metadata.mastra.unavailableAttachments`, `{ url, name }` with the name that message
 * gives it), so prompts built from them — the retry and later turns — show the placeholder
 * without downloading again. The attachment itself stays in the message. Returns how many
 * messages were updated.
 */
export function markAttachmentUnavailable(list: MessageList, url: string): number {
  const wanted = normalizeUrl(url);
  let updated = 0;
  for (const message of list.get.all.db()) {
    const name = nameInMessage(message, wanted);
    if (name === undefined) continue;
    const next = withUnavailableAttachment(message, { url, name });
    if (!next) continue;
    // Re-adding under the message's id replaces it in place and queues it for saving.
    list.add(next, 'input');
    updated++;
  }
  return updated;
}

/** The placeholder name of attachment `url` in this message, or undefined when it has none. */
function nameInMessage(message: MastraDBMessage, url: string): string | undefined {
  for (const part of message.content.parts) {
    if (part.type === 'file' && normalizeUrl(part.data) === url) {
      return attachmentName({ filename: part.filename, mediaType: part.mimeType }, url);
    }
  }
  for (const attachment of message.content.experimental_attachments ?? []) {
    if (normalizeUrl(attachment.url) === url) {
      return attachmentName({ filename: attachment.name, mediaType: attachment.contentType }, url);
    }
  }
  return undefined;
}

/**
 * The prompt with file parts whose URL is in `unavailable` (normalized hrefs) replaced by their
 * placeholders. Covers attachments no stored message holds (e.g. added by a `processLLMRequest`
 * hook). Copy on write: returns `prompt` itself when nothing matched.
 */
export function withoutUnavailableFiles(
  prompt: LanguageModelV2Prompt,
  unavailable: ReadonlySet<string>,
): LanguageModelV2Prompt {
  let out: LanguageModelV2Prompt | undefined;
  for (let i = 0; i < prompt.length; i++) {
    const message = prompt[i] as LanguageModelV2Prompt[number];
    if (message.role !== 'user' && message.role !== 'assistant') continue;
    let content: Array<(typeof message.content)[number]> | undefined;
    for (let j = 0; j < message.content.length; j++) {
      const part = message.content[j] as (typeof message.content)[number];
      if (part.type !== 'file') continue;
      const url =
        part.data instanceof URL ? part.data.href : typeof part.data === 'string' ? part.data : undefined;
      if (url === undefined || !unavailable.has(normalizeUrl(url))) continue;
      content ??= [...message.content];
      const name = attachmentName({ filename: part.filename, mediaType: part.mediaType }, url);
      content[j] = { type: 'text', text: attachmentPlaceholder(name) };
    }
    if (!content) continue;
    out ??= [...prompt];
    out[i] = { ...message, content } as LanguageModelV2Prompt[number];
  }
  return out ?? prompt;
}
