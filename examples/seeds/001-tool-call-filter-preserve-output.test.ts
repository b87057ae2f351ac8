/**
 * 001-tool-call-filter-preserve-output: with `preserveModelOutput: true`, a filtered tool call
 * from earlier history is replaced by a compact text built from the tool's `toModelOutput`
 * value; its raw arguments and raw result are not sent.
 */
import { Agent } from 'sluice/agent';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolCallFilter } from './001-tool-call-filter-preserve-output.js';

const searchDocs = createTool({
  id: 'search_docs',
  description: 'Search the documentation',
  inputSchema: z.object({ query: z.string() }),
  execute: async ({ query }) => ({
    query,
    pages: ['<html>very long page one</html>', '<html>page two</html>'],
  }),
  toModelOutput: (output: { pages: string[] }) => `${output.pages.length} pages found`,
});

describe('ToolCallFilter({ preserveModelOutput: true }) (001-tool-call-filter-preserve-output)', () => {
  it('the next turn sends "[search_docs result] 2 pages found" instead of the call and its raw result', async () => {
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'search_docs', args: { query: 'processors' }, toolCallId: 'd1' }] },
        'Processors transform messages.',
        'They run in array order.',
      ],
    });
    const agent = new Agent({
      id: 'docs',
      instructions: 'Answer from the docs.',
      model,
      tools: { search_docs: searchDocs },
      inputProcessors: [toolCallFilter],
    });

    const first = await agent.generate('What are processors?');
    await agent.generate([...first.messages, { role: 'user', content: 'In what order do they run?' }]);

    const sent = JSON.stringify(model.calls[2]!.prompt);
    expect(sent).toContain('[search_docs result] 2 pages found');
    expect(sent).not.toContain('very long page one');
    expect(sent).not.toContain('"query":"processors"');
    expect(sent).not.toContain('tool-call');
    // Within the first run the call was current, so the model saw it in full.
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain('tool-call');
  });
});
