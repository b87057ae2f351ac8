/**
 * Child process of the crash test (`crash.test.ts`), started with `node --import tsx`. Not part of
 * the public API.
 *
 *   <sqlitePath> <userId> <ttlMs>
 *     runs one `generate()` of an agent whose `TokenCostControl` reserves $0.30 per call in a
 *     `SqlUsageLedger` on the SQLite file; the model never answers, so the process sits mid-call
 *     with its hold open until the parent kills it.
 */
import { Agent } from '../../../agent/index.js';
import { SqlUsageLedger } from '../../../cost/sql/index.js';
import { RequestContext } from '../../../request-context/index.js';
import { SqliteStore } from '../../../stores/sqlite/index.js';
import { ScriptedModel } from '../../../test/index.js';
import { TokenCostControl } from '../index.js';

const [path, userId, ttl] = process.argv.slice(2) as [string, string, string];
// A model call that never answers leaves nothing on the event loop: keep the process alive until killed.
setInterval(() => undefined, 60_000);
const ledger = new SqlUsageLedger({ store: new SqliteStore({ path }) });
const agent = new Agent({
  id: 'crashing-server',
  instructions: 'Be brief.',
  model: new ScriptedModel({ provider: 'acme.chat', modelId: 'm1', steps: () => new Promise(() => {}) }),
  inputProcessors: [
    new TokenCostControl({
      maxCost: 1,
      scope: 'user',
      window: '24h',
      ledger,
      reservation: { costPerCall: 0.3, ttlMs: Number(ttl) },
    }),
  ],
});
await agent.generate('hello', { requestContext: new RequestContext([['userId', userId]]) });
