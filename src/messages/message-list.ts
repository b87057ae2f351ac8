import { SluiceError } from '../errors/index.js';
import { convertToDBMessages, INVALID_MESSAGE_INPUT } from './convert-input.js';
import { isRecord } from './is-record.js';
import { syncLegacyFields } from './legacy-fields.js';
import { getMessageText } from './message-text.js';
import {
  type AllMessagesView,
  createAllMessagesView,
  createMessageView,
  type MessageListViews,
  type MessageView,
} from './message-views.js';
import { type MessageRecord, RecordSegment, type RecordSource } from './record-segment.js';
import { SystemMessageStore, type SystemMessagesSnapshot } from './system-message-store.js';
import type {
  CoreSystemMessage,
  MastraDBMessage,
  MessageListInput,
  MessageSource,
  SystemMessage,
  ToolInvocationUIPart,
} from './types.js';

/** Options of `new MessageList()`. */
export interface MessageListOptions {
  /** Stamped on added messages that have no `threadId`. */
  threadId?: string;
  /** Stamped on added messages that have no `resourceId`. */
  resourceId?: string;
  /** Id for messages added without one. Default: `crypto.randomUUID()`. */
  generateMessageId?: () => string;
}

/** Where a message came from, as `makeMessageSourceChecker()` reports it. */
export type MessageOrigin = 'memory' | 'input' | 'output' | 'context';

/** Snapshot of message ids by origin, from `makeMessageSourceChecker()`. */
export interface MessageSourceChecker {
  memory: Set<string>;
  input: Set<string>;
  output: Set<string>;
  context: Set<string>;
  /** Origin of a message (or id) at snapshot time; `null` when it was not in the list. */
  getSource(message: MastraDBMessage | string): MessageOrigin | null;
}

/** JSON-safe form of a `MessageList` (`createdAt` as ISO strings). */
export interface SerializedMessageList {
  version: 1;
  threadId?: string;
  resourceId?: string;
  messages: Array<{
    message: Omit<MastraDBMessage, 'createdAt'> & { createdAt: string };
    source: RecordSource;
    unsaved: boolean;
  }>;
  systemMessages: CoreSystemMessage[];
  taggedSystemMessages: Record<string, CoreSystemMessage[]>;
}

/** Error code for an unknown `source` passed to `add()`. */
const INVALID_MESSAGE_SOURCE = 'INVALID_MESSAGE_SOURCE';

const SOURCES: Record<Exclude<MessageSource, 'system'>, RecordSource> = {
  input: 'input',
  user: 'input',
  response: 'response',
  memory: 'memory',
  context: 'context',
};

const ORIGIN: Record<RecordSource, MessageOrigin> = {
  memory: 'memory',
  input: 'input',
  response: 'output',
  context: 'context',
};

/** The list's views, each built on first use: most lists are read through two of the five. */
class LazyViews implements MessageListViews {
  readonly #collect: (source?: RecordSource) => MastraDBMessage[];
  readonly #system: () => CoreSystemMessage[];
  #all: AllMessagesView | undefined;
  #input: MessageView | undefined;
  #response: MessageView | undefined;
  #remembered: MessageView | undefined;
  #context: MessageView | undefined;

  constructor(collect: (source?: RecordSource) => MastraDBMessage[], system: () => CoreSystemMessage[]) {
    this.#collect = collect;
    this.#system = system;
  }

  get all(): AllMessagesView {
    this.#all ??= createAllMessagesView(() => this.#collect(), this.#system);
    return this.#all;
  }

  get input(): MessageView {
    this.#input ??= createMessageView(() => this.#collect('input'));
    return this.#input;
  }

  get response(): MessageView {
    this.#response ??= createMessageView(() => this.#collect('response'));
    return this.#response;
  }

  get remembered(): MessageView {
    this.#remembered ??= createMessageView(() => this.#collect('memory'));
    return this.#remembered;
  }

  get context(): MessageView {
    this.#context ??= createMessageView(() => this.#collect('context'));
    return this.#context;
  }
}

function holdsToolCall(message: MastraDBMessage, toolCallId: string): boolean {
  for (const part of message.content.parts) {
    if (part.type === 'tool-invocation' && part.toolInvocation.toolCallId === toolCallId) return true;
  }
  return false;
}

/**
 * The live conversation of one agent call: stored messages (format 2) with their origin,
 * plus system messages kept outside the conversation.
 *
 * Order: messages from `'memory'` always come first (a recall that happens after the input
 * was added still lands before it), then every other message in insertion order. Adding a
 * message whose id is already present replaces it in place (position and original source
 * kept). Messages with role `'system'` go to the untagged system bucket, never into the
 * conversation.
 *
 * Sources: `'input'` and `'user'` → the `input` view; `'response'` → `response`;
 * `'memory'` → `remembered`; `'context'` → its own `context` view (sent to the model, never
 * reported by `drainUnsavedMessages()`); `'system'` → `addSystem()`.
 *
 * Every operation is O(1) amortised per message touched: an id index, a tool-call-id index
 * and tombstoned segments back the list; views are single linear passes.
 */
export class MessageList {
  /** Thread stamped on messages added without one. */
  readonly threadId: string | undefined;
  /** Resource stamped on messages added without one. */
  readonly resourceId: string | undefined;
  /**
   * Read the list: `get.<all|input|response|remembered|context>.<db|ui|core>()`, the AI SDK forms
   * `.aiV5.{model,ui}()`, `.aiV6.ui()`, `.aiV7.ui()`, and on `all` the prompts `prompt()`,
   * `aiV5.prompt()`, `aiV5.llmPrompt()`, `aiV6.llmPrompt()`, `aiV7.llmPrompt()`.
   */
  readonly get: MessageListViews;

  private readonly generateMessageId: (() => string) | undefined;
  private readonly records = new Map<string, MessageRecord>();
  private readonly remembered = new RecordSegment();
  private readonly current = new RecordSegment();
  private readonly toolCalls = new Map<string, MessageRecord>();
  private readonly unsaved = new Set<MessageRecord>();
  private readonly system = new SystemMessageStore();
  private lastTimestamp = 0;
  private nextSeq = 0;
  /** When each removed id first joined: a message removed and re-added keeps its place in time. */
  private readonly removedSeq = new Map<string, number>();

  constructor(options: MessageListOptions = {}) {
    this.threadId = options.threadId;
    this.resourceId = options.resourceId;
    this.generateMessageId = options.generateMessageId;
    this.get = new LazyViews(
      (source) => this.collect(source),
      () => this.system.all(),
    );
  }

  /**
   * Add messages in any supported shape (see `convertToDBMessages`) under `source`.
   * Messages from `'input'`/`'user'`/`'response'` are queued for saving.
   *
   * @throws SluiceError `INVALID_MESSAGE_INPUT` for an unsupported message,
   *   `INVALID_MESSAGE_SOURCE` for an unknown source.
   */
  add(messages: MessageListInput, source: MessageSource): this {
    if (source === 'system') {
      this.system.add(this.toSystemMessages(messages));
      return this;
    }
    const bucket = SOURCES[source];
    if (!bucket) {
      throw new SluiceError(
        INVALID_MESSAGE_SOURCE,
        `MessageList.add() got source ${JSON.stringify(source)}; use 'input', 'user', 'response', 'memory', 'context' or 'system'.`,
        { details: { source } },
      );
    }
    const converted = convertToDBMessages(messages, {
      generateMessageId: this.generateMessageId,
      threadId: this.threadId,
      resourceId: this.resourceId,
      now: this.now,
      findToolCallMessage: (toolCallId) => {
        const record = this.findToolCallRecord(toolCallId);
        if (record) this.touch(record);
        return record?.message;
      },
    });
    for (const message of converted) {
      if (message.role === 'system') this.system.add({ role: 'system', content: getMessageText(message) });
      else this.upsert(message, bucket, bucket === 'input' || bucket === 'response');
    }
    return this;
  }

  /**
   * Add system message(s) to the untagged bucket, or to the bucket of `tag`. Exact duplicates
   * and empty messages are ignored; `undefined`/`null` add nothing.
   *
   * @throws SluiceError `INVALID_SYSTEM_MESSAGE` for anything but a string or `{ role: 'system' }` message.
   */
  addSystem(messages: SystemMessage | readonly SystemMessage[] | null | undefined, tag?: string): this {
    this.system.add(messages, tag);
    return this;
  }

  /** The untagged system messages, or those under `tag`. */
  getSystemMessages(tag?: string): CoreSystemMessage[] {
    return this.system.get(tag);
  }

  /** Every system message: the untagged bucket first, then tagged buckets in first-use order. */
  getAllSystemMessages(): CoreSystemMessage[] {
    return this.system.all();
  }

  /** Replace the untagged system messages; tagged ones are kept. */
  replaceAllSystemMessages(messages: SystemMessage | readonly SystemMessage[] | null | undefined): this {
    this.system.replaceUntagged(messages);
    return this;
  }

  /** A copy of all system messages (untagged and tagged), for `restoreSystemMessages`. */
  snapshotSystemMessages(): SystemMessagesSnapshot {
    return this.system.snapshot();
  }

  /** Put the system messages back exactly as `snapshot` holds them (the loop resets them each step). */
  restoreSystemMessages(snapshot: SystemMessagesSnapshot): this {
    this.system.restore(snapshot);
    return this;
  }

  /** Clear the untagged system messages (no tag) or the bucket of `tag`. */
  clearSystemMessages(tag?: string): this {
    this.system.clear(tag);
    return this;
  }

  /** The stored message with this id, if any. O(1). */
  getMessageById(id: string): MastraDBMessage | undefined {
    return this.records.get(id)?.message;
  }

  /** The newest non-system message of the conversation, if any. O(1) amortised. */
  lastMessage(): MastraDBMessage | undefined {
    const any = () => true;
    return (this.current.findLast(any) ?? this.remembered.findLast(any))?.message;
  }

  /**
   * A mark for "now", for `rollbackTo(mark)`. O(1), so a caller that may need to undo an
   * attempt (a step replay) can take one before every attempt.
   */
  insertionMark(): number {
    return this.nextSeq;
  }

  /**
   * Remove every message that first joined the list after `mark` and forget it, so re-adding its
   * id later counts as new. A message that was already there and was replaced since (removed and
   * added again under its id) stays, as replaced. Returns the removed ids. Linear.
   */
  rollbackTo(mark: number): string[] {
    const ids: string[] = [];
    for (const [id, record] of this.records) if (record.seq >= mark) ids.push(id);
    this.removeByIds(ids);
    for (const [id, seq] of this.removedSeq) if (seq >= mark) this.removedSeq.delete(id);
    return ids;
  }

  /** Remove messages by id; returns the removed messages in the order of `ids` (unknown ids skipped). */
  removeByIds(ids: readonly string[]): MastraDBMessage[] {
    const removed: MastraDBMessage[] = [];
    for (const id of ids) {
      const record = this.records.get(id);
      if (!record) continue;
      this.records.delete(id);
      this.removedSeq.set(id, record.seq);
      this.segmentOf(record).remove(record);
      this.unsaved.delete(record);
      this.unindexToolCalls(record);
      removed.push(record.message);
    }
    return removed;
  }

  /**
   * Replace the `tool-invocation` part with the same `toolCallId`, in the newest message
   * holding it. Fields the new part omits are kept from the old one, including the call's
   * `args`. The `content.toolInvocations` mirror is rebuilt, `metadata` is shallow-merged into
   * `content.metadata`, and the message is queued for saving again. Returns `false` when no
   * message holds the call.
   */
  updateToolInvocation(part: ToolInvocationUIPart, metadata?: Record<string, unknown>): boolean {
    const toolCallId = part.toolInvocation.toolCallId;
    const record = this.findToolCallRecord(toolCallId);
    if (!record) return false;
    const parts = record.message.content.parts;
    for (let i = parts.length - 1; i >= 0; i--) {
      const old = parts[i]!;
      if (old.type !== 'tool-invocation' || old.toolInvocation.toolCallId !== toolCallId) continue;
      const args =
        part.toolInvocation.args === undefined ? old.toolInvocation.args : part.toolInvocation.args;
      parts[i] = { ...old, ...part, toolInvocation: { ...part.toolInvocation, args } };
      break;
    }
    syncLegacyFields(record.message.content);
    if (metadata) this.mergeMetadata(record.message, metadata);
    this.touch(record);
    return true;
  }

  /** Shallow-merge `metadata` into `content.metadata` of the message holding `toolCallId`. */
  updateMessageMetadataByToolCallId(toolCallId: string, metadata: Record<string, unknown>): boolean {
    const record = this.findToolCallRecord(toolCallId);
    if (!record) return false;
    this.mergeMetadata(record.message, metadata);
    this.touch(record);
    return true;
  }

  /** Text of the newest user message (see `getMessageText`), or `null` when there is none. */
  getLatestUserContent(): string | null {
    const isUser = (record: MessageRecord) => record.message.role === 'user';
    const record = this.current.findLast(isUser) ?? this.remembered.findLast(isUser);
    return record ? getMessageText(record.message) : null;
  }

  /** Origin of the message with this id now (`'response'` is reported as `output`); `null` when absent. O(1). */
  originOf(id: string): MessageOrigin | null {
    const record = this.records.get(id);
    return record === undefined ? null : ORIGIN[record.source];
  }

  /** Snapshot the ids of every message by origin (`'response'` is reported as `output`). */
  makeMessageSourceChecker(): MessageSourceChecker {
    const sets: Record<MessageOrigin, Set<string>> = {
      memory: new Set(),
      input: new Set(),
      output: new Set(),
      context: new Set(),
    };
    const visit = (record: MessageRecord) => sets[ORIGIN[record.source]].add(record.message.id);
    this.remembered.forEach(visit);
    this.current.forEach(visit);
    return {
      ...sets,
      getSource(message) {
        const id = typeof message === 'string' ? message : message.id;
        for (const origin of ['memory', 'input', 'output', 'context'] as const)
          if (sets[origin].has(id)) return origin;
        return null;
      },
    };
  }

  /** True when the message is in the list and waiting to be saved (new or changed since the last drain). */
  isNewMessage(message: MastraDBMessage | string): boolean {
    const record = this.records.get(typeof message === 'string' ? message : message.id);
    return record !== undefined && this.unsaved.has(record);
  }

  /**
   * Return and forget the messages waiting to be saved: input and response messages added
   * since the last drain, plus any message (remembered ones included) changed by
   * `updateToolInvocation`, `updateMessageMetadataByToolCallId` or a merged tool result.
   * Context messages are never returned. Order: when each first became unsaved.
   */
  drainUnsavedMessages(): MastraDBMessage[] {
    const out: MastraDBMessage[] = [];
    for (const record of this.unsaved) if (!record.removed) out.push(record.message);
    this.unsaved.clear();
    return out;
  }

  /**
   * A JSON-safe snapshot (a `structuredClone` deep copy) of messages, their sources, their
   * unsaved state and the system buckets. Throws `DataCloneError` if a message holds a
   * non-cloneable value such as a function.
   */
  serialize(): SerializedMessageList {
    const messages: SerializedMessageList['messages'] = [];
    const visit = (record: MessageRecord) => {
      const { createdAt, ...rest } = record.message;
      messages.push({
        message: structuredClone({ ...rest, createdAt: createdAt.toISOString() }),
        source: record.source,
        unsaved: this.unsaved.has(record),
      });
    };
    this.remembered.forEach(visit);
    this.current.forEach(visit);
    const taggedSystemMessages: Record<string, CoreSystemMessage[]> = {};
    for (const tag of this.system.tags()) taggedSystemMessages[tag] = structuredClone(this.system.get(tag));
    return {
      version: 1,
      ...(this.threadId !== undefined ? { threadId: this.threadId } : {}),
      ...(this.resourceId !== undefined ? { resourceId: this.resourceId } : {}),
      messages,
      systemMessages: structuredClone(this.system.get()),
      taggedSystemMessages,
    };
  }

  /**
   * An independent copy of the list: every message deep-copied, with its source, its place, its
   * save state and the system buckets. Edits to the copy never reach this list (and the reverse).
   * Processor workflows give each parallel branch one, so no branch sees or undoes another's edits.
   */
  fork(): MessageList {
    const copy = new MessageList({
      threadId: this.threadId,
      resourceId: this.resourceId,
      generateMessageId: this.generateMessageId,
    });
    const visit = (record: MessageRecord) => {
      const message = cloneMessage(record.message);
      const twin: MessageRecord = {
        message,
        source: record.source,
        index: 0,
        removed: false,
        seq: record.seq,
      };
      copy.records.set(message.id, twin);
      copy.segmentOf(twin).append(twin);
      if (this.unsaved.has(record)) copy.unsaved.add(twin);
      for (const part of message.content.parts) {
        if (part.type === 'tool-invocation') copy.toolCalls.set(part.toolInvocation.toolCallId, twin);
      }
    };
    this.remembered.forEach(visit);
    this.current.forEach(visit);
    for (const [id, seq] of this.removedSeq) copy.removedSeq.set(id, seq);
    copy.nextSeq = this.nextSeq;
    copy.lastTimestamp = this.lastTimestamp;
    copy.system.restore(this.system.snapshot());
    return copy;
  }

  /**
   * Take over the state of `copy`, a `fork()` of this list that was worked on: its messages (the
   * copy's objects, edited or new, each keeping the source and save state it had there) and its
   * system messages. A message this list holds but the copy does not is removed only when its id
   * is in `removable` (what this list held when the copy was taken; default: every message), so
   * messages added here since the fork (a signal sent meanwhile) stay. Messages already here keep
   * their place; new ones are appended.
   */
  absorb(copy: MessageList, removable?: readonly string[]): this {
    const ids = removable ?? [...this.records.keys()];
    const drop = ids.filter((id) => !copy.records.has(id));
    if (drop.length > 0) this.removeByIds(drop);
    const visit = (twin: MessageRecord) => {
      const unsaved = copy.unsaved.has(twin);
      const own = this.records.get(twin.message.id);
      if (own === undefined) {
        this.upsert(twin.message, twin.source, unsaved);
        return;
      }
      if (own.message !== twin.message) {
        this.unindexToolCalls(own);
        own.message = twin.message;
        for (const part of twin.message.content.parts) {
          if (part.type === 'tool-invocation') this.toolCalls.set(part.toolInvocation.toolCallId, own);
        }
      }
      if (unsaved) this.touch(own);
    };
    copy.remembered.forEach(visit);
    copy.current.forEach(visit);
    this.#followOrder(copy);
    // The copy's clock ran on: messages added here later must still sort after its own.
    this.lastTimestamp = Math.max(this.lastTimestamp, copy.lastTimestamp);
    this.nextSeq = Math.max(this.nextSeq, copy.nextSeq);
    this.system.restore(copy.system.snapshot());
    return this;
  }

  /**
   * When the copy holds shared messages in another order (a branch removed and re-added one),
   * move them into the copy's order; messages only this list holds keep their place before them.
   */
  #followOrder(copy: MessageList): void {
    for (const [mine, theirs] of [
      [this.remembered, copy.remembered],
      [this.current, copy.current],
    ] as const) {
      const order: MessageRecord[] = [];
      theirs.forEach((twin) => {
        const own = this.records.get(twin.message.id);
        if (own !== undefined && this.segmentOf(own) === mine) order.push(own);
      });
      const shared = new Set(order);
      let k = 0;
      let same = true;
      mine.forEach((record) => {
        if (!same || !shared.has(record)) return;
        if (order[k++] !== record) same = false;
      });
      if (same) continue;
      for (const record of order) {
        mine.remove(record);
        record.removed = false;
        mine.append(record);
      }
    }
  }

  /** Rebuild a list from `serialize()` output. */
  static deserialize(
    data: SerializedMessageList,
    options: Pick<MessageListOptions, 'generateMessageId'> = {},
  ): MessageList {
    const list = new MessageList({ threadId: data.threadId, resourceId: data.resourceId, ...options });
    for (const entry of data.messages) {
      const message: MastraDBMessage = { ...entry.message, createdAt: new Date(entry.message.createdAt) };
      list.upsert(message, entry.source, entry.unsaved);
    }
    list.system.add(data.systemMessages);
    for (const [tag, messages] of Object.entries(data.taggedSystemMessages)) list.system.add(messages, tag);
    return list;
  }

  /** Monotonic clock for messages without `createdAt`, so their order survives a sort. */
  private readonly now = (): Date => {
    const time = Math.max(Date.now(), this.lastTimestamp + 1);
    this.lastTimestamp = time;
    return new Date(time);
  };

  private upsert(message: MastraDBMessage, source: RecordSource, markUnsaved: boolean): void {
    let record = this.records.get(message.id);
    if (record) {
      record.message = message;
    } else {
      const seq = this.removedSeq.get(message.id);
      if (seq !== undefined) this.removedSeq.delete(message.id);
      record = { message, source, index: 0, removed: false, seq: seq ?? this.nextSeq++ };
      this.records.set(message.id, record);
      this.segmentOf(record).append(record);
    }
    if (markUnsaved) this.touch(record);
    for (const part of message.content.parts) {
      if (part.type === 'tool-invocation') this.toolCalls.set(part.toolInvocation.toolCallId, record);
    }
  }

  private collect(source?: RecordSource): MastraDBMessage[] {
    const out: MastraDBMessage[] = [];
    const visit =
      source === undefined
        ? (record: MessageRecord) => out.push(record.message)
        : (record: MessageRecord) => {
            if (record.source === source) out.push(record.message);
          };
    if (source === undefined || source === 'memory') this.remembered.forEach(visit);
    if (source !== 'memory') this.current.forEach(visit);
    return out;
  }

  private segmentOf(record: MessageRecord): RecordSegment {
    return record.source === 'memory' ? this.remembered : this.current;
  }

  private touch(record: MessageRecord): void {
    if (record.source !== 'context') this.unsaved.add(record);
  }

  private mergeMetadata(message: MastraDBMessage, metadata: Record<string, unknown>): void {
    message.content.metadata = { ...message.content.metadata, ...metadata };
  }

  /**
   * The record holding `toolCallId`: the index answers in O(1); when the index is stale
   * (the message was edited in place) a single newest-first scan repairs it.
   */
  private findToolCallRecord(toolCallId: string): MessageRecord | undefined {
    const indexed = this.toolCalls.get(toolCallId);
    if (indexed && !indexed.removed && holdsToolCall(indexed.message, toolCallId)) return indexed;
    const holds = (record: MessageRecord) => holdsToolCall(record.message, toolCallId);
    const found = this.current.findLast(holds) ?? this.remembered.findLast(holds);
    if (found) this.toolCalls.set(toolCallId, found);
    else this.toolCalls.delete(toolCallId);
    return found;
  }

  private unindexToolCalls(record: MessageRecord): void {
    for (const part of record.message.content.parts) {
      if (part.type !== 'tool-invocation') continue;
      const id = part.toolInvocation.toolCallId;
      if (this.toolCalls.get(id) === record) this.toolCalls.delete(id);
    }
  }

  /** Accept what `add(…, 'system')` may receive: strings and system messages in any shape. */
  private toSystemMessages(input: MessageListInput): SystemMessage[] {
    const items: unknown[] = Array.isArray(input) ? input : [input];
    const out: SystemMessage[] = [];
    for (let index = 0; index < items.length; index++) {
      const item = items[index];
      if (typeof item === 'string') out.push(item);
      else if (isRecord(item) && item.role === 'system') {
        if (typeof item.content === 'string' || Array.isArray(item.content))
          out.push(item as unknown as CoreSystemMessage);
        else {
          const [converted] = convertToDBMessages(item as unknown as MessageListInput);
          if (converted) out.push(getMessageText(converted));
        }
      } else {
        throw new SluiceError(
          INVALID_MESSAGE_INPUT,
          `Invalid message at index ${index} for source 'system': only strings and { role: 'system' } messages are accepted. ` +
            "Add other roles with source 'input', 'response', 'memory' or 'context'.",
          { details: { index } },
        );
      }
    }
    return out;
  }
}

/**
 * A deep copy of a stored message. `structuredClone` keeps dates and binary data; a message holding
 * something it cannot copy (a function in metadata) gets fresh containers down to its parts instead.
 */
function cloneMessage(message: MastraDBMessage): MastraDBMessage {
  try {
    return structuredClone(message);
  } catch {
    return {
      ...message,
      content: {
        ...message.content,
        parts: message.content.parts.map((part) => ({ ...part })),
        ...(message.content.metadata ? { metadata: { ...message.content.metadata } } : {}),
      },
    } as MastraDBMessage;
  }
}
