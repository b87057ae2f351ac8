/**
 * Work done once per agent or per model object instead of once per request must still follow
 * every change: the merged default error processors follow edits to the configured list, and the
 * model adapter is one per model object (and per specification version).
 */
import { describe, expect, it } from 'vitest';
import { toMastraModel } from '../models/to-mastra-model.js';
import type { ErrorProcessor } from '../processors/index.js';
import { ScriptedModel, scriptedModelV3 } from '../test/index.js';
import { Agent } from './agent.js';

describe('per-request reuse', () => {
  it('the merged error-processor list follows in-place edits of the configured array', async () => {
    const list: ErrorProcessor[] = [];
    const agent = new Agent({
      id: 'reuse',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['a', 'b'] }),
      errorProcessors: list,
    });
    const first = (await agent.listErrorProcessors()).map((p) => p.id);
    await agent.generate('go');
    list.push({ id: 'mine', processAPIError: () => undefined });
    const second = (await agent.listErrorProcessors()).map((p) => p.id);
    expect(second).toHaveLength(first.length + 1);
    expect(second).toContain('mine');
    // Callers get a copy: editing it does not leak into the agent's next call.
    (await agent.listErrorProcessors()).length = 0;
    expect((await agent.listErrorProcessors()).map((p) => p.id)).toEqual(second);
  });

  it('one adapter per model object, reused across requests', () => {
    const model = new ScriptedModel({ steps: [] });
    expect(toMastraModel(model)).toBe(toMastraModel(model));
    expect(toMastraModel(model)).not.toBe(toMastraModel(new ScriptedModel({ steps: [] })));
    const v3 = scriptedModelV3({ steps: [] });
    expect(toMastraModel(v3).specificationVersion).toBe('v3');
  });
});
