/**
 * Leaving a stream early: by default the run goes on to the end (its promises settle, the
 * provider keeps streaming); with `stopOnStreamCancel: true` the run is aborted once every
 * stream taken from the output has been cancelled, and the model call is cancelled with it.
 */
import { describe, expect, it } from 'vitest';
import { ScriptedModel } from '../test/index.js';
import { Agent } from './agent.js';

const slowModel = () =>
  new ScriptedModel({ steps: [{ text: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], delayMs: 20 }] });

describe('leaving fullStream early', () => {
  it('by default, breaking out of for await leaves the run going to the end', async () => {
    const model = slowModel();
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    const output = await agent.stream('hi');
    for await (const chunk of output.fullStream) if (chunk.type === 'text-delta') break;
    expect(await output.text).toBe('abcdefgh');
    expect(output.status).toBe('success');
    expect(model.calls[0]?.abortSignal?.aborted ?? false).toBe(false);
  });

  it('stopOnStreamCancel: breaking out of the only reader aborts the run and the model call', async () => {
    const model = slowModel();
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    const output = await agent.stream('hi', { stopOnStreamCancel: true });
    for await (const chunk of output.fullStream) if (chunk.type === 'text-delta') break;
    const full = await output.getFullOutput();
    expect(output.status).toBe('aborted');
    expect(full.finishReason).toBe('abort');
    expect(full.text.length).toBeLessThan('abcdefgh'.length);
    expect(model.calls[0]?.abortSignal?.aborted).toBe(true);
  });

  it("stopOnStreamCancel: processors' abortSignal carries the cancel, not just the run's end", async () => {
    let reason: unknown;
    const watcher = {
      id: 'watcher',
      async processOutputStream({ part, abortSignal }: { part: unknown; abortSignal?: AbortSignal }) {
        abortSignal?.addEventListener('abort', () => {
          reason ??= abortSignal.reason;
        });
        return part;
      },
    };
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: slowModel(),
      outputProcessors: [watcher as never],
    });
    const output = await agent.stream('hi', { stopOnStreamCancel: true });
    for await (const chunk of output.fullStream) if (chunk.type === 'text-delta') break;
    await output.getFullOutput();
    expect((reason as { code?: string }).code).toBe('STREAM_CANCELLED');
  });

  it('stopOnStreamCancel: the run goes on while another reader is still reading', async () => {
    const agent = new Agent({ id: 'a', instructions: 'x', model: slowModel() });
    const output = await agent.stream('hi', { stopOnStreamCancel: true });
    const text = (async () => {
      let all = '';
      for await (const delta of output.textStream) all += delta;
      return all;
    })();
    const reader = output.fullStream.getReader();
    await reader.read();
    await reader.cancel();
    expect(await text).toBe('abcdefgh');
    expect(output.status).toBe('success');
  });
});
