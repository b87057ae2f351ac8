/**
 * Opt-in time limits: `modelSettings.timeoutMs` bounds one model call and a tool's `timeoutMs`
 * bounds one tool call; each timeout is a clear error naming the model and step, or the tool.
 * Nothing times out by default (README: `abortSignal` bounds a run).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigurationError } from '../errors/configuration-error.js';
import { ProviderCallError } from '../errors/provider-call-error.js';
import { ScriptedModel } from '../test/index.js';
import { createTool } from '../tools/index.js';
import { Agent } from './agent.js';

describe('modelSettings.timeoutMs', () => {
  it('a model call past the limit fails with a ProviderCallError naming model, step and the option', async () => {
    const model = new ScriptedModel({
      modelId: 'slow',
      steps: [{ text: ['a', 'b', 'c', 'd'], delayMs: 200 }],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, errorProcessorDefaults: false });
    const started = Date.now();
    const error = await agent.generate('hi', { modelSettings: { timeoutMs: 50 } }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(ProviderCallError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('"scripted/slow" failed at step 0');
    expect((error as Error).message).toContain('no complete response within 50 ms (modelSettings.timeoutMs)');
    // The provider's own signal fired too, so it stops streaming.
    expect(model.calls[0]?.abortSignal?.aborted).toBe(true);
  });

  it('a call that finishes in time is unaffected, and the option is not sent to the provider', async () => {
    const model = new ScriptedModel({ steps: ['quick'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    const result = await agent.generate('hi', { modelSettings: { timeoutMs: 5_000 } });
    expect(result.text).toBe('quick');
    expect(JSON.stringify(model.calls[0]?.settings)).not.toContain('timeout');
  });

  it('a bad value is a ConfigurationError naming the option', async () => {
    const agent = new Agent({ id: 'a', instructions: 'x', model: new ScriptedModel({ steps: ['x'] }) });
    const error = await agent.generate('hi', { modelSettings: { timeoutMs: -1 } }).catch((e: unknown) => e);
    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('modelSettings.timeoutMs');
  });
});

describe("a tool's timeoutMs", () => {
  it('a call past the limit is a TOOL_TIMEOUT error the model sees, and execute sees its signal fire', async () => {
    let signalled = false;
    const slow = createTool({
      id: 'slow',
      description: 'never finishes',
      inputSchema: z.object({}),
      timeoutMs: 30,
      execute: (_input, { abortSignal }) =>
        new Promise((resolve) => {
          abortSignal?.addEventListener('abort', () => {
            signalled = true;
          });
          setTimeout(resolve, 60_000).unref();
        }),
    });
    const model = new ScriptedModel({ steps: [{ toolCalls: [{ toolName: 'slow', args: {} }] }, 'gave up'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { slow } });
    const started = Date.now();
    const result = await agent.generate('hi');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(result.text).toBe('gave up');
    const toolError = result.steps[0]?.toolErrors[0]?.payload.error as { code?: string; message?: string };
    expect(toolError.code).toBe('TOOL_TIMEOUT');
    expect(toolError.message).toContain('Tool "slow" did not finish within 30 ms');
    expect(signalled).toBe(true);
    expect(JSON.stringify(model.calls[1]?.prompt)).toContain('did not finish within 30 ms');
  });

  it('a bad timeoutMs fails in createTool with a ConfigurationError', () => {
    expect(() => createTool({ id: 't', description: 'd', timeoutMs: 0, execute: async () => 1 })).toThrow(
      /timeoutMs/,
    );
  });
});
