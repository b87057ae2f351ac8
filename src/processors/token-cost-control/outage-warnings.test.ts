/**
 * Issue #30, item 4: during an outage the warnings are rate-limited per kind for the whole process
 * — the first at once, then at most one a minute per kind, saying how many were held back — even
 * when every request builds its own processors (a budget per tenant), which used to print one
 * line per request and kind (1,800 for the 900 turns below). Unit test: the ledger and the cache
 * are stand-ins that reject every call as unreachable; the clock is the processor's test clock.
 */
import { Agent } from 'sluice/agent';
import { ResponseCache, TokenCostControl } from 'sluice/processors';
import { RequestContext } from 'sluice/request-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InMemoryServerCache } from '../../cache/in-memory-server-cache.js';
import { InMemoryUsageLedger } from '../../cost/in-memory-ledger.js';
import { StorageError } from '../../stores/errors.js';
import { ScriptedModel } from '../../test/scripted-model.js';
import { testClock } from './testing/fixtures.js';

/** A ledger whose every call fails as unreachable. */
class DownLedger extends InMemoryUsageLedger {
  #down(): Promise<never> {
    return Promise.reject(new StorageError('STORE_UNAVAILABLE', `${this.name}: connection refused`));
  }
  override record() {
    return this.#down();
  }
  override totals() {
    return this.#down();
  }
  override reserve() {
    return this.#down();
  }
  override settle() {
    return this.#down();
  }
}

/** A cache whose every call fails as unreachable. */
class DownCache extends InMemoryServerCache {
  override get(): Promise<unknown> {
    return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
  }
  override set(): Promise<void> {
    return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
  }
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
});

describe('outage warnings', () => {
  it('900 failing turns over 90 s, processors built per request: two lines per ledger warning kind (at 0 s and 60 s, the second counting those held back), one per cache failure kind', async () => {
    const clock = testClock(Date.UTC(2026, 0, 1));
    const ledger = new DownLedger();
    const cache = new DownCache();
    const model = new ScriptedModel({
      provider: 'outage-test',
      modelId: 'metered-1',
      steps: () => ({ text: 'still answering', usage: { inputTokens: 10, outputTokens: 1 } }),
    });
    const cacheLines: string[] = [];
    const turns = 900;
    for (let i = 0; i < turns; i++) {
      // What a server that builds its processors per request does.
      const agent = new Agent({
        id: 'outage',
        instructions: 'Be brief.',
        model,
        inputProcessors: [
          new ResponseCache({ cache, logger: { warn: (line) => cacheLines.push(line) } }),
          new TokenCostControl({
            maxCost: 1,
            scope: 'user',
            window: '24h',
            ledger,
            now: clock.now,
            pricing: { 'outage-test/metered-1': { input: 1, output: 1 } },
          }),
        ],
      });
      const result = await agent.generate(`question ${i}`, {
        requestContext: new RequestContext([['userId', `user-${i % 20}`]]),
      });
      // failMode 'open' (default): the outage never fails a turn.
      expect(result.text).toBe('still answering');
      clock.advance(100);
    }
    const lines: string[] = warn.mock.calls.map((call: unknown[]) => String(call[0]));
    const reads = lines.filter((line) => line.includes('could not be read'));
    const writes = lines.filter((line) => line.includes('is unreachable'));
    expect(reads).toHaveLength(2);
    expect(writes).toHaveLength(2);
    expect(lines).toHaveLength(4);
    // The turn at 60 s prints again, saying how many were held back in between (599 of each kind).
    expect(reads[1]).toMatch(/\(599 similar warnings held back since the previous one\)/);
    expect(writes[1]).toMatch(/similar warnings held back since the previous one/);
    // The cache's failures: the first of each kind at once; the test runs well under a minute.
    expect(cacheLines).toHaveLength(2);
    expect(cacheLines[0]).toMatch(/failed a read \(connect ECONNREFUSED/);
    expect(cacheLines[1]).toMatch(/failed a write \(connect ECONNREFUSED/);
  }, 120_000);
});
