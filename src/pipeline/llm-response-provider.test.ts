/**
 * `processLLMResponse` through a real provider client (`@ai-sdk/openai` against the local fake
 * server): it gets the step's compact chunks, the provider's warnings, the request body that was
 * sent and the raw response, plus the same `state` `processLLMRequest` saw. Hooks also receive an
 * `abortSignal` that follows the caller's and fires when the run settles.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Agent } from '../agent/index.js';
import type { ProcessLLMResponseArgs, Processor } from '../processors/index.js';
import { type FakeProviderServer, startFakeProviderServer } from '../test/index.js';

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(async () => {
  await server.close();
});

it('processLLMResponse sees chunks, warnings, the request body and the raw response of a live call', async () => {
  server.enqueue({ type: 'success', events: [{ type: 'text', deltas: ['Hello ', 'there.'] }] });
  let seen: ProcessLLMResponseArgs | undefined;
  let requestState: unknown;
  let signal: AbortSignal | undefined;
  let abortedDuringHook: boolean | undefined;
  const probe = {
    id: 'probe',
    processLLMRequest: ({ state, abortSignal }) => {
      state.key = 'k1';
      requestState = state;
      signal = abortSignal;
      abortedDuringHook = abortSignal?.aborted;
    },
    processLLMResponse: (args) => {
      seen = args;
    },
  } satisfies Processor;
  const controller = new AbortController();
  const model = createOpenAI({ baseURL: server.openaiBaseURL, apiKey: 'test' }).chat('gpt-test');
  const agent = new Agent({ id: 'a', instructions: 'Be brief.', model, inputProcessors: [probe] });
  // topK is not supported by OpenAI chat: the client reports a warning.
  await agent.generate('hi', { abortSignal: controller.signal, modelSettings: { topK: 3 } });

  // The hooks' signal follows the caller's and also fires once the run has settled.
  expect(abortedDuringHook).toBe(false);
  expect(signal?.aborted).toBe(true);
  expect(controller.signal.aborted).toBe(false);
  expect(seen?.state).toBe(requestState);
  expect(seen?.fromCache).toBe(false);
  // generate() made the provider's non-streaming call (doGenerate): one delta per text block.
  expect(
    seen?.chunks.filter((c) => c.type === 'text-delta').map((c) => (c.payload as { text: string }).text),
  ).toEqual(['Hello there.']);
  expect(seen?.warnings?.length).toBeGreaterThan(0);
  expect(JSON.stringify(seen?.request)).toContain('Be brief.');
  expect(seen?.rawResponse).toMatchObject({ headers: expect.any(Object) });
});
