/**
 * Two managers recovering the same abandoned task at once (two servers starting after a crash):
 * exactly one recovery wins, for a task whose lease passed and for one written before leases. With `recoveryAction: 'requeue'` the task runs again exactly once;
 * with the default `'fail'` it never runs again. On every task store: in-memory (one store shared
 * by both managers), SQLite (one file, two connections) and PostgreSQL (two pools).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { BackgroundTaskManager, InMemoryBackgroundTaskStore } from 'sluice/background';
import { PostgresStore } from 'sluice/pg';
import { SqliteStore } from 'sluice/sqlite';
import { createTool } from 'sluice/tools';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  DATABASE_URL,
  dropSchema,
  postgresAvailable,
  uniqueSchema,
} from '../stores/postgres/testing/test-env.js';
import type { BackgroundRecoveryAction } from './manager-api.js';
import { SqlBackgroundTaskStore } from './sql/index.js';
import type { BackgroundTaskStore } from './types.js';

const TRIALS = 60;

/** Two stores on one backend (the two servers' views), and how to release them. */
interface Backend {
  a: BackgroundTaskStore;
  b: BackgroundTaskStore;
  close(): Promise<void>;
}

/** Poll until the task is terminal (either manager may be the one running it). */
async function settled(store: BackgroundTaskStore, id: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const task = await store.get(id);
    if (task && !['pending', 'running'].includes(task.status)) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`task ${id} did not settle within 5 s`);
}

async function raceRecoveries(backend: Backend, action: BackgroundRecoveryAction): Promise<void> {
  const runs = new Map<string, number>();
  const slow = createTool({
    id: 'slow',
    description: 'counts its runs',
    inputSchema: z.object({ task: z.string() }),
    execute: async ({ task }) => {
      runs.set(task, (runs.get(task) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return task;
    },
  });
  for (let trial = 0; trial < TRIALS; trial++) {
    const id = `${action}-${trial}`;
    // Its owner died while running it, an hour ago (only the clock is faked, timers stay real).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 3_600_000);
    try {
      await backend.a.create({
        id,
        toolName: 'slow',
        toolCallId: `call-${id}`,
        args: { task: id },
        disposition: 'deferred',
        maxRetries: 0,
        timeoutMs: 5_000,
      });
      // Odd trials: a record with a lease (passed an hour ago); even: one written before leases.
      const leaseExpiresAt = trial % 2 === 1 ? new Date(Date.now() + 1000) : undefined;
      await backend.a.transition(id, ['pending'], 'running', {
        owner: 'dead',
        startedAt: new Date(),
        leaseExpiresAt,
      });
    } finally {
      vi.useRealTimers();
    }
    const managers = [backend.a, backend.b].map(
      (store, k) =>
        new BackgroundTaskManager({
          store,
          ownerId: `server-${k}`,
          // A live owner's record is never this old; the re-run a recovery starts is fresh.
          staleAfterMs: 60_000,
          recoverOnStart: false,
          recoveryAction: action,
          tools: { slow },
        }),
    );
    const recovered = await Promise.all(managers.map((m) => m.recover()));
    const winners = recovered.filter((list) => list.some((t) => t.id === id));
    expect(winners, `trial ${trial}: exactly one recovery wins`).toHaveLength(1);
    await settled(backend.a, id);
    // Give a second (wrong) run the time to start and finish.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const final = await backend.a.get(id);
    if (action === 'requeue') {
      expect(final?.status, `trial ${trial}`).toBe('completed');
      expect(runs.get(id) ?? 0, `trial ${trial}: the task runs again exactly once`).toBe(1);
    } else {
      expect(final?.status, `trial ${trial}`).toBe('failed');
      expect(final?.error?.code).toBe('BACKGROUND_TASK_ABANDONED');
      expect(runs.get(id) ?? 0, `trial ${trial}: the task never runs again`).toBe(0);
    }
    await Promise.all(managers.map((m) => m.close()));
  }
}

const dir = mkdtempSync(join(tmpdir(), 'sluice-recovery-'));
const hasPostgres = await postgresAvailable();
const admin = hasPostgres ? new pg.Pool({ connectionString: DATABASE_URL, max: 1 }) : undefined;
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await admin?.end();
});

const backends: Array<[string, () => Promise<Backend>, boolean]> = [
  [
    'InMemoryBackgroundTaskStore',
    async () => {
      const store = new InMemoryBackgroundTaskStore();
      return { a: store, b: store, close: async () => undefined };
    },
    true,
  ],
  [
    'SqlBackgroundTaskStore(SqliteStore), two connections',
    async () => {
      const path = join(dir, `tasks-${Math.random().toString(36).slice(2)}.db`);
      const [x, y] = [new SqliteStore({ path }), new SqliteStore({ path })];
      return {
        a: new SqlBackgroundTaskStore({ store: x }),
        b: new SqlBackgroundTaskStore({ store: y }),
        close: async () => {
          await x.close();
          await y.close();
        },
      };
    },
    true,
  ],
  [
    'SqlBackgroundTaskStore(PostgresStore), two pools',
    async () => {
      const schema = uniqueSchema('recovery');
      const options = { connectionString: DATABASE_URL, schema, poolConfig: { max: 3 } };
      const [x, y] = [new PostgresStore(options), new PostgresStore(options)];
      await x.init();
      return {
        a: new SqlBackgroundTaskStore({ store: x }),
        b: new SqlBackgroundTaskStore({ store: y }),
        close: async () => {
          await x.close();
          await y.close();
          await dropSchema(admin as pg.Pool, schema);
        },
      };
    },
    hasPostgres,
  ],
];

describe.each(backends)('two managers recovering one abandoned task: %s', (_label, open, enabled) => {
  for (const action of ['requeue', 'fail'] as const) {
    it.skipIf(!enabled)(
      `recoveryAction '${action}': one recovery wins, the task runs ${action === 'requeue' ? 'again exactly once' : 'never again'} (${TRIALS} trials)`,
      async () => {
        const backend = await open();
        try {
          await raceRecoveries(backend, action);
        } finally {
          await backend.close();
        }
      },
      60_000,
    );
  }
});
