/**
 * The `abortSignal` hooks receive fires when the run settles (README "Behaviour worth knowing"),
 * whether the hook read it during the run or only afterwards, and it follows the caller's abort.
 * It is made on first read, so these pin the contract, not the timing.
 */
import { describe, expect, it } from 'vitest';
import { Agent } from '../agent/agent.js';
import type { InputProcessor } from '../processors/index.js';
import { ScriptedModel } from '../test/index.js';

function agentWith(processor: InputProcessor): Agent {
  return new Agent({
    id: 'signal',
    instructions: 'x',
    model: new ScriptedModel({ steps: ['ok'] }),
    inputProcessors: [processor],
  });
}

describe('hook abortSignal', () => {
  it('read during the run: not aborted then, aborted once the run has settled', async () => {
    let signal: AbortSignal | undefined;
    let abortedDuringRun: boolean | undefined;
    let fired = 0;
    await agentWith({
      id: 'reader',
      processInput: ({ abortSignal, messages }) => {
        signal = abortSignal;
        abortedDuringRun = abortSignal?.aborted;
        abortSignal?.addEventListener('abort', () => fired++);
        return messages;
      },
    }).generate('go');
    expect(abortedDuringRun).toBe(false);
    expect(signal?.aborted).toBe(true);
    expect(fired).toBe(1);
  });

  it('read only after the run: already aborted', async () => {
    let args: { abortSignal?: AbortSignal } | undefined;
    await agentWith({
      id: 'late-reader',
      processInputStep: (hookArgs) => {
        args = hookArgs;
      },
    }).generate('go');
    expect(args?.abortSignal?.aborted).toBe(true);
    expect(args?.abortSignal).toBe(args?.abortSignal);
  });

  it("follows the caller's abort, and a copy of the arguments carries the same signal", async () => {
    const controller = new AbortController();
    let seen: { inHook?: boolean; copy?: AbortSignal; original?: AbortSignal } | undefined;
    await agentWith({
      id: 'caller-abort',
      processInput: (hookArgs) => {
        controller.abort(new Error('stop'));
        const copy = { ...hookArgs };
        seen = {
          inHook: hookArgs.abortSignal?.aborted,
          copy: copy.abortSignal,
          original: hookArgs.abortSignal,
        };
        return hookArgs.messages;
      },
    })
      .generate('go', { abortSignal: controller.signal })
      .catch(() => undefined);
    expect(seen?.inHook).toBe(true);
    expect(seen?.copy).toBe(seen?.original);
  });
});
