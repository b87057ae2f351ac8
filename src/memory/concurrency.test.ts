/**
 * Issue 13 item 7 through the agent: two agents writing turns to the same thread at once lose
 * no message — two processes on one SQLite file, and two pools on one PostgreSQL database; a
 * process killed in the middle of a turn leaves no half-written turn.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { Agent } from 'sluice/agent';
import { Memory } from 'sluice/memory';
import { PostgresStore } from 'sluice/pg';
import { SqliteStore } from 'sluice/sqlite';
import { ScriptedModel } from 'sluice/test';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DATABASE_URL,
  dropSchema,
  postgresAvailable,
  uniqueSchema,
} from '../stores/postgres/testing/test-env.js';

const run = promisify(execFile);
const TURNS = 8;

function texts(messages: Array<{ content: { parts: Array<{ type: string; text?: string }> } }>): string[] {
  return messages.map((m) => m.content.parts.find((p) => p.type === 'text')?.text ?? '');
}

describe('two agent processes on one SQLite file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-memory-concurrency-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writing turns to the same thread at once loses no message; each turn stays in order', async () => {
    const path = join(dir, 'shared.db');
    const writer = fileURLToPath(new URL('./testing/agent-writer.ts', import.meta.url));
    await Promise.all(
      ['a', 'b'].map((label) =>
        run(process.execPath, ['--import', 'tsx', writer, path, label, String(TURNS)], { timeout: 60_000 }),
      ),
    );
    const storage = new SqliteStore({ path });
    const { messages, total } = await new Memory({ storage }).recall({ threadId: 'shared', perPage: false });
    expect(total).toBe(4 * TURNS);
    const all = texts(messages);
    for (const label of ['a', 'b']) {
      const own = all.filter((t) => t.startsWith(label));
      // Each process's turns are stored whole and in order: question i, then its answer.
      expect(own).toEqual(
        Array.from({ length: TURNS }, (_, i) => [`${label} question ${i}`, `${label} answer ${i}`]).flat(),
      );
    }
    await storage.close();
  }, 90_000);
});

const hasPostgres = await postgresAvailable();

describe.skipIf(!hasPostgres)('two agents on two pools of one PostgreSQL database', () => {
  it('writing turns to the same thread at once loses no message; history loads from PostgreSQL', async () => {
    const schema = uniqueSchema('memory_agents');
    const admin = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
    const stores = [0, 1].map(() => new PostgresStore({ connectionString: DATABASE_URL, schema }));
    try {
      await stores[0]?.init();
      const agents = stores.map((storage, k) => {
        let n = 0;
        const model = new ScriptedModel({ steps: () => `${k} answer ${n++}` });
        return {
          model,
          agent: new Agent({ id: `pg-${k}`, instructions: 'x', model, memory: new Memory({ storage }) }),
        };
      });
      await Promise.all(
        agents.map(async ({ agent }, k) => {
          for (let i = 0; i < TURNS; i++)
            await agent.generate(`${k} question ${i}`, { memory: { thread: 'shared', resource: 'u' } });
        }),
      );
      const memory = new Memory({ storage: stores[0] as PostgresStore });
      const { messages, total } = await memory.recall({ threadId: 'shared', perPage: false });
      expect(total).toBe(4 * TURNS);
      for (const k of ['0', '1']) {
        expect(texts(messages).filter((t) => t.startsWith(k))).toEqual(
          Array.from({ length: TURNS }, (_, i) => [`${k} question ${i}`, `${k} answer ${i}`]).flat(),
        );
      }
      // The last call of each agent was sent the newest 10 stored messages as history.
      expect(agents[0]?.model.lastCall.prompt.length).toBe(12);
    } finally {
      for (const store of stores) await store.close();
      await dropSchema(admin, schema);
      await admin.end();
    }
  });
});

describe('a process killed mid-turn', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-memory-crash-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves the earlier turns and nothing of the turn it was in (saved only at finalization, in one transaction)', async () => {
    const path = join(dir, 'crash.db');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./testing/agent-killed.ts', import.meta.url)), path],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (data: Buffer) => {
        if (data.toString().includes('STREAMING')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`child exited (${code}) before streaming`)));
    });
    child.kill('SIGKILL');
    await once(child, 'exit');
    const storage = new SqliteStore({ path });
    const { messages } = await new Memory({ storage }).recall({
      threadId: 'crash',
      perPage: false,
      hideSignals: false,
    });
    expect(texts(messages)).toEqual(['first question', 'first answer']);
    await storage.close();
  }, 60_000);
});
