/**
 * Helpers shared by the workflow tests (not part of the package: excluded from the build).
 */

/** A model prompt as the tests read it. */
export type PromptLike = readonly { role: string; content: unknown }[] | undefined;

/** Every chunk of a stream, in order. */
export async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

/** The text of a prompt message's content (a string, or its text parts joined). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((p): p is { type: 'text'; text: string } => p?.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text)
    .join('');
}

/** Texts of the prompt's messages of one role, in order. */
export function texts(prompt: PromptLike, role: string): string[] {
  return (prompt ?? []).filter((m) => m.role === role).map((m) => contentText(m.content));
}

/**
 * A stored message as far as these tests read it. Structural on purpose: phase data typed by
 * the step schemas (zod) and `MastraDBMessage` both fit.
 */
export interface StoredLike {
  role: string;
  content: { parts: ReadonlyArray<{ type: string; text?: string }>; content?: string };
}

/** Text of a stored message: its text parts, else the legacy string. */
export function messageText(message: StoredLike): string {
  const text = message.content.parts.flatMap((p) => (p.type === 'text' ? [p.text ?? ''] : [])).join('');
  return text || (message.content.content ?? '');
}

/** A copy of `message` whose text parts read `text`. */
export const withText = <M extends StoredLike>(message: M, text: string): M => ({
  ...message,
  content: {
    ...message.content,
    parts: message.content.parts.map((p) => (p.type === 'text' ? { ...p, text } : p)),
  },
});
