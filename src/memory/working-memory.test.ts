/**
 * Working memory (memory-api 2, 5, 6): a Markdown template or a JSON schema with merge, resource
 * or thread scope, injected as a system message of its own (never stored as a thread message),
 * updated by the `updateWorkingMemory` tool, which read-only calls do not get.
 */
import { Agent } from 'sluice/agent';
import { InMemoryStore, Memory, mergeWorkingMemory } from 'sluice/memory';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it } from 'vitest';
import { promptLines } from './testing/prompt-text.js';

function systemOf(prompt: unknown): string[] {
  return promptLines(prompt).filter((l) => l.startsWith('system: '));
}

function toolNames(model: ScriptedModel, call: number): string[] {
  return (model.calls[call]?.tools ?? []).map((t) => (t as { name: string }).name);
}

describe('working memory', () => {
  it('Markdown: the model updates it with the tool; the next call (any thread of the resource) sees it in a system message after the instructions', async () => {
    const storage = new InMemoryStore();
    const memory = new Memory({
      storage,
      options: { workingMemory: { enabled: true, template: '# Profile\n- Name:\n- City:' } },
    });
    const model = new ScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'updateWorkingMemory', args: { memory: '# Profile\n- Name: Ana\n- City: Porto' } },
          ],
        },
        'Nice to meet you, Ana.',
        'You live in Porto.',
      ],
    });
    const agent = new Agent({ id: 'wm', instructions: 'Be kind.', model, memory });
    await agent.generate('I am Ana from Porto', { memory: { thread: 't1', resource: 'ana' } });
    expect(toolNames(model, 0)).toContain('updateWorkingMemory');
    // The step after the update is sent the new data already.
    expect(systemOf(model.calls[0]?.prompt)[1]).toContain('<working_memory_data>\n\n</working_memory_data>');
    expect(systemOf(model.calls[1]?.prompt)[1]).toContain(
      '- Name: Ana\n- City: Porto\n</working_memory_data>',
    );
    await agent.generate('Where do I live?', { memory: { thread: 't2', resource: 'ana' } });
    const system = systemOf(model.calls[2]?.prompt);
    expect(system[0]).toBe('system: Be kind.');
    expect(system[1]).toContain(
      '<working_memory_template>\n# Profile\n- Name:\n- City:\n</working_memory_template>',
    );
    expect(system[1]).toContain(
      '<working_memory_data>\n# Profile\n- Name: Ana\n- City: Porto\n</working_memory_data>',
    );
    expect(await memory.getWorkingMemory({ threadId: 't2', resourceId: 'ana' })).toContain('Porto');
    const stored = await memory.recall({ threadId: 't1', perPage: false, hideSignals: false });
    expect(JSON.stringify(stored.messages)).not.toContain('working_memory');
  });

  it('thread scope keeps one per thread', async () => {
    const memory = new Memory({
      storage: new InMemoryStore(),
      options: { workingMemory: { enabled: true, scope: 'thread' } },
    });
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'updateWorkingMemory', args: { memory: 'likes tea' } }] },
        'ok',
        'ok2',
      ],
    });
    const agent = new Agent({ id: 'wm', instructions: 'x', model, memory });
    await agent.generate('I like tea', { memory: { thread: 'a', resource: 'u' } });
    expect(await memory.getWorkingMemory({ threadId: 'a', resourceId: 'u' })).toBe('likes tea');
    await agent.generate('hello', { memory: { thread: 'b', resource: 'u' } });
    expect(systemOf(model.calls[2]?.prompt)[1]).toContain('<working_memory_data>\n\n</working_memory_data>');
    expect(await memory.getWorkingMemory({ threadId: 'b', resourceId: 'u' })).toBeNull();
    // The thread created by the tool keeps its working memory after the turn is saved.
    expect((await memory.getThreadById({ threadId: 'a' }))?.metadata?.workingMemory).toBe('likes tea');
  });

  it('JSON schema: updates are merged into the stored object (null deletes a field)', async () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        prefs: { type: 'object', properties: { tea: { type: 'boolean' } } },
      },
    } as const;
    const memory = new Memory({
      storage: new InMemoryStore(),
      options: { workingMemory: { enabled: true, schema } },
    });
    const model = new ScriptedModel({
      steps: [
        {
          toolCalls: [
            {
              toolName: 'updateWorkingMemory',
              args: { memory: { name: 'Ana', prefs: { tea: true }, city: 'Porto' } },
            },
          ],
        },
        'ok',
        {
          toolCalls: [
            { toolName: 'updateWorkingMemory', args: { memory: { prefs: { coffee: false }, city: null } } },
          ],
        },
        'ok',
      ],
    });
    const agent = new Agent({ id: 'wm', instructions: 'x', model, memory });
    const conversation = { memory: { thread: 't', resource: 'u' } };
    await agent.generate('hi', conversation);
    await agent.generate('update', conversation);
    const stored = JSON.parse((await memory.getWorkingMemory({ threadId: 't', resourceId: 'u' })) ?? 'null');
    expect(stored).toEqual({ name: 'Ana', prefs: { tea: true, coffee: false } });
    expect(await memory.getWorkingMemoryTemplate()).toMatchObject({ format: 'json' });
    expect(systemOf(model.calls[2]?.prompt)[1]).toContain('"name":"Ana"');
  });

  it('the update tool built for each call keeps one input schema object, so its validator is compiled once per process, not per turn', () => {
    const markdown = new Memory({
      storage: new InMemoryStore(),
      options: { workingMemory: { enabled: true } },
    });
    const json = new Memory({
      storage: new InMemoryStore(),
      options: {
        workingMemory: {
          enabled: true,
          schema: { type: 'object', properties: { name: { type: 'string' } } },
        },
      },
    });
    const schemaOf = (memory: Memory) =>
      (memory.listTools().updateWorkingMemory as unknown as { inputSchema: unknown }).inputSchema;
    expect(schemaOf(markdown)).toBe(schemaOf(markdown));
    expect(schemaOf(json)).toBe(schemaOf(json));
    expect(schemaOf(json)).not.toBe(schemaOf(markdown));
  });

  it('mergeWorkingMemory: objects merge recursively, arrays and scalars replace, null deletes', () => {
    expect(
      mergeWorkingMemory({ a: 1, b: { c: 2, d: 3 }, e: [1] }, { b: { c: null, x: 1 }, e: [2], f: 'y' }),
    ).toEqual({
      a: 1,
      b: { d: 3, x: 1 },
      e: [2],
      f: 'y',
    });
  });

  it('readOnly calls see working memory but get no update tool', async () => {
    const memory = new Memory({
      storage: new InMemoryStore(),
      options: { workingMemory: { enabled: true } },
    });
    await memory.updateWorkingMemory({ threadId: 't', resourceId: 'u', workingMemory: 'likes jazz' });
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'wm', instructions: 'x', model, memory });
    await agent.generate('hi', { memory: { thread: 't', resource: 'u', options: { readOnly: true } } });
    expect(toolNames(model, 0)).not.toContain('updateWorkingMemory');
    expect(systemOf(model.calls[0]?.prompt)[1]).toContain('likes jazz');
    expect(memory.listTools({ memoryConfig: { readOnly: true } })).toEqual({});
    expect(Object.keys(memory.listTools())).toEqual(['updateWorkingMemory']);
  });

  it('createThread metadata.workingMemory seeds resource-scoped working memory', async () => {
    const memory = new Memory({
      storage: new InMemoryStore(),
      options: { workingMemory: { enabled: true } },
    });
    await memory.createThread({ resourceId: 'u', threadId: 't', metadata: { workingMemory: 'seeded' } });
    expect(await memory.getWorkingMemory({ threadId: 't', resourceId: 'u' })).toBe('seeded');
  });

  it('thread-scoped updateWorkingMemory on an unknown thread names it', async () => {
    const memory = new Memory({
      storage: new InMemoryStore(),
      options: { workingMemory: { enabled: true, scope: 'thread' } },
    });
    await expect(memory.updateWorkingMemory({ threadId: 'nope', workingMemory: 'x' })).rejects.toThrow(
      /Thread nope not found/,
    );
  });

  it('template and schema together are an error naming the option', () => {
    expect(
      () =>
        new Memory({
          storage: new InMemoryStore(),
          options: { workingMemory: { enabled: true, template: '# x', schema: { type: 'object' } } },
        }),
    ).toThrow(/"workingMemory" takes "template" \(Markdown\) or "schema" \(JSON\), not both/);
  });
});
