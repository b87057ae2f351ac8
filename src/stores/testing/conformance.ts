/**
 * The one conformance suite every `MemoryStorage` passes. A store's test file calls
 * {@link defineStoreConformance} with a factory; the suite defines the vitest tests. Each test
 * gets a fresh, empty store and disposes of it afterwards (the SQL factories give every test
 * its own table prefix or schema and drop it).
 *
 * This module imports vitest, so it is test support only: nothing in the public entry points
 * imports it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SluiceError } from '../../errors/sluice-error.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type { MemoryStorage, StorageMessageInput, StorageThread } from '../types.js';

/** What a store factory hands the suite for one test. */
export interface ConformanceSubject {
  store: MemoryStorage;
  /** Drop everything the test created (schema, tables, file). Called after `store.close()`. */
  dispose?: () => Promise<void>;
  /**
   * Overwrite one column of a stored message row with raw text (SQL stores only), so the
   * suite can check that corrupt rows fail with an error naming the row.
   */
  corruptMessage?: (id: string, column: 'content' | 'role', raw: string) => Promise<void>;
  /**
   * A second store on the same database (its own connection or pool), for the race rules: two
   * processes writing at once. Without it the races run on `store` alone.
   */
  twin?: () => MemoryStorage;
}

/** Define the conformance tests for a store. `factory` is called once per test. */
export function defineStoreConformance(label: string, factory: () => Promise<ConformanceSubject>): void {
  describe(`MemoryStorage conformance: ${label}`, () => {
    let subject: ConformanceSubject;
    let store: MemoryStorage;

    beforeEach(async () => {
      subject = await factory();
      store = subject.store;
    });

    afterEach(async () => {
      await store.close();
      await subject.dispose?.();
    });

    const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

    function thread(
      id: string,
      resourceId = 'res-1',
      at = T0,
      extra: Partial<StorageThread> = {},
    ): StorageThread {
      return { id, resourceId, createdAt: new Date(at), updatedAt: new Date(at), ...extra };
    }

    function msg(
      id: string,
      text: string,
      at: number,
      extra: Partial<MastraDBMessage> & { threadId?: string } = {},
    ): StorageMessageInput {
      return {
        id,
        role: 'user',
        createdAt: new Date(at),
        threadId: 't1',
        resourceId: 'res-1',
        content: { format: 2, parts: [{ type: 'text', text }] },
        ...extra,
      } as StorageMessageInput;
    }

    async function seed(count: number, threadId = 't1', start = T0): Promise<void> {
      await store.saveThread(thread(threadId));
      const batch: StorageMessageInput[] = [];
      for (let i = 0; i < count; i++) {
        batch.push(
          msg(`${threadId}-m${i}`, `message ${i}`, start + i * 1000, {
            threadId,
            role: i % 2 === 0 ? 'user' : 'assistant',
          }),
        );
      }
      await store.saveMessages(batch);
    }

    const ids = (list: { id: string }[]) => list.map((m) => m.id);

    async function expectCode(promise: Promise<unknown>, code: string): Promise<SluiceError> {
      const error = await promise.then(
        () => {
          throw new Error(`expected a rejection with code ${code}`);
        },
        (e: unknown) => e,
      );
      expect(SluiceError.isInstance(error), String(error)).toBe(true);
      expect((error as SluiceError).code).toBe(code);
      return error as SluiceError;
    }

    describe('threads', () => {
      it('saves, reads back, updates (metadata merged, updatedAt bumped) and deletes a thread', async () => {
        expect(await store.getThreadById('nope')).toBeNull();
        const saved = await store.saveThread(
          thread('t1', 'res-1', T0, { title: 'First', metadata: { a: 1, tags: ['x'] } }),
        );
        expect(saved).toEqual(thread('t1', 'res-1', T0, { title: 'First', metadata: { a: 1, tags: ['x'] } }));
        expect(await store.getThreadById('t1')).toEqual(saved);

        const updated = await store.updateThread({ id: 't1', title: 'Renamed', metadata: { b: 2 } });
        expect(updated.title).toBe('Renamed');
        expect(updated.metadata).toEqual({ a: 1, tags: ['x'], b: 2 });
        expect(updated.createdAt.getTime()).toBe(T0);
        expect(updated.updatedAt.getTime()).toBeGreaterThan(T0);
        expect(await store.getThreadById('t1')).toEqual(updated);

        await store.deleteThread('t1');
        expect(await store.getThreadById('t1')).toBeNull();
        await store.deleteThread('t1');
      });

      it('updateThread on an unknown thread is STORE_THREAD_NOT_FOUND naming the thread', async () => {
        const error = await expectCode(
          store.updateThread({ id: 'ghost', title: 'x' }),
          'STORE_THREAD_NOT_FOUND',
        );
        expect(error.message).toContain('ghost');
        expect(error.details.store).toBe(store.name);
      });

      it('deleting a thread deletes its messages and their vectors, and nothing of other threads', async () => {
        await seed(3, 't1');
        await seed(2, 't2');
        await store.upsertVectors({
          rows: [
            { id: 'v1', vector: [1, 0], messageId: 't1-m0', threadId: 't1', resourceId: 'res-1' },
            { id: 'v2', vector: [1, 0], messageId: 't2-m0', threadId: 't2', resourceId: 'res-1' },
          ],
        });
        await store.deleteThread('t1');
        expect(await store.getLastMessages({ threadId: 't1', limit: 10 })).toEqual([]);
        expect(ids(await store.getLastMessages({ threadId: 't2', limit: 10 }))).toEqual(['t2-m0', 't2-m1']);
        expect(ids(await store.queryVectors({ vector: [1, 0], topK: 10 }))).toEqual(['v2']);
      });

      it('lists threads by resource with paging, ordering, metadata filter, total and hasMore', async () => {
        for (let i = 0; i < 5; i++) {
          await store.saveThread(
            thread(`t${i}`, i < 4 ? 'res-1' : 'res-2', T0 + i * 1000, {
              metadata: { kind: i % 2 === 0 ? 'even' : 'odd' },
              updatedAt: new Date(T0 + (10 - i) * 1000),
            }),
          );
        }
        const first = await store.listThreads({ resourceId: 'res-1', perPage: 3 });
        expect(ids(first.threads)).toEqual(['t3', 't2', 't1']);
        expect(first).toMatchObject({ total: 4, page: 0, perPage: 3, hasMore: true });
        const second = await store.listThreads({ resourceId: 'res-1', perPage: 3, page: 1 });
        expect(ids(second.threads)).toEqual(['t0']);
        expect(second.hasMore).toBe(false);
        const asc = await store.listThreads({
          orderBy: { field: 'createdAt', direction: 'ASC' },
          perPage: false,
        });
        expect(ids(asc.threads)).toEqual(['t0', 't1', 't2', 't3', 't4']);
        const byUpdate = await store.listThreads({ orderBy: { field: 'updatedAt', direction: 'DESC' } });
        expect(ids(byUpdate.threads)).toEqual(['t0', 't1', 't2', 't3', 't4']);
        const even = await store.listThreads({ resourceId: 'res-1', metadata: { kind: 'even' } });
        expect(ids(even.threads)).toEqual(['t2', 't0']);
        expect(even.total).toBe(2);
      });
    });

    describe('messages round-trip exactly', () => {
      it('keeps Dates, bytes, nested metadata, marker-like keys, parts, type and signal rows', async () => {
        await store.saveThread(thread('t1'));
        const bytes = new Uint8Array([0, 1, 2, 250, 255]);
        const rich: StorageMessageInput = {
          id: 'rich',
          role: 'assistant',
          createdAt: new Date(T0 + 123),
          threadId: 't1',
          resourceId: 'res-1',
          type: 'text',
          content: {
            format: 2,
            content: 'legacy',
            parts: [
              { type: 'step-start' },
              { type: 'text', text: 'Héllo 👋 "quoted" \n newline', createdAt: T0 },
              {
                type: 'tool-invocation',
                toolInvocation: {
                  state: 'result',
                  toolCallId: 'c1',
                  toolName: 'weather',
                  args: { city: 'Zürich', nested: { deep: [1, { x: null }] } },
                  result: { tempC: -3.5, when: new Date(T0 + 5) },
                },
              },
              {
                type: 'file',
                data: 'data:image/png;base64,iVBORw0KGgo=',
                mimeType: 'image/png',
                filename: 'a.png',
              },
              { type: 'data-progress', id: 'p1', data: { pct: 50, raw: bytes } },
            ],
            metadata: {
              at: new Date(T0 + 7),
              bytes,
              buffer: bytes.buffer.slice(0),
              nested: { list: [new Date(T0 + 9), 'two', 3, true, null] },
              $t: 'looks like a marker',
              $$t: 'so does this',
              other: { $t: 'date', v: 'not really a date' },
              mastra: { unavailableAttachments: [{ url: 'https://x.test/a.png', name: 'a.png' }] },
            },
          },
        };
        const signal: StorageMessageInput = {
          id: 'sig',
          role: 'signal',
          type: 'system-reminder',
          createdAt: new Date(T0 + 200),
          threadId: 't1',
          resourceId: 'res-1',
          content: {
            format: 2,
            parts: [{ type: 'text', text: 'be brief' }],
            metadata: {
              signal: { id: 's1', type: 'reactive', tagName: 'system-reminder', createdAt: new Date(T0) },
            },
          },
        };
        const saved = await store.saveMessages([rich, signal]);
        expect(saved).toEqual([rich, signal]);
        const loaded = await store.getMessagesByIds(['rich', 'sig']);
        expect(loaded).toEqual([rich, signal]);
        const meta = loaded[0]?.content.metadata as Record<string, unknown>;
        expect(meta.at).toBeInstanceOf(Date);
        expect(meta.bytes).toBeInstanceOf(Uint8Array);
        expect(meta.buffer).toBeInstanceOf(ArrayBuffer);
        expect(Array.from(meta.bytes as Uint8Array)).toEqual([0, 1, 2, 250, 255]);
        expect(meta.other).toEqual({ $t: 'date', v: 'not really a date' });
        expect(loaded[0]?.createdAt.getTime()).toBe(T0 + 123);
      });

      it('returns copies: mutating a result never changes what is stored', async () => {
        await seed(1);
        const [first] = await store.getLastMessages({ threadId: 't1', limit: 1 });
        (first!.content.parts[0] as { text: string }).text = 'mutated';
        const [again] = await store.getLastMessages({ threadId: 't1', limit: 1 });
        expect((again!.content.parts[0] as { text: string }).text).toBe('message 0');
      });
    });

    describe('order', () => {
      it('keeps save order for equal timestamps, within one call and across calls', async () => {
        await store.saveThread(thread('t1'));
        await store.saveMessages([msg('z', 'z', T0), msg('a', 'a', T0), msg('m', 'm', T0)]);
        await store.saveMessages([msg('b', 'b', T0)]);
        await store.saveMessages([msg('early', 'e', T0 - 1)]);
        expect(ids(await store.getLastMessages({ threadId: 't1', limit: 10 }))).toEqual([
          'early',
          'z',
          'a',
          'm',
          'b',
        ]);
        expect(ids(await store.getLastMessages({ threadId: 't1', limit: 2 }))).toEqual(['m', 'b']);
        const listed = await store.listMessages({ threadId: 't1', perPage: false });
        expect(ids(listed.messages)).toEqual(['early', 'z', 'a', 'm', 'b']);
        const desc = await store.listMessages({
          threadId: 't1',
          perPage: 3,
          orderBy: { field: 'createdAt', direction: 'DESC' },
        });
        expect(ids(desc.messages)).toEqual(['b', 'm', 'a']);
      });

      it('an upsert of an existing id replaces it in place (keeps its position)', async () => {
        await store.saveThread(thread('t1'));
        await store.saveMessages([msg('a', 'a', T0), msg('b', 'b', T0), msg('c', 'c', T0)]);
        await store.saveMessages([msg('a', 'a2', T0)]);
        const all = await store.getLastMessages({ threadId: 't1', limit: 10 });
        expect(ids(all)).toEqual(['a', 'b', 'c']);
        expect((all[0]!.content.parts[0] as { text: string }).text).toBe('a2');
      });
    });

    describe('getLastMessages', () => {
      it('returns the newest N in chronological order, honouring role, signal-type and resource filters', async () => {
        await seed(8);
        await store.saveMessages([
          msg('sig-r', 'reminder', T0 + 100_000, { role: 'signal', type: 'system-reminder' }),
          msg('sig-n', 'note', T0 + 100_001, { role: 'signal', type: 'notification' }),
          msg('sys', 'system', T0 + 100_002, { role: 'system' }),
        ]);
        expect(ids(await store.getLastMessages({ threadId: 't1', limit: 3 }))).toEqual([
          'sig-r',
          'sig-n',
          'sys',
        ]);
        expect(await store.getLastMessages({ threadId: 't1', limit: 0 })).toEqual([]);
        expect(
          ids(
            await store.getLastMessages({
              threadId: 't1',
              limit: 3,
              excludeRoles: ['system'],
              excludeSignalTypes: ['system-reminder'],
            }),
          ),
        ).toEqual(['t1-m6', 't1-m7', 'sig-n']);
        expect(await store.getLastMessages({ threadId: 't1', limit: 3, resourceId: 'someone-else' })).toEqual(
          [],
        );
        expect(await store.getLastMessages({ threadId: 'unknown', limit: 3 })).toEqual([]);
      });

      it('filters by content.metadata (shallow, strict equality)', async () => {
        await store.saveThread(thread('t1'));
        await store.saveMessages([
          msg('a', 'a', T0, { content: { format: 2, parts: [], metadata: { tag: 'x', n: 1 } } }),
          msg('b', 'b', T0 + 1, { content: { format: 2, parts: [], metadata: { tag: 'y', n: 1 } } }),
          msg('c', 'c', T0 + 2, { content: { format: 2, parts: [], metadata: { tag: 'x', n: '1' } } }),
        ]);
        expect(
          ids(await store.getLastMessages({ threadId: 't1', limit: 5, metadata: { tag: 'x' } })),
        ).toEqual(['a', 'c']);
        expect(
          ids(await store.getLastMessages({ threadId: 't1', limit: 1, metadata: { tag: 'x', n: 1 } })),
        ).toEqual(['a']);
        // Matches far back behind many non-matching messages are still found, newest first.
        const filler: StorageMessageInput[] = [];
        for (let i = 0; i < 300; i++) {
          filler.push(
            msg(`f${i}`, 'f', T0 + 10 + i, { content: { format: 2, parts: [], metadata: { tag: 'z' } } }),
          );
        }
        await store.saveMessages(filler);
        expect(
          ids(await store.getLastMessages({ threadId: 't1', limit: 2, metadata: { tag: 'x' } })),
        ).toEqual(['a', 'c']);
        expect(
          ids(await store.getLastMessages({ threadId: 't1', limit: 2, metadata: { tag: 'z' } })),
        ).toEqual(['f298', 'f299']);
      });
    });

    describe('listMessages', () => {
      it('default: page 0 is the newest page, returned oldest first; page 1 is the page before', async () => {
        await seed(7);
        const p0 = await store.listMessages({ threadId: 't1', perPage: 3 });
        expect(ids(p0.messages)).toEqual(['t1-m4', 't1-m5', 't1-m6']);
        expect(p0).toMatchObject({ total: 7, page: 0, perPage: 3, hasMore: true });
        const p1 = await store.listMessages({ threadId: 't1', perPage: 3, page: 1 });
        expect(ids(p1.messages)).toEqual(['t1-m1', 't1-m2', 't1-m3']);
        const p2 = await store.listMessages({ threadId: 't1', perPage: 3, page: 2 });
        expect(ids(p2.messages)).toEqual(['t1-m0']);
        expect(p2.hasMore).toBe(false);
        const none = await store.listMessages({ threadId: 't1', perPage: 3, page: 5 });
        expect(none.messages).toEqual([]);
      });

      it('orderBy ASC / DESC pages and returns in that direction; perPage false returns all', async () => {
        await seed(5);
        const asc = await store.listMessages({
          threadId: 't1',
          perPage: 2,
          page: 1,
          orderBy: { field: 'createdAt', direction: 'ASC' },
        });
        expect(ids(asc.messages)).toEqual(['t1-m2', 't1-m3']);
        const desc = await store.listMessages({
          threadId: 't1',
          perPage: 2,
          orderBy: { field: 'createdAt', direction: 'DESC' },
        });
        expect(ids(desc.messages)).toEqual(['t1-m4', 't1-m3']);
        const all = await store.listMessages({ threadId: 't1', perPage: false });
        expect(all.messages).toHaveLength(5);
        expect(all.hasMore).toBe(false);
        const noTotal = await store.listMessages({ threadId: 't1', perPage: 2, includeTotal: false });
        expect(noTotal.total).toBe(-1);
        expect(noTotal.hasMore).toBe(true);
      });

      it('dateRange bounds are inclusive unless marked exclusive', async () => {
        await seed(5);
        const range = { start: new Date(T0 + 1000), end: new Date(T0 + 3000) };
        expect(
          ids((await store.listMessages({ threadId: 't1', perPage: false, dateRange: range })).messages),
        ).toEqual(['t1-m1', 't1-m2', 't1-m3']);
        const exclusive = { ...range, startExclusive: true, endExclusive: true };
        const listed = await store.listMessages({ threadId: 't1', perPage: false, dateRange: exclusive });
        expect(ids(listed.messages)).toEqual(['t1-m2']);
        expect(listed.total).toBe(1);
      });

      it('metadata filter pages over the matching messages only', async () => {
        await store.saveThread(thread('t1'));
        const batch: StorageMessageInput[] = [];
        for (let i = 0; i < 6; i++) {
          batch.push(
            msg(`m${i}`, `m${i}`, T0 + i, {
              content: { format: 2, parts: [], metadata: { even: i % 2 === 0 } },
            }),
          );
        }
        await store.saveMessages(batch);
        const page = await store.listMessages({ threadId: 't1', perPage: 2, metadata: { even: true } });
        expect(ids(page.messages)).toEqual(['m2', 'm4']);
        expect(page).toMatchObject({ total: 3, hasMore: true });
      });

      it('include adds a message and its neighbours from its thread, deduplicated and in order', async () => {
        await seed(10, 't1');
        await seed(3, 't2');
        const listed = await store.listMessages({
          threadId: 't1',
          perPage: 2,
          include: [
            { id: 't1-m3', withPreviousMessages: 1, withNextMessages: 1 },
            { id: 't1-m8', withNextMessages: 5 },
            { id: 't2-m1', threadId: 't2', withPreviousMessages: 1 },
            { id: 'missing' },
          ],
        });
        expect(ids(listed.messages)).toEqual(['t2-m0', 't2-m1', 't1-m2', 't1-m3', 't1-m4', 't1-m8', 't1-m9']);
        expect(listed.total).toBe(10);
      });

      it('lists a resource across its threads, or a thread restricted to a resource', async () => {
        await seed(2, 't1');
        await seed(2, 't2', T0 + 500);
        await store.saveThread(thread('t3', 'res-2'));
        await store.saveMessages([msg('other', 'o', T0, { threadId: 't3', resourceId: 'res-2' })]);
        const byResource = await store.listMessages({ resourceId: 'res-1', perPage: false });
        expect(ids(byResource.messages)).toEqual(['t1-m0', 't2-m0', 't1-m1', 't2-m1']);
        const mismatch = await store.listMessages({ threadId: 't3', resourceId: 'res-1', perPage: false });
        expect(mismatch.messages).toEqual([]);
      });

      it('rejects a query with neither threadId nor resourceId, and bad paging, with STORE_INVALID_INPUT', async () => {
        await expectCode(store.listMessages({}), 'STORE_INVALID_INPUT');
        await expectCode(store.listMessages({ threadId: 't1', page: -1 }), 'STORE_INVALID_INPUT');
        await expectCode(store.listMessages({ threadId: 't1', perPage: 1.5 }), 'STORE_INVALID_INPUT');
      });
    });

    describe('writes', () => {
      it('getMessagesByIds returns the known ones in chronological order', async () => {
        await seed(4);
        expect(ids(await store.getMessagesByIds(['t1-m3', 'nope', 't1-m0', 't1-m3']))).toEqual([
          't1-m0',
          't1-m3',
        ]);
        expect(await store.getMessagesByIds([])).toEqual([]);
      });

      it('saveMessages takes a missing resourceId from the stored thread', async () => {
        await store.saveThread(thread('t1', 'owner'));
        const [saved] = await store.saveMessages([{ ...msg('a', 'a', T0), resourceId: undefined }]);
        expect(saved?.resourceId).toBe('owner');
        expect((await store.getMessagesByIds(['a']))[0]?.resourceId).toBe('owner');
      });

      it('saveMessages is all or nothing: one bad message saves none of the batch', async () => {
        await store.saveThread(thread('t1'));
        const bad = { ...msg('b', 'b', T0 + 1), threadId: undefined } as unknown as StorageMessageInput;
        const error = await expectCode(store.saveMessages([msg('a', 'a', T0), bad]), 'STORE_INVALID_INPUT');
        expect(error.message).toContain('"b"');
        expect(error.message).toContain('threadId');
        await expectCode(
          store.saveMessages([
            msg('c', 'c', T0),
            { ...msg('d', 'd', T0), resourceId: undefined, threadId: 'no-thread' },
          ]),
          'STORE_INVALID_INPUT',
        );
        await expectCode(
          store.saveMessages([{ ...msg('e', 'e', T0), role: 'tool' as never }]),
          'STORE_INVALID_INPUT',
        );
        await expectCode(
          store.saveMessages([{ ...msg('f', 'f', T0), createdAt: new Date(Number.NaN) }]),
          'STORE_INVALID_INPUT',
        );
        expect(await store.getLastMessages({ threadId: 't1', limit: 10 })).toEqual([]);
      });

      it('saveTurn stores thread, messages and resource working memory together', async () => {
        const saved = await store.saveTurn({
          thread: thread('t1', 'res-1'),
          messages: [
            { ...msg('u', 'hi', T0), resourceId: undefined },
            msg('a', 'hello', T0, { role: 'assistant' }),
          ],
          resource: { id: 'res-1', workingMemory: '# Notes\n- likes tea' },
        });
        expect(ids(saved)).toEqual(['u', 'a']);
        expect(saved[0]?.resourceId).toBe('res-1');
        expect(await store.getThreadById('t1')).toEqual(thread('t1', 'res-1'));
        expect(ids(await store.getLastMessages({ threadId: 't1', limit: 10 }))).toEqual(['u', 'a']);
        expect((await store.getResource('res-1'))?.workingMemory).toBe('# Notes\n- likes tea');
      });

      it('saveTurn touchThread: inserts a missing thread, and only bumps updatedAt of an existing one', async () => {
        await store.saveTurn({
          thread: thread('t1', 'res-1', T0, { title: 'First' }),
          touchThread: true,
          messages: [msg('u', 'hi', T0)],
        });
        expect(await store.getThreadById('t1')).toEqual(thread('t1', 'res-1', T0, { title: 'First' }));
        await store.updateThread({ id: 't1', title: 'Renamed', metadata: { tag: 'vip' } });
        const later = new Date(T0 + 60_000);
        await store.saveTurn({
          thread: { ...thread('t1', 'res-1', T0, { title: 'Stale' }), updatedAt: later },
          touchThread: true,
          messages: [msg('a', 'hello', T0 + 1, { role: 'assistant' })],
        });
        const stored = await store.getThreadById('t1');
        expect(stored).toMatchObject({ title: 'Renamed', metadata: { tag: 'vip' }, resourceId: 'res-1' });
        expect(stored?.createdAt).toEqual(new Date(T0));
        expect(stored?.updatedAt).toEqual(later);
        expect(ids(await store.getLastMessages({ threadId: 't1', limit: 10 }))).toEqual(['u', 'a']);
        // No messages: only the thread (how the working-memory tool gives a new thread a home).
        await store.saveTurn({ thread: thread('t2', 'res-2'), touchThread: true, messages: [] });
        expect(await store.getThreadById('t2')).toEqual(thread('t2', 'res-2'));
      });

      it('saveTurn is all or nothing: an invalid message leaves no thread, message or resource', async () => {
        const bad = { ...msg('x', 'x', T0), content: { format: 2 } } as unknown as StorageMessageInput;
        await expectCode(
          store.saveTurn({
            thread: thread('t1'),
            messages: [msg('u', 'hi', T0), bad],
            resource: { id: 'res-1', workingMemory: 'w' },
          }),
          'STORE_INVALID_INPUT',
        );
        expect(await store.getThreadById('t1')).toBeNull();
        expect(await store.getMessagesByIds(['u'])).toEqual([]);
        expect(await store.getResource('res-1')).toBeNull();
      });

      it('updateMessages merges content and content.metadata, skips unknown ids', async () => {
        await store.saveThread(thread('t1'));
        await store.saveMessages([
          msg('a', 'a', T0, {
            content: { format: 2, parts: [{ type: 'text', text: 'a' }], metadata: { keep: 1, over: 1 } },
          }),
        ]);
        const updated = await store.updateMessages([
          { id: 'a', content: { metadata: { over: 2, added: new Date(T0) } } },
          { id: 'ghost', role: 'assistant' },
        ]);
        expect(ids(updated)).toEqual(['a']);
        const [a] = await store.getMessagesByIds(['a']);
        expect(a?.content.parts).toEqual([{ type: 'text', text: 'a' }]);
        expect(a?.content.metadata).toEqual({ keep: 1, over: 2, added: new Date(T0) });
        await store.updateMessages([
          { id: 'a', role: 'assistant', content: { parts: [{ type: 'text', text: 'b' }] } },
        ]);
        const [b] = await store.getMessagesByIds(['a']);
        expect(b?.role).toBe('assistant');
        expect(b?.content.parts).toEqual([{ type: 'text', text: 'b' }]);
        expect(b?.content.metadata).toEqual({ keep: 1, over: 2, added: new Date(T0) });
      });

      it('deleteMessages removes the messages and their vectors; unknown ids are ignored', async () => {
        await seed(3);
        await store.upsertVectors({ rows: [{ id: 'v0', vector: [1, 1], messageId: 't1-m0' }] });
        await store.deleteMessages(['t1-m0', 'ghost']);
        expect(ids(await store.getLastMessages({ threadId: 't1', limit: 10 }))).toEqual(['t1-m1', 't1-m2']);
        expect(await store.queryVectors({ vector: [1, 1], topK: 5 })).toEqual([]);
      });
    });

    describe('thread ownership (tenant isolation)', () => {
      /** Every message stored in thread `threadId`, with its resource. */
      async function stored(threadId: string): Promise<Array<{ id: string; resourceId: string }>> {
        const { messages } = await store.listMessages({ threadId, perPage: false });
        return messages.map((m) => ({ id: m.id, resourceId: m.resourceId }));
      }

      it('saveTurn touchThread on a thread another resource owns is STORE_THREAD_RESOURCE_MISMATCH and changes nothing', async () => {
        await store.saveTurn({ thread: thread('t1', 'alice'), touchThread: true, messages: [] });
        const before = await store.getThreadById('t1');
        const error = await expectCode(
          store.saveTurn({
            thread: { ...thread('t1', 'mallory'), updatedAt: new Date(T0 + 60_000) },
            touchThread: true,
            messages: [msg('m-1', 'from mallory', T0, { threadId: 't1', resourceId: 'mallory' })],
            resource: { id: 'mallory', workingMemory: 'w' },
          }),
          'STORE_THREAD_RESOURCE_MISMATCH',
        );
        expect(error.message).toContain('"t1"');
        expect(error.message).toContain('alice');
        expect(error.message).toContain('mallory');
        expect(error.details).toMatchObject({
          store: store.name,
          threadId: 't1',
          owner: 'alice',
          resourceId: 'mallory',
        });
        expect(await store.getThreadById('t1')).toEqual(before);
        expect(await stored('t1')).toEqual([]);
        expect(await store.getResource('mallory')).toBeNull();
        // Even with no messages (a claim): the owner is never touched by someone else.
        await expectCode(
          store.saveTurn({ thread: thread('t1', 'mallory'), touchThread: true, messages: [] }),
          'STORE_THREAD_RESOURCE_MISMATCH',
        );
      });

      it('a message is never stored in a thread its resource does not own (saveTurn, saveMessages, updateMessages)', async () => {
        await store.saveThread(thread('t1', 'alice'));
        await store.saveMessages([msg('a-1', 'alice 1', T0, { resourceId: 'alice' })]);
        await expectCode(
          store.saveTurn({
            thread: thread('t1', 'alice'),
            touchThread: true,
            messages: [
              msg('a-2', 'alice 2', T0 + 1, { resourceId: 'alice' }),
              msg('m-1', 'mallory 1', T0 + 2, { resourceId: 'mallory' }),
            ],
          }),
          'STORE_THREAD_RESOURCE_MISMATCH',
        );
        await expectCode(
          store.saveMessages([msg('m-2', 'mallory 2', T0 + 3, { resourceId: 'mallory' })]),
          'STORE_THREAD_RESOURCE_MISMATCH',
        );
        await store.saveThread(thread('t2', 'mallory'));
        await store.saveMessages([
          msg('m-3', 'mallory 3', T0 + 4, { threadId: 't2', resourceId: 'mallory' }),
        ]);
        // Moving a message into someone else's thread is the same write.
        await expectCode(
          store.updateMessages([{ id: 'm-3', threadId: 't1' }]),
          'STORE_THREAD_RESOURCE_MISMATCH',
        );
        expect(await stored('t1')).toEqual([{ id: 'a-1', resourceId: 'alice' }]);
        expect(await stored('t2')).toEqual([{ id: 'm-3', resourceId: 'mallory' }]);
      });

      it('resources racing to create one new thread id: exactly one owns it and only its messages are stored (30 trials)', async () => {
        const twin = subject.twin?.() ?? store;
        try {
          for (let trial = 0; trial < 30; trial++) {
            const threadId = `race-${trial}`;
            const turn = (on: MemoryStorage, who: string) =>
              on.saveTurn({
                thread: thread(threadId, who, T0 + trial),
                touchThread: true,
                messages: [
                  msg(`${threadId}-${who}`, `secret of ${who}`, T0 + trial, { threadId, resourceId: who }),
                ],
              });
            const outcomes = await Promise.allSettled([turn(store, 'alice'), turn(twin, 'bob')]);
            const won = outcomes.filter((o) => o.status === 'fulfilled');
            expect(won, `trial ${trial}`).toHaveLength(1);
            const lost = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
            expect((lost.reason as SluiceError).code).toBe('STORE_THREAD_RESOURCE_MISMATCH');
            const owner = (await store.getThreadById(threadId))?.resourceId as string;
            expect(['alice', 'bob']).toContain(owner);
            expect(await stored(threadId)).toEqual([{ id: `${threadId}-${owner}`, resourceId: owner }]);
          }
        } finally {
          if (twin !== store) await twin.close();
        }
      });
    });

    describe('resources', () => {
      it('saves, replaces working memory, merges metadata', async () => {
        expect(await store.getResource('r')).toBeNull();
        const first = await store.saveResource({ id: 'r', workingMemory: 'v1', metadata: { a: 1 } });
        expect(first).toMatchObject({ id: 'r', workingMemory: 'v1', metadata: { a: 1 } });
        const second = await store.saveResource({ id: 'r', metadata: { b: new Date(T0) } });
        expect(second.workingMemory).toBe('v1');
        expect(second.metadata).toEqual({ a: 1, b: new Date(T0) });
        await store.saveResource({ id: 'r', workingMemory: 'v2' });
        const read = await store.getResource('r');
        expect(read).toMatchObject({ id: 'r', workingMemory: 'v2', metadata: { a: 1, b: new Date(T0) } });
        expect(read?.createdAt.getTime()).toBe(first.createdAt.getTime());
      });
    });

    describe('vectors', () => {
      it('queries by cosine similarity, best first, within scope, topK and threshold', async () => {
        await store.upsertVectors({
          rows: [
            {
              id: 'east',
              vector: [1, 0, 0],
              resourceId: 'r1',
              threadId: 'a',
              messageId: 'm1',
              metadata: { at: new Date(T0) },
            },
            { id: 'northeast', vector: new Float32Array([1, 1, 0]), resourceId: 'r1', threadId: 'b' },
            { id: 'north', vector: [0, 1, 0], resourceId: 'r1', threadId: 'a' },
            { id: 'west', vector: [-1, 0, 0], resourceId: 'r2', threadId: 'c' },
            { id: 'zero', vector: [0, 0, 0], resourceId: 'r1', threadId: 'a' },
          ],
        });
        const all = await store.queryVectors({ vector: [1, 0.1, 0], topK: 10 });
        expect(ids(all)).toEqual(['east', 'northeast', 'north', 'zero', 'west']);
        expect(all[0]?.score).toBeCloseTo(1 / Math.sqrt(1.01), 10);
        expect(all[0]).toMatchObject({
          messageId: 'm1',
          threadId: 'a',
          resourceId: 'r1',
          metadata: { at: new Date(T0) },
        });
        expect(all.find((m) => m.id === 'zero')?.score).toBe(0);
        expect(ids(await store.queryVectors({ vector: [1, 0.1, 0], topK: 2 }))).toEqual([
          'east',
          'northeast',
        ]);
        expect(ids(await store.queryVectors({ vector: [1, 0.1, 0], topK: 10, resourceId: 'r2' }))).toEqual([
          'west',
        ]);
        expect(
          ids(await store.queryVectors({ vector: [1, 0.1, 0], topK: 10, threadId: 'a', threshold: 0.05 })),
        ).toEqual(['east', 'north']);
        expect(await store.queryVectors({ indexName: 'other', vector: [1, 0, 0], topK: 10 })).toEqual([]);
      });

      it('upsert replaces by id; delete by ids, messageIds, thread or resource', async () => {
        await store.upsertVectors({ rows: [{ id: 'v', vector: [1, 0], resourceId: 'r1' }] });
        await store.upsertVectors({ rows: [{ id: 'v', vector: [0, 1], resourceId: 'r1' }] });
        const [hit] = await store.queryVectors({ vector: [0, 1], topK: 1 });
        expect(hit?.score).toBeCloseTo(1, 12);
        await store.upsertVectors({
          rows: [
            { id: 'a', vector: [1, 0], threadId: 'ta', resourceId: 'r1', messageId: 'ma' },
            { id: 'b', vector: [1, 0], threadId: 'tb', resourceId: 'r2', messageId: 'mb' },
            { id: 'c', vector: [1, 0], threadId: 'tc', resourceId: 'r3', messageId: 'mc' },
          ],
        });
        await store.deleteVectors({ ids: ['v'] });
        await store.deleteVectors({ messageIds: ['ma'] });
        await store.deleteVectors({ threadId: 'tb' });
        expect(ids(await store.queryVectors({ vector: [1, 0], topK: 10 }))).toEqual(['c']);
        await store.deleteVectors({ resourceId: 'r3' });
        expect(await store.queryVectors({ vector: [1, 0], topK: 10 })).toEqual([]);
      });

      it('a query of another dimension is STORE_VECTOR_DIMENSION_MISMATCH; bad vectors are STORE_INVALID_INPUT', async () => {
        await store.upsertVectors({ rows: [{ id: 'v', vector: [1, 0, 0] }] });
        const error = await expectCode(
          store.queryVectors({ vector: [1, 0], topK: 1 }),
          'STORE_VECTOR_DIMENSION_MISMATCH',
        );
        expect(error.message).toContain('"v"');
        await expectCode(
          store.upsertVectors({ rows: [{ id: 'w', vector: [1, Number.NaN] }] }),
          'STORE_INVALID_INPUT',
        );
        await expectCode(store.upsertVectors({ rows: [{ id: 'w', vector: [] }] }), 'STORE_INVALID_INPUT');
      });
    });

    describe('lifecycle and corrupt rows', () => {
      it('init is idempotent; a closed store rejects with STORE_CLOSED naming the store', async () => {
        await store.init();
        await store.init();
        await store.close();
        const error = await expectCode(store.getThreadById('t1'), 'STORE_CLOSED');
        expect(error.message).toContain(store.name);
      });

      it('a stored row with bad JSON or an unknown role is STORE_CORRUPT_ROW naming table and row', async (ctx) => {
        if (!subject.corruptMessage) {
          ctx.skip();
          return;
        }
        await seed(3);
        await subject.corruptMessage('t1-m1', 'content', '{"format":2,"parts":[oops');
        const error = await expectCode(
          store.getLastMessages({ threadId: 't1', limit: 10 }),
          'STORE_CORRUPT_ROW',
        );
        expect(error.details).toMatchObject({ store: store.name, rowId: 't1-m1', column: 'content' });
        expect(String(error.details.table)).toContain('messages');
        expect(error.message).toContain('t1-m1');
        // The rows around it are still readable.
        expect(ids(await store.getLastMessages({ threadId: 't1', limit: 1 }))).toEqual(['t1-m2']);
        await subject.corruptMessage('t1-m2', 'role', 'wizard');
        const roleError = await expectCode(store.getMessagesByIds(['t1-m2']), 'STORE_CORRUPT_ROW');
        expect(roleError.details).toMatchObject({ rowId: 't1-m2', column: 'role' });
      });
    });
  });
}
