/**
 * Attachments that could not be delivered to the model. When an attachment download fails and
 * no error processor recovers it, the agent records `{ url, name }` under the stored user
 * message's `content.metadata.mastra.unavailableAttachments`; every prompt built from that
 * message afterwards (this turn's retry and later turns) shows `[Attachment unavailable: <name>]`
 * instead of downloading again. The attachment itself stays in the message.
 */
import { parseDataUrl } from './encoding.js';
import type { MastraDBMessage } from './types.js';

/** One attachment recorded as unavailable on a stored message. */
export interface UnavailableAttachment {
  url: string;
  name: string;
}

/** The text the model sees in place of an attachment it cannot get. */
export function attachmentPlaceholder(name: string): string {
  return `[Attachment unavailable: ${name}]`;
}

/**
 * The name shown in an attachment's placeholder: the part's file name when it has one, else the
 * URL's last non-empty path segment (percent-decoded), else the media type, else `'attachment'`.
 */
export function attachmentName(part: { filename?: string; mediaType?: string }, url?: string | URL): string {
  const filename = part.filename?.trim();
  if (filename) return filename;
  const segment = url === undefined ? undefined : lastPathSegment(url);
  if (segment) return segment;
  const mediaType = part.mediaType?.trim();
  if (mediaType) return mediaType;
  return 'attachment';
}

/** The unavailable attachments recorded on a message, by normalized URL (undefined when none). */
export function unavailableAttachmentsOf(message: MastraDBMessage): Map<string, string> | undefined {
  const mastra = message.content.metadata?.mastra as { unavailableAttachments?: unknown } | undefined;
  const recorded = mastra?.unavailableAttachments;
  if (!Array.isArray(recorded) || recorded.length === 0) return undefined;
  const byUrl = new Map<string, string>();
  for (const entry of recorded) {
    const { url, name } = (entry ?? {}) as Partial<UnavailableAttachment>;
    if (typeof url === 'string')
      byUrl.set(normalizeUrl(url), typeof name === 'string' ? name : attachmentName({}, url));
  }
  return byUrl;
}

/**
 * The message with `attachment` recorded as unavailable (a new message object; the input is not
 * touched), or `undefined` when it was already recorded.
 */
export function withUnavailableAttachment(
  message: MastraDBMessage,
  attachment: UnavailableAttachment,
): MastraDBMessage | undefined {
  const metadata = message.content.metadata ?? {};
  const mastra = (metadata.mastra ?? {}) as { unavailableAttachments?: UnavailableAttachment[] };
  const recorded = Array.isArray(mastra.unavailableAttachments) ? mastra.unavailableAttachments : [];
  if (recorded.some((entry) => entry?.url === attachment.url)) return undefined;
  return {
    ...message,
    content: {
      ...message.content,
      metadata: {
        ...metadata,
        mastra: { ...mastra, unavailableAttachments: [...recorded, { ...attachment }] },
      },
    },
  };
}

/**
 * One spelling per URL (`HTTP://Host/a` and `http://host/a` are the same attachment). Data URLs
 * and non-URLs are returned as they are.
 */
export function normalizeUrl(url: string): string {
  if (url.startsWith('data:')) return url;
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** False for a `data:` URL whose payload cannot be decoded (no retry can fix that). */
export function isDecodableDataUrl(value: string): boolean {
  let parsed: ReturnType<typeof parseDataUrl>;
  try {
    parsed = parseDataUrl(value);
  } catch {
    return false;
  }
  if (!parsed) return false;
  const base64 = parsed.base64.replace(/\s+/g, '');
  return base64.length % 4 !== 1 && /^[A-Za-z0-9+/_-]*={0,2}$/.test(base64);
}

/** The last non-empty path segment of a hierarchical URL, percent-decoded; undefined otherwise. */
function lastPathSegment(url: string | URL): string | undefined {
  let pathname: string;
  try {
    pathname = (typeof url === 'string' ? new URL(url) : url).pathname;
  } catch {
    return undefined;
  }
  // Opaque paths (`data:image/png;base64,...`, `mailto:...`) are not file names.
  if (!pathname.startsWith('/')) return undefined;
  const segments = pathname.split('/');
  for (let i = segments.length - 1; i >= 0; i--) {
    let segment = segments[i] as string;
    if (segment === '') continue;
    try {
      segment = decodeURIComponent(segment);
    } catch {
      // Malformed escapes: the raw segment still names the file recognisably.
    }
    segment = segment.trim();
    return segment === '' ? undefined : segment;
  }
  return undefined;
}
