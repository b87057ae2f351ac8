/**
 * 001-response-cache-request-context: per-call overrides on the RequestContext. The first
 * stream uses `ResponseCache.context({ key: 'custom-key', bust: true })`: it skips the read and
 * writes under `custom-key`. The second merges `{ bust: true }` into a context that already
 * carries other data, so it reaches the model again. `agent` (from helpers) is replaced by one
 * with a ResponseCache over an InMemoryServerCache and a scripted model.
 */
import type { ScriptedModel } from 'sluice/test';
import { describe, expect, it, vi } from 'vitest';

const setup = vi.hoisted(() => ({}) as { model?: ScriptedModel; keys: string[] });
vi.mock('./helpers.js', async () => {
  const { Agent } = await import('sluice/agent');
  const { InMemoryServerCache } = await import('sluice/cache');
  const { ResponseCache } = await import('sluice/processors');
  const { ScriptedModel } = await import('sluice/test');
  class RecordingCache extends InMemoryServerCache {
    override async set(key: string, value: unknown, ttlMs?: number): Promise<void> {
      setup.keys.push(key);
      await super.set(key, value, ttlMs);
    }
  }
  let n = 0;
  setup.keys = [];
  setup.model = new ScriptedModel({ steps: () => `hi ${++n}` });
  const agent = new Agent({
    id: 'example-agent',
    instructions: 'x',
    model: setup.model,
    inputProcessors: [new ResponseCache({ cache: new RecordingCache() })],
  });
  return { agent, input: 'What is the capital of France?' };
});

describe('Per-call overrides via RequestContext (001-response-cache-request-context)', () => {
  it('custom key + bust writes under that key; a merged bust calls the model again', async () => {
    await import('./001-response-cache-request-context.js');
    // The example does not read its streams; the runs finish on their own.
    await vi.waitFor(() => expect(setup.keys).toHaveLength(2));
    expect(setup.model?.calls).toHaveLength(2);
    expect(setup.keys[0]).toBe('custom-key');
    expect(setup.keys[1]).toMatch(/^mastra:agent-response:mastra-response-cache:[0-9a-f]{32}$/);
  });
});
