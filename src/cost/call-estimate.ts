/**
 * The estimate a budget reservation holds before a model call (issue #31): input tokens from the
 * prompt's text (about four characters a token, no tokenizer on the hot path), plus the output
 * tokens the call may produce (`maxOutputTokens`, or a configured default), priced like a
 * recorded call.
 */

/** Characters per token of the rough count. */
const CHARS_PER_TOKEN = 4;
/** Tokens per message for roles and framing. */
const PER_MESSAGE_TOKENS = 4;
/** An inline file (`data:` URL) counts as this many tokens, whatever its size in base64. */
const INLINE_FILE_TOKENS = 1_000;
/** Bookkeeping fields that never reach the model as text. */
const SKIPPED_KEYS: ReadonlySet<string> = new Set([
  'id',
  'createdAt',
  'threadId',
  'resourceId',
  'role',
  'type',
  'format',
]);
/** How deep into a message's parts the count looks. */
const MAX_DEPTH = 8;

/**
 * Rough input tokens of a prompt: the characters of every string in the messages (text, tool
 * arguments and results), a quarter token each, plus a few tokens per message. Errs high on
 * JSON-heavy content, which suits a reservation (settled to the real usage after the call).
 */
export function estimatePromptTokens(...lists: ReadonlyArray<readonly unknown[] | undefined>): number {
  let chars = 0;
  let extra = 0;
  const visit = (value: unknown, depth: number): void => {
    if (typeof value === 'string') {
      if (value.startsWith('data:')) extra += INLINE_FILE_TOKENS;
      else chars += value.length;
      return;
    }
    if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return;
    if (value instanceof Date || ArrayBuffer.isView(value)) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    // Stored messages keep their text twice: in `parts` and as a plain `content` string.
    const textTwice = Array.isArray(record.parts);
    for (const key in record) {
      if (SKIPPED_KEYS.has(key)) continue;
      const item = record[key];
      if (textTwice && key === 'content' && typeof item === 'string') continue;
      visit(item, depth + 1);
    }
  };
  for (const list of lists) {
    if (list === undefined) continue;
    for (const message of list) {
      extra += PER_MESSAGE_TOKENS;
      visit(message, 0);
    }
  }
  return Math.ceil(chars / CHARS_PER_TOKEN) + extra;
}
