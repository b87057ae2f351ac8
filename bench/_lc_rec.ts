import { Redis } from 'ioredis';
import { RedisUsageLedger } from '../src/redis/usage-ledger.js';
const c = new Redis(Number(process.argv[2]), '127.0.0.1');
let clock = Date.parse('2026-03-10T12:00:00Z');
const ledger = new RedisUsageLedger({ client: c, keyPrefix: 'x:', now: () => new Date(clock) });
const scope = { runId: 'run', threadId: 't', resourceId: 'r', userId: 'busy', organizationId: 'o' };
let n = 0;
const end = Date.now() + Number(process.argv[3] ?? 8000);
await Promise.all(Array.from({ length: 8 }, async () => {
  while (Date.now() < end) { const i = n++; clock += 1000; await ledger.record({ id: `r${i}`, at: new Date(clock), provider: 'openai', model: 'gpt-4o', kind: 'step', inputTokens: 1000, outputTokens: 100, cachedInputTokens: 0, reasoningTokens: 0, estimatedCost: 0.000123, costUnit: 'USD', priced: true, scope: { ...scope, runId: `run${i >> 2}` } }); }
}));
console.log('records', n);
c.disconnect();
