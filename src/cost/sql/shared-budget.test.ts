/**
 * Many servers, one budget (issue #14, acceptance): two processes share one PostgreSQL database.
 * A child Node process runs an agent that spends a user's budget through its own
 * `SqlUsageLedger`; this process's agent, with its own store, pool and ledger on the same schema,
 * is then blocked for that user, and the other way round. Needs `TokenCostControl` (part A) and a
 * PostgreSQL (`DATABASE_URL`; skipped loudly without one, a failure under CI).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Agent } from 'sluice/agent';
import { PostgresStore, SqlUsageLedger } from 'sluice/pg';
import { TokenCostControl } from 'sluice/processors';
import { RequestContext } from 'sluice/request-context';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DATABASE_URL,
  dropSchema,
  postgresAvailable,
  uniqueSchema,
} from '../../stores/postgres/testing/test-env.js';
import { BUDGET, budgetModel, CALL_COST, PRICING } from './testing/shared-budget-fixture.js';

const CHILD = fileURLToPath(new URL('./testing/shared-budget-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const available = await postgresAvailable();
const admin = available ? new pg.Pool({ connectionString: DATABASE_URL, max: 1 }) : undefined;
afterAll(async () => {
  await admin?.end();
});

/** Run the child for one user; resolves with what its `generate()` returned. */
function runChild(schema: string, userId: string): Promise<{ text: string; tripwire: unknown }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, DATABASE_URL, schema, userId], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || line === '') reject(new Error(`child exited with ${code}: ${err || out}`));
      else resolve(JSON.parse(line) as { text: string; tripwire: unknown });
    });
  });
}

describe.skipIf(!available)('TokenCostControl across two processes sharing one PostgreSQL database', () => {
  it("spending in another process blocks this process's next call for that user, and the other way round", async () => {
    const schema = uniqueSchema('budget');
    const store = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 2 } });
    const ledger = new SqlUsageLedger({ store });
    const model = budgetModel('from the parent');
    const agent = new Agent({
      id: 'parent-server',
      name: 'parent-server',
      instructions: 'Answer briefly.',
      model,
      inputProcessors: [
        new TokenCostControl({ maxCost: BUDGET, scope: 'user', window: '24h', ledger, pricing: PRICING }),
      ],
    });
    const as = (userId: string) => ({ requestContext: new RequestContext([['userId', userId]]) });
    try {
      // The child spends alice's budget: its call passes the check (nothing spent yet) and costs $0.60.
      const first = await runChild(schema, 'alice');
      expect(first).toEqual({ text: 'from the child', tripwire: null });

      // This process never saw that call, but its ledger reads the same table: blocked, no model call.
      const blocked = await agent.generate('hello', as('alice'));
      expect(blocked.tripwire).toMatchObject({
        processorId: 'token-cost-control',
        metadata: {
          processorId: 'token-cost-control',
          usage: { estimatedCost: CALL_COST, costUnit: 'USD' },
          maxCost: BUDGET,
          scope: 'user',
          scopeKey: 'alice',
          threshold: 'hard',
        },
      });
      expect(model.calls).toHaveLength(0);

      // Another user is not affected; this process spends bob's budget…
      const bob = await agent.generate('hello', as('bob'));
      expect(bob.tripwire).toBeUndefined();
      expect(bob.text).toBe('from the parent');
      expect(model.calls).toHaveLength(1);

      // …and a fresh child process is blocked for bob.
      const second = await runChild(schema, 'bob');
      expect(second.text).toBe('');
      expect(second.tripwire).toMatchObject({
        processorId: 'token-cost-control',
        metadata: { scopeKey: 'bob' },
      });

      // One call recorded per user, none for the blocked attempts.
      for (const user of ['alice', 'bob']) {
        const totals = await ledger.totals({ scope: 'user', scopeKey: user, window: '24h' });
        expect(totals).toMatchObject({
          calls: 1,
          estimatedCost: CALL_COST,
          inputTokens: 1000,
          outputTokens: 100,
        });
      }
    } finally {
      await store.close();
      await dropSchema(admin!, schema);
    }
  }, 60_000);
});
