/**
 * ToolSearchProcessor's processInputStep alone, with the processor test kit: the step result
 * shape `{ tools: { ...stepTools, search_tools, load_tool?, ...loadedTools } }`, the usage
 * instruction, `activeTools`, and context storage read from the conversation.
 */
import { describe, expect, it } from 'vitest';
import { MASTRA_THREAD_ID_KEY, RequestContext } from '../../request-context/index.js';
import { createProcessorHarness } from '../../test/processor-harness.js';
import { createTool } from '../../tools/index.js';
import { ToolSearchProcessor } from './index.js';

const weather = createTool({
  id: 'weather',
  description: 'Weather for a city',
  execute: async () => 'sunny',
});
const email = createTool({ id: 'email', description: 'Send an email', execute: async () => 'sent' });
const own = createTool({ id: 'own', description: 'The agent’s own tool', execute: async () => 'own' });

describe('ToolSearchProcessor.processInputStep (processor test kit)', () => {
  it('returns the step tools plus search_tools and load_tool, never the catalog', async () => {
    const h = createProcessorHarness(new ToolSearchProcessor({ tools: { weather, email } }));

    const run = await h.processInputStep({ tools: { own } });

    expect(Object.keys(run.result.tools ?? {})).toEqual(['own', 'search_tools', 'load_tool']);
    expect(run.result.activeTools).toBeUndefined();
  });

  it('adds loaded tools after the meta-tools, and the usage instruction names them', async () => {
    const processor = new ToolSearchProcessor({ tools: { weather, email } });
    const requestContext = new RequestContext([[MASTRA_THREAD_ID_KEY, 't']]);
    const loadTool = (await createProcessorHarness(processor).processInputStep()).result.tools!.load_tool!;
    await (loadTool as typeof weather).execute!({ toolName: 'weather' } as never, { requestContext });

    const h = createProcessorHarness(processor, { requestContext });
    const run = await h.processInputStep({ tools: { own } });

    expect(Object.keys(run.result.tools ?? {})).toEqual(['own', 'search_tools', 'load_tool', 'weather']);
    expect(run.result.tools?.weather).toBe(weather);
    const instruction = h.messageList.getSystemMessages('tool-search');
    expect(instruction).toHaveLength(1);
    expect(instruction[0]!.content).toContain('Already loaded: weather.');
  });

  it('re-running the hook replaces its instruction instead of piling up copies', async () => {
    const h = createProcessorHarness(new ToolSearchProcessor({ tools: { weather } }));
    await h.processInputStep();
    await h.processInputStep({ stepNumber: 1 });
    expect(h.messageList.getSystemMessages('tool-search')).toHaveLength(1);
  });

  it('extends a restricted activeTools list with the meta-tools', async () => {
    const h = createProcessorHarness(new ToolSearchProcessor({ tools: { weather } }));
    const run = await h.processInputStep({ tools: { own }, activeTools: ['own'] });
    expect(run.result.activeTools).toEqual(['own', 'search_tools', 'load_tool']);
  });

  it("storage 'context' reads load_tool results from the conversation", async () => {
    const processor = new ToolSearchProcessor({ tools: { weather, email }, storage: 'context' });
    const h = createProcessorHarness(processor, {
      messages: [
        { role: 'user', content: 'hi' },
        {
          id: 'a1',
          role: 'assistant',
          createdAt: new Date(1),
          content: {
            format: 2,
            parts: [
              {
                type: 'tool-invocation',
                toolInvocation: {
                  state: 'result',
                  toolCallId: 'l1',
                  toolName: 'load_tool',
                  args: { toolName: 'email' },
                  result: {
                    success: true,
                    message: 'ok',
                    loaded: ['email'],
                    notFound: [],
                    alreadyLoaded: [],
                  },
                },
              },
            ],
          },
        },
      ],
    });

    const run = await h.processInputStep();

    expect(Object.keys(run.result.tools ?? {})).toEqual(['search_tools', 'load_tool', 'email']);
    expect(
      Object.keys(
        await processor.getLoadedToolsForRequestContext({ stepArgs: { messageList: h.messageList } }),
      ),
    ).toEqual(['email']);
  });
});
