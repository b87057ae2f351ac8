import { isRecord } from './is-record.js';
import { getMessageText } from './message-text.js';
import type { MastraDBMessage } from './types.js';

/** Attribute values a signal tag accepts; `null`/`undefined` ones are left out. */
export type SignalAttributes = Record<string, string | number | boolean | null | undefined>;

/** Tag used when a signal names none. */
export const DEFAULT_SIGNAL_TAG = 'system-reminder';

/** Escape a value for a double-quoted XML attribute: `&`, `<`, `>` and `"`. */
export function escapeXmlAttribute(value: string): string {
  return value.replace(/[&<>"]/g, (char) =>
    char === '&' ? '&amp;' : char === '<' ? '&lt;' : char === '>' ? '&gt;' : '&quot;',
  );
}

/**
 * Render a signal as the text the model reads: `<tagName a="v" …>contents</tagName>`.
 * Attributes keep insertion order, `null`/`undefined` values are omitted, numbers and booleans
 * are stringified and values XML-escaped; with no attributes the tag is bare. `contents` is
 * inserted verbatim. Pure.
 */
export function renderSignalText(
  tagName: string,
  attributes: SignalAttributes | undefined,
  contents: string,
): string {
  let open = tagName;
  if (attributes) {
    for (const [name, value] of Object.entries(attributes)) {
      if (value === null || value === undefined) continue;
      open += ` ${name}="${escapeXmlAttribute(String(value))}"`;
    }
  }
  return `<${open}>${contents}</${tagName}>`;
}

/**
 * Render a stored `role: 'signal'` message: tag from `content.metadata.signal.tagName`
 * (default `'system-reminder'`), attributes from `content.metadata.signal.attributes`,
 * contents from the message text.
 */
export function renderSignalMessage(message: MastraDBMessage): string {
  const signal = message.content.metadata?.signal;
  const meta = isRecord(signal) ? signal : undefined;
  const tagName =
    typeof meta?.tagName === 'string' && meta.tagName !== '' ? meta.tagName : DEFAULT_SIGNAL_TAG;
  const attributes = isRecord(meta?.attributes) ? (meta.attributes as SignalAttributes) : undefined;
  return renderSignalText(tagName, attributes, getMessageText(message));
}
