/**
 * Child process of the two-processes shared-budget test (`shared-budget.test.ts`), started with
 * `node --import tsx`. Not part of the public API.
 *
 *   <databaseUrl> <schema> <userId>
 *     runs one `generate()` of an agent whose `TokenCostControl` counts against `userId` in a
 *     `SqlUsageLedger` on the PostgreSQL schema, then prints one JSON line
 *     `{ "text": …, "tripwire": … }` and exits.
 */
import { writeSync } from 'node:fs';
import { Agent } from '../../../agent/index.js';
import { TokenCostControl } from '../../../processors/index.js';
import { RequestContext } from '../../../request-context/index.js';
import { PostgresStore } from '../../../stores/postgres/index.js';
import { SqlUsageLedger } from '../index.js';
import { BUDGET, budgetModel, PRICING } from './shared-budget-fixture.js';

const [url, schema, userId] = process.argv.slice(2) as [string, string, string];

const store = new PostgresStore({ connectionString: url, schema, poolConfig: { max: 2 } });
const ledger = new SqlUsageLedger({ store });
const agent = new Agent({
  id: 'child-server',
  name: 'child-server',
  instructions: 'Answer briefly.',
  model: budgetModel('from the child'),
  inputProcessors: [
    new TokenCostControl({ maxCost: BUDGET, scope: 'user', window: '24h', ledger, pricing: PRICING }),
  ],
});
const result = await agent.generate('hello', { requestContext: new RequestContext([['userId', userId]]) });
await store.close();
writeSync(1, `${JSON.stringify({ text: result.text, tripwire: result.tripwire ?? null })}\n`);
