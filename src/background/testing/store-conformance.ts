/**
 * The one conformance suite every `BackgroundTaskStore` passes (the rules are in the module
 * comment of `../types.ts`). A store's test file calls {@link defineBackgroundTaskStoreConformance}
 * with a factory; each test gets a fresh, empty store and disposes of it afterwards.
 *
 * This module imports vitest, so it is test support only: nothing in the public entry points
 * imports it (and the build leaves it out).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SluiceError } from '../../errors/sluice-error.js';
import type { BackgroundTaskInput, BackgroundTaskRecord, BackgroundTaskStore } from '../types.js';

/** What a store factory hands the suite for one test. */
export interface BackgroundTaskStoreSubject {
  store: BackgroundTaskStore;
  /** Drop everything the test created (schema, tables, file). Called after `store.close?.()`. */
  dispose?: () => Promise<void>;
  /**
   * Overwrite one column of a stored task row with raw text (SQL stores only), so the suite can
   * check that a corrupt row fails with an error naming store, table, row and column.
   */
  corrupt?: (id: string, column: 'args' | 'status' | 'result', raw: string) => Promise<void>;
  /** A store of the same kind pointed at a database that cannot be reached (when the kind has one). */
  unreachable?: () => BackgroundTaskStore;
  /**
   * A second store on the same database (its own connection or pool): two processes racing.
   * Without it the races run on `store` alone.
   */
  twin?: () => BackgroundTaskStore;
}

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

/** A new task with every required field; `extra` overrides. */
function task(id: string, extra: Partial<BackgroundTaskInput> = {}): BackgroundTaskInput {
  return {
    id,
    toolName: 'slowSearch',
    toolCallId: `call-${id}`,
    args: { query: id },
    disposition: 'deferred',
    maxRetries: 2,
    timeoutMs: 30_000,
    createdAt: new Date(T0),
    ...extra,
  };
}

async function expectCode(promise: Promise<unknown>, code: string): Promise<SluiceError> {
  const error = await promise.then(
    () => {
      throw new Error(`expected a rejection with code ${code}`);
    },
    (e: unknown) => e,
  );
  expect(SluiceError.isInstance(error), String(error)).toBe(true);
  expect((error as SluiceError).code, String(error)).toBe(code);
  return error as SluiceError;
}

const ids = (list: readonly BackgroundTaskRecord[]) => list.map((t) => t.id);

/** Define the conformance tests for a background task store. `factory` is called once per test. */
export function defineBackgroundTaskStoreConformance(
  label: string,
  factory: () => Promise<BackgroundTaskStoreSubject>,
): void {
  describe(`BackgroundTaskStore conformance: ${label}`, () => {
    let subject: BackgroundTaskStoreSubject;
    let store: BackgroundTaskStore;

    beforeEach(async () => {
      subject = await factory();
      store = subject.store;
    });

    afterEach(async () => {
      await store.close?.();
      await subject.dispose?.();
    });

    describe('create and get', () => {
      it('round-trips every field deep-equal: Dates, binary, nested args, optional fields', async () => {
        const args = {
          query: 'weather',
          when: new Date(T0 + 5),
          bytes: new Uint8Array([0, 1, 254, 255]),
          nested: { list: [1, 'two', { three: [true, null] }], deep: { at: new Date(T0 - 1) } },
          $t: 'looks like a marker',
        };
        const input = task('t-full', {
          args,
          disposition: 'awaited',
          agentId: 'agent-1',
          threadId: 'thread-1',
          resourceId: 'res-1',
          runId: 'run-1',
          owner: 'proc-a',
          retryCount: 1,
          maxRetries: 3,
          timeoutMs: 1234,
          startedAt: new Date(T0 + 10),
        });
        const created = await store.create(input);
        const expected: BackgroundTaskRecord = {
          id: 't-full',
          status: 'pending',
          toolName: 'slowSearch',
          toolCallId: 'call-t-full',
          args,
          disposition: 'awaited',
          agentId: 'agent-1',
          threadId: 'thread-1',
          resourceId: 'res-1',
          runId: 'run-1',
          owner: 'proc-a',
          retryCount: 1,
          maxRetries: 3,
          timeoutMs: 1234,
          createdAt: new Date(T0),
          updatedAt: new Date(T0),
          startedAt: new Date(T0 + 10),
          version: 1,
        };
        expect(created).toEqual(expected);
        const read = await store.get('t-full');
        expect(read).toEqual(expected);
        expect(read?.args).toEqual(args);
        expect((read!.args as typeof args).when).toBeInstanceOf(Date);
        expect((read!.args as typeof args).bytes).toBeInstanceOf(Uint8Array);
        expect(await store.list()).toEqual([expected]);
      });

      it('a minimal task gets status pending, retryCount 0 and createdAt = updatedAt ≈ now', async () => {
        const before = Date.now();
        const { createdAt: _omit, ...input } = task('t-min', { args: ['positional', 2] });
        const created = await store.create(input);
        const after = Date.now();
        expect(created.status).toBe('pending');
        expect(created.retryCount).toBe(0);
        expect(created.createdAt.getTime()).toBeGreaterThanOrEqual(before);
        expect(created.createdAt.getTime()).toBeLessThanOrEqual(after);
        expect(created.updatedAt).toEqual(created.createdAt);
        expect(created.agentId).toBeUndefined();
        expect(created.result).toBeUndefined();
        expect(created.error).toBeUndefined();
        expect(await store.get('t-min')).toEqual(created);
      });

      it('get of an unknown id is null', async () => {
        expect(await store.get('nope')).toBeNull();
      });

      it('create with an existing id is refused with STORE_INVALID_INPUT and changes nothing', async () => {
        const first = await store.create(task('dup', { args: { n: 1 } }));
        const error = await expectCode(store.create(task('dup', { args: { n: 2 } })), 'STORE_INVALID_INPUT');
        expect(error.message).toContain('dup');
        expect(error.message).toContain(store.name);
        expect(await store.get('dup')).toEqual(first);
      });

      it('returns fresh copies: mutating an input or a returned record never changes the stored task', async () => {
        const input = task('fresh', { args: { list: [1, 2], inner: { a: 1 } } });
        const created = await store.create(input);
        (input.args as { list: number[] }).list.push(3);
        (created.args as { inner: { a: number } }).inner.a = 99;
        created.status = 'completed';
        const read = await store.get('fresh');
        expect(read?.args).toEqual({ list: [1, 2], inner: { a: 1 } });
        expect(read?.status).toBe('pending');
        (read!.args as { list: number[] }).list.length = 0;
        const listed = await store.list();
        expect(listed[0].args).toEqual({ list: [1, 2], inner: { a: 1 } });
        expect(await store.get('fresh')).not.toBe(read);
      });
    });

    describe('transition (compare-and-set on status)', () => {
      it('applies from an allowed status, sets the patch, stamps updatedAt and returns the new record', async () => {
        await store.create(task('t1'));
        const startedAt = new Date(T0 + 100);
        const before = Date.now();
        const running = await store.transition('t1', ['pending'], 'running', { owner: 'proc-a', startedAt });
        expect(running?.status).toBe('running');
        expect(running?.owner).toBe('proc-a');
        expect(running?.startedAt).toEqual(startedAt);
        expect(running?.updatedAt.getTime()).toBeGreaterThanOrEqual(before);
        expect(running?.createdAt).toEqual(new Date(T0));
        expect(await store.get('t1')).toEqual(running);

        const result = { answer: 42, at: new Date(T0 + 7), blob: new Uint8Array([9, 8]) };
        const finishedAt = new Date(T0 + 200);
        const done = await store.transition('t1', ['running'], 'completed', { result, finishedAt });
        expect(done?.status).toBe('completed');
        expect(done?.result).toEqual(result);
        expect(done?.finishedAt).toEqual(finishedAt);
        // Fields the patch does not name are left as they were.
        expect(done?.owner).toBe('proc-a');
        expect(done?.startedAt).toEqual(startedAt);
        expect(done?.args).toEqual({ query: 't1' });
        expect(await store.get('t1')).toEqual(done);
      });

      it('keeps error, retryCount and an explicit result of null', async () => {
        await store.create(task('t2'));
        const failed = await store.transition('t2', ['pending', 'running'], 'failed', {
          error: { name: 'ToolError', message: 'boom', code: 'TOOL_FAILED' },
          retryCount: 2,
        });
        expect(failed?.error).toEqual({ name: 'ToolError', message: 'boom', code: 'TOOL_FAILED' });
        expect(failed?.retryCount).toBe(2);
        expect((await store.get('t2'))?.error).toEqual({
          name: 'ToolError',
          message: 'boom',
          code: 'TOOL_FAILED',
        });
        await store.create(task('t3'));
        const nulled = await store.transition('t3', ['pending'], 'completed', { result: null });
        expect(nulled?.result).toBeNull();
        expect((await store.get('t3'))?.result).toBeNull();
      });

      it('returns null and changes nothing when the stored status is not in `from` or the id is unknown', async () => {
        const created = await store.create(task('t1'));
        expect(await store.transition('t1', ['running'], 'completed', { result: 'x' })).toBeNull();
        expect(await store.get('t1')).toEqual(created);
        expect(await store.transition('missing', ['pending'], 'running')).toBeNull();
        expect(await store.get('missing')).toBeNull();
        // A cancelled task is never reported completed afterwards.
        await store.transition('t1', ['pending', 'running'], 'cancelled', {
          error: { name: 'Cancelled', message: 'by user' },
        });
        expect(await store.transition('t1', ['running'], 'completed', { result: 'late' })).toBeNull();
        const final = await store.get('t1');
        expect(final?.status).toBe('cancelled');
        expect(final?.result).toBeUndefined();
      });

      it('two concurrent transitions from pending to running: exactly one wins, the record names its owner', async () => {
        const count = 12;
        for (let i = 0; i < count; i++) await store.create(task(`race-${i}`));
        for (let i = 0; i < count; i++) {
          const [a, b] = await Promise.all([
            store.transition(`race-${i}`, ['pending'], 'running', { owner: 'worker-a' }),
            store.transition(`race-${i}`, ['pending'], 'running', { owner: 'worker-b' }),
          ]);
          const winners = [a, b].filter((r) => r !== null);
          expect(winners).toHaveLength(1);
          const stored = await store.get(`race-${i}`);
          expect(stored?.status).toBe('running');
          expect(stored?.owner).toBe(winners[0]?.owner);
        }
      });

      it('refuses a bad `from` / `to` with STORE_INVALID_INPUT', async () => {
        await store.create(task('t1'));
        await expectCode(store.transition('t1', [], 'running'), 'STORE_INVALID_INPUT');
        await expectCode(
          store.transition('t1', ['pending'], 'exploded' as unknown as 'running'),
          'STORE_INVALID_INPUT',
        );
        expect((await store.get('t1'))?.status).toBe('pending');
      });
    });

    describe('transition: owner and version (what recovery and leases compare)', () => {
      it('a new task is at version 1 and every applied transition adds one; a refused one adds nothing', async () => {
        const created = await store.create(task('v1'));
        expect(created.version).toBe(1);
        const running = await store.transition('v1', ['pending'], 'running', { owner: 'a' });
        expect(running?.version).toBe(2);
        const retrying = await store.transition('v1', ['running'], 'running', { retryCount: 1 });
        expect(retrying?.version).toBe(3);
        expect(await store.transition('v1', ['pending'], 'running')).toBeNull();
        expect((await store.get('v1'))?.version).toBe(3);
      });

      it('with `expected.version` it applies only at that version; a stale version returns null and changes nothing', async () => {
        await store.create(task('v2'));
        const running = await store.transition('v2', ['pending'], 'running', { owner: 'a' });
        const stale = running?.version as number;
        // Someone else moves the task on (a retry, a cancel, another recovery).
        const moved = await store.transition('v2', ['running'], 'running', { retryCount: 1 });
        expect(
          await store.transition('v2', ['running'], 'pending', { owner: 'b' }, { version: stale }),
        ).toBeNull();
        expect(await store.get('v2')).toEqual(moved);
        const applied = await store.transition(
          'v2',
          ['running'],
          'pending',
          { owner: 'b' },
          { version: moved?.version },
        );
        expect(applied).toMatchObject({ status: 'pending', owner: 'b', version: (moved?.version ?? 0) + 1 });
      });

      it('with `expected.owner` it applies only while that owner holds the task (null: no owner)', async () => {
        await store.create(task('v3'));
        expect(
          await store.transition('v3', ['pending'], 'running', { owner: 'b' }, { owner: 'a' }),
        ).toBeNull();
        const taken = await store.transition('v3', ['pending'], 'running', { owner: 'a' }, { owner: null });
        expect(taken?.owner).toBe('a');
        expect(await store.transition('v3', ['running'], 'failed', {}, { owner: 'b' })).toBeNull();
        expect((await store.transition('v3', ['running'], 'failed', {}, { owner: 'a' }))?.status).toBe(
          'failed',
        );
      });

      it('refuses a bad `expected` with STORE_INVALID_INPUT', async () => {
        await store.create(task('v4'));
        await expectCode(
          store.transition('v4', ['pending'], 'running', {}, { version: -1 }),
          'STORE_INVALID_INPUT',
        );
        await expectCode(
          store.transition('v4', ['pending'], 'running', {}, { version: 1.5 }),
          'STORE_INVALID_INPUT',
        );
        await expectCode(
          store.transition('v4', ['pending'], 'running', {}, { owner: 7 as unknown as string }),
          'STORE_INVALID_INPUT',
        );
        expect((await store.get('v4'))?.status).toBe('pending');
      });

      it('two recoveries of one abandoned task, each comparing the version it read: exactly one requeues it (30 trials)', async () => {
        const twin = subject.twin?.() ?? store;
        try {
          for (let trial = 0; trial < 30; trial++) {
            const id = `abandoned-${trial}`;
            await store.create(task(id));
            const seen = await store.transition(id, ['pending'], 'running', { owner: 'dead' });
            const expected = { version: seen?.version, owner: 'dead' };
            // Each recovery requeues the task it saw, then (as its own worker) starts it again.
            const recover = async (on: BackgroundTaskStore, who: string) => {
              const requeued = await on.transition(id, ['running'], 'pending', { owner: who }, expected);
              if (!requeued) return null;
              return on.transition(id, ['pending'], 'running', { owner: who }, { version: requeued.version });
            };
            const [a, b] = await Promise.all([recover(store, 'a'), recover(twin, 'b')]);
            const winners = [a, b].filter((r) => r !== null);
            expect(winners, `trial ${trial}`).toHaveLength(1);
            const stored = await store.get(id);
            expect(stored).toMatchObject({ status: 'running', owner: winners[0]?.owner });
            expect(stored?.version).toBe((seen?.version ?? 0) + 2);
          }
        } finally {
          if (twin !== store) await twin.close?.();
        }
      });
    });

    describe('leases (renewLease, expected.leaseExpiresAt, leaseExpiredBefore)', () => {
      const lease = (offsetMs: number) => new Date(T0 + offsetMs);

      it('a transition sets the lease; it round-trips, and a renewal extends it without moving version or updatedAt', async () => {
        await store.create(task('l1'));
        const running = await store.transition('l1', ['pending'], 'running', {
          owner: 'w1',
          leaseExpiresAt: lease(30_000),
        });
        expect(running?.leaseExpiresAt).toEqual(lease(30_000));
        expect(await store.get('l1')).toEqual(running);
        const renewed = await store.renewLease(
          'l1',
          { owner: 'w1', version: running!.version },
          lease(60_000),
        );
        expect(renewed).toEqual({ ...running, leaseExpiresAt: lease(60_000) });
        expect(await store.get('l1')).toEqual(renewed);
        // Renewing again at the same version still applies (a heartbeat is not a transition).
        expect(
          (await store.renewLease('l1', { owner: 'w1', version: running!.version }, lease(90_000)))
            ?.leaseExpiresAt,
        ).toEqual(lease(90_000));
      });

      it('a renewal misses (null, nothing changed) for another owner, a stale version, a task not running, or an unknown id', async () => {
        await store.create(task('l2'));
        expect(await store.renewLease('l2', { owner: 'w1', version: 1 }, lease(1))).toBeNull();
        const running = await store.transition('l2', ['pending'], 'running', {
          owner: 'w1',
          leaseExpiresAt: lease(10_000),
        });
        const v = running!.version;
        expect(await store.renewLease('l2', { owner: 'w2', version: v }, lease(99_000))).toBeNull();
        expect(await store.renewLease('l2', { owner: 'w1', version: v - 1 }, lease(99_000))).toBeNull();
        expect(await store.get('l2')).toEqual(running);
        // Recovered by someone else (version moves on): the old holder's heartbeat is refused.
        const taken = await store.transition('l2', ['running'], 'running', { owner: 'w2' }, { version: v });
        expect(await store.renewLease('l2', { owner: 'w1', version: v }, lease(99_000))).toBeNull();
        expect(await store.get('l2')).toEqual(taken);
        await store.transition('l2', ['running'], 'completed', { result: 1 });
        expect(
          await store.renewLease('l2', { owner: 'w2', version: taken!.version + 1 }, lease(99_000)),
        ).toBeNull();
        expect(await store.renewLease('missing', { owner: 'w1', version: 1 }, lease(1))).toBeNull();
      });

      it('with `expected.leaseExpiresAt` a transition applies only while the stored lease is exactly that (null: no lease)', async () => {
        await store.create(task('l3'));
        const noLease = await store.transition('l3', ['pending'], 'pending', {}, { leaseExpiresAt: null });
        expect(noLease?.version).toBe(2);
        const running = await store.transition('l3', ['pending'], 'running', {
          owner: 'w1',
          leaseExpiresAt: lease(10_000),
        });
        expect(await store.transition('l3', ['running'], 'failed', {}, { leaseExpiresAt: null })).toBeNull();
        // The owner renewed after the recoverer read the lease: the recovery misses.
        await store.renewLease('l3', { owner: 'w1', version: running!.version }, lease(20_000));
        expect(
          await store.transition(
            'l3',
            ['running'],
            'failed',
            {},
            { version: running!.version, owner: 'w1', leaseExpiresAt: lease(10_000) },
          ),
        ).toBeNull();
        expect((await store.get('l3'))?.status).toBe('running');
        const failed = await store.transition(
          'l3',
          ['running'],
          'failed',
          {},
          { version: running!.version, owner: 'w1', leaseExpiresAt: lease(20_000) },
        );
        expect(failed?.status).toBe('failed');
      });

      it('leaseExpiredBefore lists tasks whose lease passed before the time, and tasks with no lease', async () => {
        for (const [id, at] of [
          ['expired', 5_000],
          ['edge', 10_000],
          ['live', 60_000],
        ] as const) {
          await store.create(task(id, { createdAt: new Date(T0 + at) }));
          await store.transition(id, ['pending'], 'running', { owner: 'w', leaseExpiresAt: lease(at) });
        }
        await store.create(task('legacy', { createdAt: new Date(T0 + 1) }));
        await store.transition('legacy', ['pending'], 'running', { owner: 'old' });
        const due = await store.list({ status: 'running', leaseExpiredBefore: lease(10_000), order: 'ASC' });
        expect(ids(due)).toEqual(['legacy', 'expired']);
        expect(due[1].leaseExpiresAt).toEqual(lease(5_000));
        await expectCode(store.list({ leaseExpiredBefore: new Date(Number.NaN) }), 'STORE_INVALID_INPUT');
      });

      it('of a renewal racing a recovery that read the expired lease, exactly one applies (30 trials)', async () => {
        const twin = subject.twin?.() ?? store;
        try {
          for (let trial = 0; trial < 30; trial++) {
            const id = `lease-race-${trial}`;
            await store.create(task(id));
            const seen = await store.transition(id, ['pending'], 'running', {
              owner: 'slow',
              leaseExpiresAt: lease(1_000),
            });
            const holder = { owner: 'slow', version: seen!.version };
            const [renewed, recovered] = await Promise.all([
              store.renewLease(id, holder, lease(90_000)),
              twin.transition(
                id,
                ['running'],
                'failed',
                { error: { name: 'Abandoned', message: 'lease expired' } },
                { version: seen!.version, owner: 'slow', leaseExpiresAt: lease(1_000) },
              ),
            ]);
            expect(
              [renewed, recovered].filter((r) => r !== null),
              `trial ${trial}`,
            ).toHaveLength(1);
            const stored = await store.get(id);
            expect(stored?.status).toBe(renewed ? 'running' : 'failed');
          }
        } finally {
          if (twin !== store) await twin.close?.();
        }
      });

      it('refuses a bad renewal with STORE_INVALID_INPUT', async () => {
        await store.create(task('l5'));
        await store.transition('l5', ['pending'], 'running', { owner: 'w' });
        await expectCode(
          store.renewLease('l5', { owner: 'w', version: 2 }, new Date(Number.NaN)),
          'STORE_INVALID_INPUT',
        );
        await expectCode(
          store.renewLease('l5', { owner: 7 as unknown as string, version: 2 }, lease(1)),
          'STORE_INVALID_INPUT',
        );
        await expectCode(
          store.renewLease('l5', { owner: 'w', version: -2 }, lease(1)),
          'STORE_INVALID_INPUT',
        );
        await expectCode(
          store.transition('l5', ['running'], 'failed', {}, { leaseExpiresAt: 'soon' as unknown as Date }),
          'STORE_INVALID_INPUT',
        );
        expect((await store.get('l5'))?.leaseExpiresAt).toBeUndefined();
      });
    });

    describe('list', () => {
      async function seed(): Promise<void> {
        // Six tasks, one second apart, across agents/threads/tools/statuses.
        const spec = [
          { id: 'a', agentId: 'ag1', threadId: 'th1', resourceId: 'r1', runId: 'run1', toolName: 'search' },
          { id: 'b', agentId: 'ag1', threadId: 'th1', resourceId: 'r1', runId: 'run1', toolName: 'fetch' },
          { id: 'c', agentId: 'ag1', threadId: 'th2', resourceId: 'r1', runId: 'run2', toolName: 'search' },
          { id: 'd', agentId: 'ag2', threadId: 'th3', resourceId: 'r2', runId: 'run3', toolName: 'search' },
          { id: 'e', agentId: 'ag2', threadId: 'th3', resourceId: 'r2', runId: 'run3', toolName: 'fetch' },
          { id: 'f', toolName: 'search' },
        ];
        for (let i = 0; i < spec.length; i++) {
          await store.create(task(spec[i].id, { ...spec[i], createdAt: new Date(T0 + i * 1000) }));
        }
        await store.transition('b', ['pending'], 'running', { owner: 'w1' });
        await store.transition('c', ['pending'], 'running', { owner: 'w2' });
        await store.transition('d', ['pending'], 'completed', { result: 1 });
        await store.transition('e', ['pending'], 'failed', { error: { name: 'E', message: 'x' } });
      }

      it('is newest first by default and oldest first with order ASC', async () => {
        await seed();
        expect(ids(await store.list())).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
        expect(ids(await store.list({ order: 'ASC' }))).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
      });

      it('every filter narrows, and filters combine', async () => {
        await seed();
        expect(ids(await store.list({ status: 'running', order: 'ASC' }))).toEqual(['b', 'c']);
        expect(ids(await store.list({ status: ['completed', 'failed'], order: 'ASC' }))).toEqual(['d', 'e']);
        expect(ids(await store.list({ status: [] }))).toEqual([]);
        expect(ids(await store.list({ agentId: 'ag1', order: 'ASC' }))).toEqual(['a', 'b', 'c']);
        expect(ids(await store.list({ threadId: 'th3', order: 'ASC' }))).toEqual(['d', 'e']);
        expect(ids(await store.list({ resourceId: 'r1', order: 'ASC' }))).toEqual(['a', 'b', 'c']);
        expect(ids(await store.list({ runId: 'run1', order: 'ASC' }))).toEqual(['a', 'b']);
        expect(ids(await store.list({ toolName: 'fetch', order: 'ASC' }))).toEqual(['b', 'e']);
        expect(ids(await store.list({ owner: 'w2' }))).toEqual(['c']);
        expect(ids(await store.list({ createdBefore: new Date(T0 + 2000), order: 'ASC' }))).toEqual([
          'a',
          'b',
        ]);
        expect(ids(await store.list({ status: 'running', owner: 'w1' }))).toEqual(['b']);
        expect(ids(await store.list({ agentId: 'ag1', toolName: 'search', order: 'ASC' }))).toEqual([
          'a',
          'c',
        ]);
        expect(await store.list({ agentId: 'nobody' })).toEqual([]);
      });

      it('pages with limit and offset in the chosen order', async () => {
        await seed();
        expect(ids(await store.list({ limit: 2 }))).toEqual(['f', 'e']);
        expect(ids(await store.list({ limit: 2, offset: 2 }))).toEqual(['d', 'c']);
        expect(ids(await store.list({ limit: 4, offset: 4 }))).toEqual(['b', 'a']);
        expect(ids(await store.list({ limit: 2, offset: 1, order: 'ASC' }))).toEqual(['b', 'c']);
        expect(await store.list({ offset: 10 })).toEqual([]);
      });

      it('returns at most 100 by default and accepts up to 1000; a limit beyond 1000 is STORE_INVALID_INPUT', async () => {
        for (let i = 0; i < 101; i++) {
          await store.create(task(`n${String(i).padStart(3, '0')}`, { createdAt: new Date(T0 + i) }));
        }
        const page = await store.list();
        expect(page).toHaveLength(100);
        expect(page[0].id).toBe('n100');
        expect(await store.list({ limit: 1000 })).toHaveLength(101);
        await expectCode(store.list({ limit: 1001 }), 'STORE_INVALID_INPUT');
        await expectCode(store.list({ limit: 0 }), 'STORE_INVALID_INPUT');
        await expectCode(store.list({ offset: -1 }), 'STORE_INVALID_INPUT');
      });
    });

    describe('deleteFinished', () => {
      it('deletes only terminal tasks finished before the cut-off and says how many', async () => {
        const cut = new Date(T0 + 10_000);
        const statuses = ['completed', 'failed', 'timed_out', 'cancelled'] as const;
        for (const status of statuses) {
          await store.create(task(`old-${status}`));
          await store.transition(`old-${status}`, ['pending'], status, { finishedAt: new Date(T0 + 1000) });
          await store.create(task(`new-${status}`));
          await store.transition(`new-${status}`, ['pending'], status, { finishedAt: new Date(T0 + 20_000) });
        }
        // Old but not finished: never deleted.
        await store.create(task('old-pending'));
        await store.create(task('old-running'));
        await store.transition('old-running', ['pending'], 'running', { owner: 'w' });

        expect(await store.deleteFinished(cut)).toBe(4);
        const left = ids(await store.list({ order: 'ASC', limit: 1000 })).sort();
        expect(left).toEqual(
          [
            'new-cancelled',
            'new-completed',
            'new-failed',
            'new-timed_out',
            'old-pending',
            'old-running',
          ].sort(),
        );
        for (const status of statuses) expect(await store.get(`old-${status}`)).toBeNull();
        expect(await store.deleteFinished(cut)).toBe(0);
      });
    });

    describe('errors', () => {
      it('a corrupt row fails with STORE_CORRUPT_ROW naming store, table, row and column', async (ctx) => {
        if (!subject.corrupt) ctx.skip();
        await store.create(task('bad'));
        await store.create(task('good'));
        await subject.corrupt!('bad', 'args', '{not json');
        const error = await expectCode(store.get('bad'), 'STORE_CORRUPT_ROW');
        expect(error.details).toMatchObject({ rowId: 'bad', column: 'args' });
        expect(String(error.details.table)).toContain('background');
        expect(error.message).toContain(store.name);
        expect((await store.get('good'))?.id).toBe('good');
        await subject.corrupt!('bad', 'status', 'half-done');
        const status = await expectCode(store.list(), 'STORE_CORRUPT_ROW');
        expect(status.details).toMatchObject({ rowId: 'bad', column: 'status' });
      });

      it('an unreachable database is STORE_UNAVAILABLE naming the store, for every method', async (ctx) => {
        if (!subject.unreachable) ctx.skip();
        const dead = subject.unreachable!();
        try {
          const calls: (() => Promise<unknown>)[] = [
            () => dead.create(task('x')),
            () => dead.get('x'),
            () => dead.transition('x', ['pending'], 'running'),
            () => dead.renewLease('x', { owner: 'w', version: 1 }, new Date()),
            () => dead.list(),
            () => dead.deleteFinished(new Date()),
          ];
          for (const call of calls) {
            const error = await expectCode(call(), 'STORE_UNAVAILABLE');
            // The error names the store that could not be reached (part of this store's name).
            expect(typeof error.details.store).toBe('string');
            expect(error.message).toContain(String(error.details.store));
            expect(dead.name).toContain(String(error.details.store));
          }
        } finally {
          await dead.close?.();
        }
      });

      it('refuses bad input with STORE_INVALID_INPUT naming the store and the field', async () => {
        const e1 = await expectCode(store.create(task('')), 'STORE_INVALID_INPUT');
        expect(e1.message).toContain(store.name);
        const e2 = await expectCode(
          store.create(task('x', { disposition: 'foreground' as unknown as 'deferred' })),
          'STORE_INVALID_INPUT',
        );
        expect(e2.message).toContain('disposition');
        await expectCode(store.create(task('y', { createdAt: new Date(Number.NaN) })), 'STORE_INVALID_INPUT');
        await expectCode(store.list({ status: 'nope' as unknown as 'pending' }), 'STORE_INVALID_INPUT');
        expect(await store.list()).toEqual([]);
      });
    });
  });
}
