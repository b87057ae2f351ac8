/**
 * A message's text as the client shows it — its text parts one after the other, no separator —
 * and redactions found in that text put back into the parts. A value split across two parts is
 * checked whole and redacted in both.
 */
import { syncLegacyFields } from '../../messages/legacy-fields.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type { StreamWindowSpan } from './stream-window.js';

/** The joined text and where each text part starts in it. */
export interface JoinedMessageText {
  text: string;
  /** Index in `content.parts` of each text part, in order; empty for the legacy `content` string. */
  parts: number[];
  /** Start of each of those parts in `text`. */
  starts: number[];
}

/** The message's text parts joined (else its legacy `content` string). */
export function joinedMessageText(message: MastraDBMessage): JoinedMessageText {
  const parts: number[] = [];
  const starts: number[] = [];
  let text = '';
  const all = message.content.parts;
  for (let i = 0; i < all.length; i++) {
    const part = all[i];
    if (part?.type !== 'text') continue;
    parts.push(i);
    starts.push(text.length);
    text += part.text;
  }
  if (parts.length === 0 && typeof message.content.content === 'string')
    return { text: message.content.content, parts, starts };
  return { text, parts, starts };
}

/**
 * Apply `spans` (indices of `joined.text`) to the message: a span's replacement goes into the part
 * where it starts, the rest of it is removed from the parts it reaches into. Keeps the legacy
 * mirror in step. Returns whether anything changed.
 */
export function redactJoinedText(
  message: MastraDBMessage,
  joined: JoinedMessageText,
  spans: readonly StreamWindowSpan[],
): boolean {
  if (spans.length === 0) return false;
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const content = message.content;
  if (joined.parts.length === 0) {
    if (typeof content.content !== 'string') return false;
    content.content = apply(content.content, 0, sorted);
    return true;
  }
  let changed = false;
  for (let k = 0; k < joined.parts.length; k++) {
    const part = content.parts[joined.parts[k] as number];
    if (part?.type !== 'text') continue;
    const next = apply(part.text, joined.starts[k] as number, sorted);
    if (next !== part.text) {
      part.text = next;
      changed = true;
    }
  }
  if (changed && content.content !== undefined) syncLegacyFields(content);
  return changed;
}

/** `text` (starting at `from` in the joined text) with the spans that reach it applied. */
function apply(text: string, from: number, spans: readonly StreamWindowSpan[]): string {
  let out = '';
  let pos = 0;
  for (const span of spans) {
    const start = Math.max(0, span.start - from);
    const end = Math.min(text.length, span.end - from);
    if (end <= start || end <= pos) continue;
    out += text.slice(pos, Math.max(start, pos));
    if (span.start >= from) out += span.replacement;
    pos = end;
  }
  return pos === 0 && out === '' ? text : out + text.slice(pos);
}
