import { Agent } from 'sluice/agent';
import { MessageList } from 'sluice/messages';
import type { InputProcessor } from 'sluice/processors';
import { ScriptedModel, scriptedModelV2, scriptedModelV3 } from 'sluice/test';
import { describe, expect, it } from 'vitest';

/**
 * api-reference §4.4: `messageList.get.<view>.aiV4.{ui,core}()`, `get.all.aiV4.prompt()`,
 * `get.<view>.aiV5.{model,ui}()`, `get.all.aiV5.{prompt,llmPrompt}()`,
 * `<view>.aiV6.ui()`, `get.all.aiV6.llmPrompt()` and `get.all.aiV7.{ui,llmPrompt}()`. Processors build
 * the provider prompt with `llmPrompt()`: it is what the model of that SDK generation receives.
 */

function conversation(): MessageList {
  const list = new MessageList();
  list.addSystem('Be brief.');
  list.add({ role: 'user', content: 'Weather in Oslo?' }, 'memory');
  list.add(
    {
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: { city: 'Oslo' } },
        { type: 'tool-call', toolCallId: 'c2', toolName: 'weather', input: { city: 'Bergen' } },
      ],
    },
    'memory',
  );
  list.add(
    {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'c1', toolName: 'weather', output: { type: 'json', value: 3 } },
      ],
    },
    'memory',
  );
  list.add(
    { role: 'user', content: [{ type: 'file', data: 'https://x.test/a.png', mediaType: 'image/png' }] },
    'input',
  );
  return list;
}

describe('MessageList AI SDK views (api-reference §4.4)', () => {
  it('every view has aiV5.model() and aiV5.ui(), equal to its core() and ui()', () => {
    const list = conversation();
    for (const view of [list.get.all, list.get.input, list.get.response, list.get.remembered]) {
      expect(view.aiV5.model()).toEqual(view.core());
      expect(view.aiV5.ui()).toEqual(view.ui());
      expect(view.aiV6.ui()).toEqual(view.ui());
      expect(view.aiV7.ui()).toEqual(view.ui());
    }
    expect(list.get.input.aiV5.ui()).toHaveLength(1);
    expect(list.get.input.aiV5.ui()[0]?.parts).toEqual([
      { type: 'file', mediaType: 'image/png', url: 'https://x.test/a.png' },
    ]);
  });

  it('get.all.aiV5.prompt() starts with the system messages and leaves out tool calls without a result', () => {
    const prompt = conversation().get.all.aiV5.prompt();
    expect(prompt[0]).toEqual({ role: 'system', content: 'Be brief.' });
    expect(prompt.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user']);
    const calls = prompt[2]?.content;
    expect(
      Array.isArray(calls) && calls.map((p) => (p.type === 'tool-call' ? p.toolCallId : p.type)),
    ).toEqual(['c1']);
  });

  it('aiV4.ui() gives AI SDK 4 UI messages: content text, the stored parts and toolInvocations', () => {
    const list = conversation();
    const [user, assistant] = list.get.remembered.aiV4.ui();
    expect(user).toMatchObject({ role: 'user', content: 'Weather in Oslo?' });
    expect(user?.createdAt).toBeInstanceOf(Date);
    expect(assistant?.toolInvocations?.map((t) => [t.toolCallId, t.state])).toEqual([
      ['c1', 'result'],
      ['c2', 'call'],
    ]);
    expect(assistant?.parts).toEqual(list.get.remembered.db()[1]?.content.parts);
  });

  it('aiV4.core() / get.all.aiV4.prompt() use AI SDK 4 naming: args, result, mimeType, user image parts', () => {
    const list = conversation();
    const core = list.get.all.aiV4.core();
    expect(core[1]?.content).toEqual([
      { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', args: { city: 'Oslo' } },
      { type: 'tool-call', toolCallId: 'c2', toolName: 'weather', args: { city: 'Bergen' } },
    ]);
    expect(core[2]).toEqual({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'weather', result: 3 }],
    });
    expect(core[3]?.content).toEqual([
      { type: 'image', image: new URL('https://x.test/a.png'), mimeType: 'image/png' },
    ]);
    const prompt = list.get.all.aiV4.prompt();
    expect(prompt[0]).toEqual({ role: 'system', content: 'Be brief.' });
    expect(prompt[2]?.content).toEqual([
      { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', args: { city: 'Oslo' } },
    ]);
  });

  it('get.all.aiV5.llmPrompt() resolves to the same spec-V2 prompt as get.all.prompt()', async () => {
    const list = conversation();
    const pending = list.get.all.aiV5.llmPrompt();
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toEqual(list.get.all.prompt());
  });

  it('llmPrompt() of each SDK generation is exactly what a model of that spec receives', async () => {
    const seen: Record<string, unknown> = {};
    const capture: InputProcessor = {
      id: 'capture-prompt',
      async processInputStep({ messageList }) {
        seen.v5 = await messageList.get.all.aiV5.llmPrompt();
        seen.v6 = await messageList.get.all.aiV6.llmPrompt();
        seen.v7 = await messageList.get.all.aiV7.llmPrompt();
      },
    };
    const input = [
      { role: 'user' as const, content: 'Describe it.' },
      {
        role: 'user' as const,
        content: [
          { type: 'file' as const, data: 'data:image/png;base64,iVBORw0KGgo=', mediaType: 'image/png' },
        ],
      },
    ];
    const models = {
      v5: scriptedModelV2({ steps: ['ok'] }),
      v6: scriptedModelV3({ steps: ['ok'] }),
      v7: new ScriptedModel({ steps: ['ok'] }),
    };
    for (const [generation, model] of Object.entries(models)) {
      const agent = new Agent({ id: 'views', instructions: 'Be brief.', model, inputProcessors: [capture] });
      await agent.generate(input);
      expect(seen[generation], generation).toEqual(model.calls[0]?.prompt);
    }
    // The three generations differ in their file data shapes: each really is its own spec.
    expect(seen.v5).not.toEqual(seen.v7);
  });
});
