/**
 * Item 11 of issue #32 at run time: a conversation typed with the AI SDK's own `UIMessage` (here
 * `ai` 6) reaches the model as the matching prompt, so accepting the type is backed by behaviour.
 */
import type { UIMessage } from 'ai6';
import { Agent } from 'sluice/agent';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it } from 'vitest';

const conversation: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather in Oslo?' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      {
        type: 'tool-weather',
        toolCallId: 'call-1',
        state: 'output-available',
        input: { city: 'Oslo' },
        output: { tempC: 4 },
      },
      { type: 'text', text: 'It is 4 °C.', state: 'done' },
    ],
  },
  { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'And tomorrow?' }] },
];

describe('AI SDK UIMessage[] as generate() input', () => {
  it('reaches the model as user, assistant tool call, tool result and text', async () => {
    const model = new ScriptedModel({ steps: ['Colder.'] });
    const agent = new Agent({ id: 'ui-run', instructions: 'Be brief.', model });
    const result = await agent.generate(conversation);
    expect(result.text).toBe('Colder.');
    const prompt = model.calls[0]?.prompt ?? [];
    expect(prompt.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user']);
    expect(JSON.stringify(prompt)).toContain('"toolCallId":"call-1"');
    expect(JSON.stringify(prompt.at(-1))).toContain('And tomorrow?');
  });
});
