import { SluiceError } from '../errors/index.js';
import { isRecord } from './is-record.js';
import { systemMessageText } from './to-prompt.js';
import type { CoreSystemMessage, SystemMessage } from './types.js';

/** Error code thrown by `addSystem` for something that is not a system message. */
const INVALID_SYSTEM_MESSAGE = 'INVALID_SYSTEM_MESSAGE';

class Bucket {
  readonly messages: CoreSystemMessage[] = [];
  private readonly keys = new Set<string>();

  add(message: CoreSystemMessage): void {
    const key = JSON.stringify([message.content, message.providerOptions ?? null]);
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.messages.push(message);
  }
}

function normalise(message: unknown, index: number): CoreSystemMessage | undefined {
  if (typeof message === 'string') return message === '' ? undefined : { role: 'system', content: message };
  if (
    isRecord(message) &&
    message.role === 'system' &&
    (typeof message.content === 'string' || Array.isArray(message.content))
  ) {
    const system = message as unknown as CoreSystemMessage;
    return systemMessageText(system) === '' ? undefined : system;
  }
  throw new SluiceError(
    INVALID_SYSTEM_MESSAGE,
    `Invalid system message at index ${index}: expected a string or { role: 'system', content: string | Array<{ type: 'text', text }> }. ` +
      'Add user or assistant messages with messageList.add() instead.',
    { details: { index } },
  );
}

function normaliseAll(
  messages: SystemMessage | readonly SystemMessage[] | null | undefined,
): CoreSystemMessage[] {
  if (messages === undefined || messages === null) return [];
  const list: readonly unknown[] = Array.isArray(messages) ? messages : [messages];
  const out: CoreSystemMessage[] = [];
  for (let index = 0; index < list.length; index++) {
    const message = normalise(list[index], index);
    if (message) out.push(message);
  }
  return out;
}

/**
 * System messages kept beside the conversation: one untagged bucket (agent instructions,
 * user-supplied system prompts) and one bucket per tag (owned by a processor or memory).
 * Exact duplicates (same content and provider options) inside a bucket are ignored, and so
 * are empty ones. Reading all buckets returns the untagged bucket first, then the tagged
 * buckets in the order their tags were first used.
 */
/** Every system message bucket at one moment. */
export interface SystemMessagesSnapshot {
  readonly untagged: readonly CoreSystemMessage[];
  readonly tagged: ReadonlyArray<readonly [string, readonly CoreSystemMessage[]]>;
}

export class SystemMessageStore {
  private untagged = new Bucket();
  private readonly tagged = new Map<string, Bucket>();

  /**
   * Add one message or several, untagged or under `tag`. `undefined`/`null` add nothing;
   * nothing is added if one message is invalid.
   */
  add(messages: SystemMessage | readonly SystemMessage[] | null | undefined, tag?: string): void {
    const valid = normaliseAll(messages);
    let bucket = this.untagged;
    if (tag !== undefined) {
      bucket = this.tagged.get(tag) ?? new Bucket();
      this.tagged.set(tag, bucket);
    }
    for (const message of valid) bucket.add(message);
  }

  /** The untagged bucket, or the bucket of `tag` (a copy). */
  get(tag?: string): CoreSystemMessage[] {
    if (tag === undefined) return [...this.untagged.messages];
    return [...(this.tagged.get(tag)?.messages ?? [])];
  }

  /** Every system message: untagged first, then tagged buckets in first-use order. */
  all(): CoreSystemMessage[] {
    const out = [...this.untagged.messages];
    for (const bucket of this.tagged.values()) out.push(...bucket.messages);
    return out;
  }

  /** The tag names currently holding a bucket. */
  tags(): string[] {
    return [...this.tagged.keys()];
  }

  /** Replace the untagged bucket; tagged buckets are kept. Unchanged if one message is invalid. */
  replaceUntagged(messages: SystemMessage | readonly SystemMessage[] | null | undefined): void {
    const bucket = new Bucket();
    for (const message of normaliseAll(messages)) bucket.add(message);
    this.untagged = bucket;
  }

  /** A copy of every bucket, for `restore`. */
  snapshot(): SystemMessagesSnapshot {
    return { untagged: this.get(), tagged: this.tags().map((tag) => [tag, this.get(tag)] as const) };
  }

  /** Make the buckets exactly those of `snapshot`. */
  restore(snapshot: SystemMessagesSnapshot): void {
    this.tagged.clear();
    this.replaceUntagged(snapshot.untagged);
    for (const [tag, messages] of snapshot.tagged) this.add(messages, tag);
  }

  /** Empty the untagged bucket (no tag) or remove the bucket of `tag`. */
  clear(tag?: string): void {
    if (tag === undefined) this.untagged = new Bucket();
    else this.tagged.delete(tag);
  }
}
