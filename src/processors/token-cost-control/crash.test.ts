/**
 * A server killed mid-call (issue #31): a child process reserves a call's $0.30 in a SQLite
 * `SqlUsageLedger` and is killed with SIGKILL while the model call is in flight. Its hold still
 * counts against the user's budget, and once its TTL has passed it is final — charged in full, a
 * late settlement ignored — so calls of a crashed process are never lost from the budget.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it, vi } from 'vitest';
import { SqlUsageLedger } from '../../cost/sql/index.js';
import { USAGE_FEATURE } from '../../cost/sql/sql-usage-ledger.js';
import { SqliteStore } from '../../stores/sqlite/index.js';

const CHILD = fileURLToPath(new URL('./testing/crash-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'sluice-crash-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

it('a call in flight on a process killed with SIGKILL stays charged: its hold is final after the TTL', async () => {
  const path = join(tmp, 'crash.db');
  const ttlMs = 1500;
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path, 'victim', String(ttlMs)], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal === 'SIGKILL' ? -9 : _code)),
  );
  const store = new SqliteStore({ path });
  const ledger = new SqlUsageLedger({ store });
  const spent = async () =>
    (await ledger.totals({ scope: 'user', scopeKey: 'victim', window: '24h' })).estimatedCost;
  try {
    // The child's hold appears once its model call is in flight.
    await vi.waitFor(async () => expect(await spent()).toBe(0.3), { timeout: 20_000, interval: 100 });
    child.kill('SIGKILL');
    expect(await exited).toBe(-9);
    // Nothing will settle it; it counts against the budget while open…
    expect(await spent()).toBe(0.3);
    const db = await store.feature(USAGE_FEATURE).connect();
    const [row] = await db.all(`SELECT id, at FROM ${ledger.table}`);
    const hold = {
      id: String(row?.id),
      at: new Date(Number(row?.at)),
      provider: 'acme.chat',
      model: 'm1',
      inputTokens: 0,
      outputTokens: 0,
      estimatedCost: 0.3,
      costUnit: 'USD' as const,
      scope: { runId: 'r', userId: 'victim' },
      ttlMs,
    };
    // …and after its TTL it is final: a late settlement (a replay, a zombie) changes nothing.
    await new Promise((resolve) => setTimeout(resolve, ttlMs + 100));
    expect(await ledger.settle(hold, null)).toBe('expired');
    expect(await spent()).toBe(0.3);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await store.close();
  }
}, 40_000);
