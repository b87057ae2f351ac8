/**
 * A run that ends in a tripwire writes nothing to the cache, whichever hook aborts and however
 * late: entries are written when the run settles successfully, so the steps it completed before
 * the abort (here a tool step) are not cached either, and the next identical call reaches the
 * model for every step. Pinned on the backend's content and the model's calls.
 */
import { Agent } from 'sluice/agent';
import { InMemoryServerCache } from 'sluice/cache';
import { type InputProcessor, type OutputProcessor, ResponseCache } from 'sluice/processors';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/** Step 0 calls `lookup`; step 1 answers from its result. */
function toolLoop() {
  return new ScriptedModel({
    steps: ({ prompt }) =>
      prompt.at(-1)?.role === 'tool'
        ? { text: ['the answer ', 'is 42'] }
        : { toolCalls: [{ toolName: 'lookup', args: { q: 'x' } }] },
  });
}

const lookup = createTool({
  id: 'lookup',
  description: 'Look up',
  inputSchema: z.object({ q: z.string() }),
  execute: async () => ({ found: 42 }),
});

/** `guard.on` decides whether the hook aborts; it aborts on the run's last step (or at its end). */
type Guard = { on: boolean };

type Parts = { input?: InputProcessor[]; output?: OutputProcessor[]; retries?: number };

const guards: Array<[string, (g: Guard) => Parts]> = [
  [
    'processInput',
    (g) => ({ input: [{ id: 'g', processInput: ({ abort, messages }) => (g.on ? abort('no') : messages) }] }),
  ],
  [
    'processInputStep',
    (g) => ({
      input: [
        {
          id: 'g',
          processInputStep: ({ abort, stepNumber }) => void (g.on && stepNumber === 1 && abort('no')),
        },
      ],
    }),
  ],
  [
    'processOutputStream',
    (g) => ({
      output: [
        {
          id: 'g',
          processOutputStream: async ({ part, abort }) => {
            if (g.on && part.type === 'text-delta' && part.payload.text.includes('42')) abort('no');
            return part;
          },
        },
      ],
    }),
  ],
  [
    'processOutputStream on the run’s finish chunk',
    (g) => ({
      output: [
        {
          id: 'g',
          processOutputStream: async ({ part, abort }) => {
            if (g.on && part.type === 'finish') abort('no');
            return part;
          },
        },
      ],
    }),
  ],
  [
    'processOutputStep',
    (g) => ({
      output: [
        {
          id: 'g',
          processOutputStep: ({ abort, stepNumber }) => void (g.on && stepNumber === 1 && abort('no')),
        },
      ],
    }),
  ],
  [
    'processOutputStep, retried until the budget ends in a tripwire',
    (g) => ({
      output: [
        {
          id: 'g',
          processOutputStep: ({ abort, stepNumber }) =>
            void (g.on && stepNumber === 1 && abort('again', { retry: true })),
        },
      ],
      retries: 2,
    }),
  ],
  [
    'processInputStep, retried until the budget ends in a tripwire',
    (g) => ({
      input: [
        {
          id: 'g',
          processInputStep: ({ abort, stepNumber }) =>
            void (g.on && stepNumber === 1 && abort('again', { retry: true })),
        },
      ],
      retries: 2,
    }),
  ],
  [
    'processOutputStream, retried until the budget ends in a tripwire',
    (g) => ({
      output: [
        {
          id: 'g',
          processOutputStream: async ({ part, abort }) => {
            if (g.on && part.type === 'text-delta' && part.payload.text.includes('42'))
              abort('again', { retry: true });
            return part;
          },
        },
      ],
      retries: 2,
    }),
  ],
  [
    'processToolResult',
    (g) => ({ output: [{ id: 'g', processToolResult: ({ abort }) => void (g.on && abort('no')) }] }),
  ],
  [
    'processOutputResult',
    (g) => ({ output: [{ id: 'g', processOutputResult: ({ abort }) => void (g.on && abort('no')) }] }),
  ],
];

describe('ResponseCache: nothing from a run that ends in a tripwire is written', () => {
  for (const [hook, make] of guards) {
    for (const mode of ['generate', 'stream'] as const) {
      it(`${hook} (${mode})`, async () => {
        const cache = new InMemoryServerCache();
        const model = toolLoop();
        const guard: Guard = { on: true };
        const parts = make(guard);
        const agent = new Agent({
          id: 'guarded',
          instructions: 'x',
          model,
          tools: { lookup },
          maxProcessorRetries: parts.retries,
          inputProcessors: [
            new ResponseCache({ cache, scope: 'tenant-1', logger: { warn: () => {} } }),
            ...(parts.input ?? []),
          ],
          outputProcessors: parts.output ?? [],
        });
        const call = async () => {
          if (mode === 'generate') return (await agent.generate('q')).tripwire;
          const out = await agent.stream('q');
          for await (const _ of out.fullStream) {
            // drain
          }
          return (await out.getFullOutput()).tripwire;
        };
        expect(await call()).toBeDefined();
        expect(cache.size).toBe(0);

        // The same request with the guard off reaches the model for every step, then is cached.
        guard.on = false;
        const before = model.calls.length;
        expect(await call()).toBeUndefined();
        expect(model.calls.length - before).toBe(2);
        expect(cache.size).toBe(2);
        await call();
        expect(model.calls.length - before).toBe(2);
      });
    }
  }
});

describe('ResponseCache single-flight: a follower never replays an answer the leader’s run blocked', () => {
  it('the leader trips in processOutputResult while a follower waits: the follower calls the provider itself', async () => {
    const cache = new InMemoryServerCache();
    let n = 0;
    const model = new ScriptedModel({ steps: () => ({ text: `answer ${++n}`, delayMs: 20 }) });
    let results = 0;
    const agent = new Agent({
      id: 'flight',
      instructions: 'x',
      model,
      inputProcessors: [new ResponseCache({ cache, scope: 'tenant-1', logger: { warn: () => {} } })],
      // The first run to finish is blocked; later ones pass.
      outputProcessors: [
        { id: 'g', processOutputResult: ({ abort }) => void (results++ === 0 && abort('no')) },
      ],
    });
    const [leader, follower] = await Promise.all([agent.generate('q'), agent.generate('q')]);
    expect(leader.tripwire).toBeDefined();
    expect(follower.tripwire).toBeUndefined();
    expect(follower.text).toBe('answer 2');
    expect(model.calls).toHaveLength(2);
  });
});
