/**
 * 001-response-cache-custom-key: a key function on the call. The first derives
 * `qa:<modelId>:<prompt tail>`; the second reuses `buildResponseCacheKey` with `scope: 'global'`,
 * which yields a scoped default key. `agent` (from helpers) is replaced by one with a
 * ResponseCache over a recording InMemoryServerCache and a scripted model.
 */
import { buildResponseCacheKey, type ProcessLLMRequestArgs } from 'sluice/processors';
import type { ScriptedModel } from 'sluice/test';
import { describe, expect, it, vi } from 'vitest';

const setup = vi.hoisted(
  () => ({}) as { model?: ScriptedModel; keys: string[]; requests: ProcessLLMRequestArgs[] },
);
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
  setup.keys = [];
  setup.requests = [];
  // Sees what the cache sees (it runs just before it): the resolved prompt, tools, tool choice.
  const spy = {
    id: 'spy',
    processLLMRequest: (args: ProcessLLMRequestArgs) => {
      setup.requests.push(args);
    },
  };
  setup.model = new ScriptedModel({ steps: () => 'Paris', modelId: 'gpt-5-mini' });
  const agent = new Agent({
    id: 'example-agent',
    instructions: 'x',
    model: setup.model,
    inputProcessors: [spy, new ResponseCache({ cache: new RecordingCache() })],
  });
  return { agent, input: 'What is the capital of France?' };
});

describe('Custom cache keys (001-response-cache-custom-key)', () => {
  it('writes under the custom key, then under the default key with a global scope', async () => {
    await import('./001-response-cache-custom-key.js');
    await vi.waitFor(() => expect(setup.keys).toHaveLength(2));
    const [qa, global] = setup.keys as [string, string];
    expect(qa.startsWith('qa:gpt-5-mini:')).toBe(true);
    expect(qa).toContain('capital of France');
    const request = setup.requests[1] as ProcessLLMRequestArgs;
    const expected = buildResponseCacheKey({
      agentId: 'mastra-response-cache',
      scope: 'global',
      model: {
        provider: request.model.provider,
        modelId: 'gpt-5-mini',
        specVersion: request.model.specificationVersion,
      },
      prompt: request.prompt,
      stepNumber: 0,
      tools: request.tools,
      toolChoice: request.toolChoice,
    });
    expect(global).toMatch(/^mastra:agent-response:mastra-response-cache:[0-9a-f]{8}:[0-9a-f]{32}$/);
    expect(global).toBe(expected);
  });
});
