import { syncLegacyFields } from '../../messages/legacy-fields.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type { ProcessorViolation } from '../../pipeline/types.js';

/**
 * The messages a guardrail checks: user and assistant messages (system, tool-only and signal
 * messages are not content a guardrail judges), only the newest with `lastMessageOnly`.
 */
export function messagesToCheck(
  messages: readonly MastraDBMessage[],
  lastMessageOnly: boolean,
  roles: ReadonlySet<string> = DEFAULT_ROLES,
): MastraDBMessage[] {
  const out: MastraDBMessage[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as MastraDBMessage;
    if (!roles.has(message.role) || messageText(message) === '') continue;
    out.push(message);
    if (lastMessageOnly) break;
  }
  return out.reverse();
}

const DEFAULT_ROLES: ReadonlySet<string> = new Set(['user', 'assistant']);

/** A message's text: its text parts joined with a newline, else the legacy `content` string. */
export function messageText(message: MastraDBMessage): string {
  let text = '';
  let any = false;
  for (const part of message.content.parts) {
    if (part.type !== 'text') continue;
    text = any ? `${text}\n${part.text}` : part.text;
    any = true;
  }
  if (!any && typeof message.content.content === 'string') return message.content.content;
  return text;
}

/**
 * Rewrites each text part of `message` in place (`rewrite(text, partIndex)`; the legacy
 * `content` string when there is no text part) and keeps the legacy mirror in step, so the
 * original text is not left behind anywhere. Returns whether anything changed.
 */
export function rewriteMessageText(
  message: MastraDBMessage,
  rewrite: (text: string, partIndex: number | undefined) => string,
): boolean {
  const content = message.content;
  let hasText = false;
  let changed = false;
  const parts = content.parts;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part?.type !== 'text') continue;
    hasText = true;
    const next = rewrite(part.text, i);
    if (next !== part.text) {
      part.text = next;
      changed = true;
    }
  }
  if (!hasText && typeof content.content === 'string') {
    const next = rewrite(content.content, undefined);
    if (next !== content.content) {
      content.content = next;
      changed = true;
    }
  } else if (changed && content.content !== undefined) {
    syncLegacyFields(content);
  }
  return changed;
}

/** Attach guardrail facts under `content.metadata[key]` (they surface on UI message metadata). */
export function setMessageMetadata(message: MastraDBMessage, key: string, value: unknown): void {
  const content = message.content;
  content.metadata = { ...(content.metadata ?? {}), [key]: value };
}

/** Call a processor's `onViolation` (warn strategies); its errors are swallowed by contract. */
export async function reportViolation<D>(
  processor: { readonly id: string; onViolation?: (violation: ProcessorViolation) => void | Promise<void> },
  message: string,
  detail: D,
): Promise<void> {
  const callback = processor.onViolation;
  if (callback === undefined) return;
  try {
    await callback.call(processor, { processorId: processor.id, message, detail });
  } catch {
    // A failing onViolation never disturbs the run.
  }
}
