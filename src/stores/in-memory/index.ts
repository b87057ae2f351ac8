/**
 * `InMemoryStore`: the process-local store (tests, demos, short-lived agents). Nothing survives
 * the process. Values go through the same JSON codec as the SQL stores, so what comes back is
 * exactly what a `SqliteStore` would return (and mutating a returned object never changes the
 * store). Each method validates everything first and then applies it synchronously, which makes
 * every write all-or-nothing without a transaction log.
 */
import { decodeJson, encodeJson } from '../codec.js';
import {
  applyMessageUpdate,
  checkMessageInput,
  checkPaging,
  checkThread,
  DEFAULT_MESSAGE_PAGE,
  DEFAULT_THREAD_PAGE,
  matchesMessageFields,
  matchesMetadata,
} from '../common.js';
import { invalidInput, StorageError, threadOwnerMismatch } from '../errors.js';
import { pageWindow } from '../paging.js';
import type {
  LastMessagesQuery,
  ListMessagesQuery,
  ListMessagesResult,
  ListThreadsQuery,
  ListThreadsResult,
  MemoryStorage,
  MessageUpdate,
  ResourceInput,
  SaveTurnInput,
  StorageMessage,
  StorageMessageFilter,
  StorageMessageInput,
  StorageResource,
  StorageThread,
  UpsertVectorsInput,
  VectorFilter,
  VectorMatch,
  VectorQuery,
} from '../types.js';
import {
  before,
  lowerBound,
  type MessageRecord,
  type ResourceRecord,
  type ThreadRecord,
  toMessage,
  toResource,
  toThread,
  type VectorRecord,
} from './records.js';
import { deleteFromIndex, prepareVectors, queryVectorIndex } from './vectors.js';

/** A `MemoryStorage` that keeps everything in this process's memory. */
export class InMemoryStore implements MemoryStorage {
  readonly name = 'InMemoryStore';
  private readonly threads = new Map<string, ThreadRecord>();
  private readonly messages = new Map<string, MessageRecord>();
  /** Per-thread messages sorted by (createdAt, seq): the history index. */
  private readonly byThread = new Map<string, MessageRecord[]>();
  private readonly resources = new Map<string, ResourceRecord>();
  private readonly vectors = new Map<string, Map<string, VectorRecord>>();
  private seq = 0;
  private closed = false;

  /** Nothing to set up; present for the interface. */
  async init(): Promise<void> {
    this.ensureOpen();
  }

  /** Drops every stored value; later calls reject with `STORE_CLOSED`. */
  async close(): Promise<void> {
    this.closed = true;
    this.threads.clear();
    this.messages.clear();
    this.byThread.clear();
    this.resources.clear();
    this.vectors.clear();
  }

  private ensureOpen(): void {
    if (this.closed) {
      throw new StorageError('STORE_CLOSED', `${this.name} was closed; create a new store.`, {
        details: { store: this.name },
      });
    }
  }

  // ---- threads -------------------------------------------------------------------------

  async getThreadById(id: string): Promise<StorageThread | null> {
    this.ensureOpen();
    const record = this.threads.get(id);
    return record ? toThread(record) : null;
  }

  async saveThread(thread: StorageThread): Promise<StorageThread> {
    this.ensureOpen();
    checkThread(this.name, 'saveThread', thread);
    return toThread(this.putThread(thread));
  }

  async updateThread(update: {
    id: string;
    title?: string;
    metadata?: Record<string, unknown>;
  }): Promise<StorageThread> {
    this.ensureOpen();
    const record = this.threads.get(update.id);
    if (!record) throw this.threadNotFound(update.id);
    const current = toThread(record);
    const next: StorageThread = {
      ...current,
      title: update.title ?? current.title,
      metadata: update.metadata ? { ...(current.metadata ?? {}), ...update.metadata } : current.metadata,
      updatedAt: new Date(),
    };
    return toThread(this.putThread(next));
  }

  async deleteThread(id: string): Promise<void> {
    this.ensureOpen();
    this.threads.delete(id);
    const list = this.byThread.get(id);
    if (list) {
      const ids = new Set<string>();
      for (const record of list) {
        this.messages.delete(record.id);
        ids.add(record.id);
      }
      this.byThread.delete(id);
      this.dropVectors((v) => v.threadId === id || (v.messageId !== undefined && ids.has(v.messageId)));
    } else {
      this.dropVectors((v) => v.threadId === id);
    }
  }

  async listThreads(query: ListThreadsQuery = {}): Promise<ListThreadsResult> {
    this.ensureOpen();
    const page = query.page ?? 0;
    const perPage = query.perPage ?? DEFAULT_THREAD_PAGE;
    checkPaging(this.name, 'listThreads', page, perPage);
    const field = query.orderBy?.field ?? 'createdAt';
    const sign = (query.orderBy?.direction ?? 'DESC') === 'ASC' ? 1 : -1;
    const matches: StorageThread[] = [];
    for (const record of this.threads.values()) {
      if (query.resourceId !== undefined && record.resourceId !== query.resourceId) continue;
      const thread = toThread(record);
      if (!matchesMetadata(thread.metadata, query.metadata)) continue;
      matches.push(thread);
    }
    matches.sort((a, b) => sign * (a[field].getTime() - b[field].getTime()) || (a.id < b.id ? -sign : sign));
    const start = perPage === false ? 0 : page * perPage;
    const threads = perPage === false ? matches : matches.slice(start, start + perPage);
    return {
      threads,
      total: matches.length,
      page,
      perPage,
      hasMore: perPage !== false && start + perPage < matches.length,
    };
  }

  // ---- messages ------------------------------------------------------------------------

  async listMessages(query: ListMessagesQuery): Promise<ListMessagesResult> {
    this.ensureOpen();
    const page = query.page ?? 0;
    const perPage = query.perPage ?? DEFAULT_MESSAGE_PAGE;
    checkPaging(this.name, 'listMessages', page, perPage);
    if (query.threadId === undefined && query.resourceId === undefined) {
      throw invalidInput(this.name, 'listMessages', 'pass a `threadId` or a `resourceId`.');
    }
    let candidates: MessageRecord[];
    if (query.threadId !== undefined) {
      candidates = this.byThread.get(query.threadId) ?? [];
    } else {
      candidates = [...this.messages.values()].filter((r) => r.resourceId === query.resourceId);
      candidates.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    }
    // Filter on the record fields; decode content only for a metadata filter and for the page.
    const matches: MessageRecord[] = [];
    for (const record of candidates) {
      if (query.resourceId !== undefined && record.resourceId !== query.resourceId) continue;
      if (!this.recordMatches(record, query)) continue;
      matches.push(record);
    }
    const window = pageWindow(page, perPage, query.orderBy);
    const scanned = window.scan === 'ASC' ? matches : [...matches].reverse();
    const end = window.limit === undefined ? scanned.length : window.offset + window.limit;
    const pageRows = scanned.slice(window.offset, end);
    const hasMore = end < scanned.length;
    const selected = new Map<string, StorageMessage>();
    for (const record of pageRows) selected.set(record.id, toMessage(this.name, record));
    for (const include of query.include ?? []) {
      for (const record of this.neighbours(
        include.id,
        include.withPreviousMessages,
        include.withNextMessages,
      )) {
        if (!selected.has(record.id)) selected.set(record.id, toMessage(this.name, record));
      }
    }
    const messages = this.ordered([...selected.values()], window.output);
    return {
      messages,
      total: query.includeTotal === false ? -1 : matches.length,
      page,
      perPage,
      hasMore,
    };
  }

  async getLastMessages(query: LastMessagesQuery): Promise<StorageMessage[]> {
    this.ensureOpen();
    if (!Number.isInteger(query.limit) || query.limit < 0) {
      throw invalidInput(this.name, 'getLastMessages', '`limit` must be a non-negative integer.');
    }
    const list = this.byThread.get(query.threadId);
    const out: StorageMessage[] = [];
    if (!list || query.limit === 0) return out;
    for (let i = list.length - 1; i >= 0 && out.length < query.limit; i--) {
      const record = list[i] as MessageRecord;
      if (query.resourceId !== undefined && record.resourceId !== query.resourceId) continue;
      if (this.recordMatches(record, query)) out.push(toMessage(this.name, record));
    }
    return out.reverse();
  }

  async getMessagesByIds(ids: string[]): Promise<StorageMessage[]> {
    this.ensureOpen();
    const records: MessageRecord[] = [];
    for (const id of new Set(ids)) {
      const record = this.messages.get(id);
      if (record) records.push(record);
    }
    records.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    return records.map((r) => toMessage(this.name, r));
  }

  async saveMessages(messages: StorageMessageInput[]): Promise<StorageMessage[]> {
    this.ensureOpen();
    return this.writeMessages('saveMessages', messages, new Map());
  }

  async saveTurn(turn: SaveTurnInput): Promise<StorageMessage[]> {
    this.ensureOpen();
    if (turn.thread) checkThread(this.name, 'saveTurn', turn.thread);
    if (turn.resource) this.checkResource('saveTurn', turn.resource);
    const pending = new Map<string, string>();
    const stored = turn.thread && turn.touchThread ? this.threads.get(turn.thread.id) : undefined;
    if (stored && turn.thread && stored.resourceId !== turn.thread.resourceId) {
      // A claim of someone else's thread: refused before anything is applied.
      throw threadOwnerMismatch(this.name, 'saveTurn', stored.id, stored.resourceId, turn.thread.resourceId);
    }
    if (turn.thread) pending.set(turn.thread.id, turn.thread.resourceId);
    const prepared = this.prepareMessages('saveTurn', turn.messages, pending);
    // Everything is validated: apply without any further way to fail.
    if (stored && turn.thread) stored.updatedAt = turn.thread.updatedAt.getTime();
    else if (turn.thread) this.putThread(turn.thread);
    const saved = this.applyMessages(prepared);
    if (turn.resource) this.putResource(turn.resource);
    return saved;
  }

  async updateMessages(updates: MessageUpdate[]): Promise<StorageMessage[]> {
    this.ensureOpen();
    const next: StorageMessageInput[] = [];
    for (const update of updates) {
      const record = this.messages.get(update.id);
      if (!record) continue;
      next.push(applyMessageUpdate(toMessage(this.name, record), update));
    }
    return this.writeMessages('updateMessages', next, new Map());
  }

  async deleteMessages(ids: string[]): Promise<void> {
    this.ensureOpen();
    const gone = new Set<string>();
    for (const id of ids) {
      const record = this.messages.get(id);
      if (!record) continue;
      this.unindex(record);
      this.messages.delete(id);
      gone.add(id);
    }
    if (gone.size > 0) this.dropVectors((v) => v.messageId !== undefined && gone.has(v.messageId));
  }

  // ---- resources -----------------------------------------------------------------------

  async getResource(id: string): Promise<StorageResource | null> {
    this.ensureOpen();
    const record = this.resources.get(id);
    return record ? toResource(record) : null;
  }

  async saveResource(resource: ResourceInput): Promise<StorageResource> {
    this.ensureOpen();
    this.checkResource('saveResource', resource);
    return toResource(this.putResource(resource));
  }

  // ---- vectors -------------------------------------------------------------------------

  async upsertVectors(input: UpsertVectorsInput): Promise<void> {
    this.ensureOpen();
    const indexName = input.indexName ?? 'default';
    const prepared = prepareVectors(this.name, input);
    let index = this.vectors.get(indexName);
    if (!index) {
      index = new Map();
      this.vectors.set(indexName, index);
    }
    for (const record of prepared) index.set(record.id, record);
  }

  async queryVectors(query: VectorQuery): Promise<VectorMatch[]> {
    this.ensureOpen();
    return queryVectorIndex(this.name, this.vectors.get(query.indexName ?? 'default'), query);
  }

  async deleteVectors(filter: VectorFilter): Promise<void> {
    this.ensureOpen();
    const index = this.vectors.get(filter.indexName ?? 'default');
    if (index) deleteFromIndex(index, filter);
  }

  // ---- internals -----------------------------------------------------------------------

  private threadNotFound(id: string): StorageError {
    return new StorageError(
      'STORE_THREAD_NOT_FOUND',
      `${this.name}: thread "${id}" not found; create it (saveThread) before updating it.`,
      { details: { store: this.name, threadId: id } },
    );
  }

  private checkResource(method: string, resource: ResourceInput): void {
    if (
      resource === null ||
      typeof resource !== 'object' ||
      typeof resource.id !== 'string' ||
      resource.id === ''
    ) {
      throw invalidInput(this.name, method, 'a resource needs a non-empty string `id`.');
    }
    if (resource.workingMemory !== undefined && typeof resource.workingMemory !== 'string') {
      throw invalidInput(this.name, method, `resource "${resource.id}": \`workingMemory\` must be a string.`);
    }
  }

  private putThread(thread: StorageThread): ThreadRecord {
    const record: ThreadRecord = {
      id: thread.id,
      resourceId: thread.resourceId,
      title: thread.title,
      metadata: thread.metadata === undefined ? undefined : encodeJson(thread.metadata),
      createdAt: thread.createdAt.getTime(),
      updatedAt: thread.updatedAt.getTime(),
    };
    this.threads.set(record.id, record);
    return record;
  }

  private putResource(resource: ResourceInput): ResourceRecord {
    const existing = this.resources.get(resource.id);
    const now = Date.now();
    const oldMeta =
      existing?.metadata === undefined
        ? undefined
        : (decodeJson(existing.metadata) as Record<string, unknown>);
    const metadata = resource.metadata ? { ...(oldMeta ?? {}), ...resource.metadata } : oldMeta;
    const record: ResourceRecord = {
      id: resource.id,
      workingMemory: resource.workingMemory ?? existing?.workingMemory,
      metadata: metadata === undefined ? undefined : encodeJson(metadata),
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    this.resources.set(record.id, record);
    return record;
  }

  private writeMessages(
    method: string,
    messages: StorageMessageInput[],
    pendingThreads: Map<string, string>,
  ): StorageMessage[] {
    return this.applyMessages(this.prepareMessages(method, messages, pendingThreads));
  }

  /** Validate and encode; throws before anything is written. */
  private prepareMessages(
    method: string,
    messages: StorageMessageInput[],
    pendingThreads: Map<string, string>,
  ): Omit<MessageRecord, 'seq'>[] {
    if (!Array.isArray(messages)) throw invalidInput(this.name, method, 'pass an array of messages.');
    const out: Omit<MessageRecord, 'seq'>[] = [];
    for (const message of messages) {
      checkMessageInput(this.name, method, message);
      const owner = pendingThreads.get(message.threadId) ?? this.threads.get(message.threadId)?.resourceId;
      const resourceId = message.resourceId ?? owner;
      if (owner !== undefined && resourceId !== owner) {
        throw threadOwnerMismatch(this.name, method, message.threadId, owner, resourceId);
      }
      if (resourceId === undefined) {
        throw invalidInput(
          this.name,
          method,
          `message "${message.id}" has no \`resourceId\` and thread "${message.threadId}" does not exist; ` +
            'set `resourceId` or save the thread first.',
        );
      }
      out.push({
        id: message.id,
        threadId: message.threadId,
        resourceId,
        role: message.role,
        type: message.type,
        createdAt: message.createdAt.getTime(),
        content: encodeJson(message.content),
      });
    }
    return out;
  }

  private applyMessages(prepared: Omit<MessageRecord, 'seq'>[]): StorageMessage[] {
    const saved: StorageMessage[] = [];
    for (const item of prepared) {
      const existing = this.messages.get(item.id);
      if (existing) this.unindex(existing);
      const record: MessageRecord = { ...item, seq: existing ? existing.seq : ++this.seq };
      this.messages.set(record.id, record);
      let list = this.byThread.get(record.threadId);
      if (!list) {
        list = [];
        this.byThread.set(record.threadId, list);
      }
      list.splice(lowerBound(list, record), 0, record);
      saved.push(toMessage(this.name, record));
    }
    return saved;
  }

  private unindex(record: MessageRecord): void {
    const list = this.byThread.get(record.threadId);
    if (!list) return;
    const at = lowerBound(list, record);
    if (list[at] === record) list.splice(at, 1);
    else {
      const i = list.indexOf(record);
      if (i >= 0) list.splice(i, 1);
    }
    if (list.length === 0) this.byThread.delete(record.threadId);
  }

  private recordMatches(record: MessageRecord, filter: StorageMessageFilter): boolean {
    if (!matchesMessageFields(record.role, record.type, record.createdAt, filter)) return false;
    return (
      filter.metadata === undefined ||
      matchesMetadata(toMessage(this.name, record).content.metadata, filter.metadata)
    );
  }

  private neighbours(id: string, previous = 0, next = 0): MessageRecord[] {
    const record = this.messages.get(id);
    if (!record) return [];
    const list = this.byThread.get(record.threadId) ?? [];
    const at = lowerBound(list, record);
    return list.slice(Math.max(0, at - Math.max(0, previous)), at + 1 + Math.max(0, next));
  }

  private ordered(messages: StorageMessage[], direction: 'ASC' | 'DESC'): StorageMessage[] {
    const seqOf = (m: StorageMessage) => this.messages.get(m.id)?.seq ?? 0;
    const sign = direction === 'ASC' ? 1 : -1;
    return messages.sort(
      (a, b) => sign * (a.createdAt.getTime() - b.createdAt.getTime() || seqOf(a) - seqOf(b)),
    );
  }

  private dropVectors(predicate: (v: VectorRecord) => boolean): void {
    for (const index of this.vectors.values()) {
      for (const [id, v] of index) if (predicate(v)) index.delete(id);
    }
  }
}
