/**
 * `npm start`: an agent with one tool and two processors, streamed to the terminal.
 *
 * - `concise` (input): a transient `<system-reminder>` each step, never stored.
 * - `temperature-guard` (output): rejects an answer without a temperature and asks the model to
 *   retry (`maxProcessorRetries: 1`); the stream announces the replay with a `retry` step-finish.
 * - the default error processors: offline, the first model call loses its connection mid-answer;
 *   `StreamErrorRetryProcessor` retries it and the stream says so before the replacement.
 *
 * Offline by default (a scripted model plays a tool call, then an answer). With
 * `--model provider/id`, or OPENAI_API_KEY / ANTHROPIC_API_KEY set, it talks to that model.
 */
import { z } from 'zod';
import { Agent } from '../src/agent/index.js';
import type { Processor } from '../src/processors/index.js';
import { ScriptedModel } from '../src/test/index.js';
import { createTool } from '../src/tools/index.js';

const weather = createTool({
  id: 'get-weather',
  description: 'Current weather for a city.',
  inputSchema: z.object({ city: z.string().describe('City name') }),
  execute: async ({ city }) => {
    const table: Record<string, { tempC: number; sky: string }> = {
      lisbon: { tempC: 21, sky: 'sunny' },
      oslo: { tempC: 4, sky: 'overcast' },
    };
    return { city, ...(table[city.toLowerCase()] ?? { tempC: 15, sky: 'clear' }) };
  },
});

function chooseModel(): ConstructorParameters<typeof Agent>[0]['model'] {
  const flag = process.argv.indexOf('--model');
  if (flag !== -1 && process.argv[flag + 1]) return process.argv[flag + 1] as string;
  if (process.env.OPENAI_API_KEY) return 'openai/gpt-5-mini';
  if (process.env.ANTHROPIC_API_KEY) return 'anthropic/claude-haiku-4-5';
  // What undici throws when the provider's socket closes mid-stream.
  const reset = new TypeError('terminated', {
    cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
  });
  return new ScriptedModel({
    steps: [
      { text: ['Let me ', 'check the '], errorAfterChunks: { after: 5, error: reset } },
      { toolCalls: [{ toolName: 'weather', args: { city: 'Lisbon' } }] },
      { text: ['Lovely ', 'weather ', 'today!'] },
      { text: ['It is ', '21°C and sunny ', 'in Lisbon ', '— a good day for a walk.'] },
    ],
  });
}

const concise = {
  id: 'concise',
  processInputStep: async ({ sendSignal }) => {
    await sendSignal?.({ type: 'reactive', contents: 'Reply in one sentence.', transient: true });
  },
} satisfies Processor;

const temperatureGuard = {
  id: 'temperature-guard',
  processOutputStep: async ({ text, toolCalls, abort }) => {
    if ((toolCalls?.length ?? 0) === 0 && !/-?\d+\s*°/.test(text ?? '')) {
      abort('Give the temperature in °C.', { retry: true });
    }
  },
} satisfies Processor;

const agent = new Agent({
  id: 'weather-agent',
  instructions: 'You answer weather questions. Use the weather tool, then reply in one sentence.',
  model: chooseModel(),
  tools: { weather },
  inputProcessors: [concise],
  outputProcessors: [temperatureGuard],
  maxProcessorRetries: 1,
});

const model = await agent.getModel();
console.log(`model: ${model.provider}/${model.modelId}\n`);
const stream = await agent.stream('What is the weather in Lisbon?');
for await (const chunk of stream.fullStream) {
  if (chunk.type === 'tool-call')
    console.log(`→ ${chunk.payload.toolName}(${JSON.stringify(chunk.payload.args)})`);
  if (chunk.type === 'tool-result') console.log(`← ${JSON.stringify(chunk.payload.result)}\n`);
  if (chunk.type === 'text-delta') process.stdout.write(chunk.payload.text);
  if (chunk.type === 'step-finish' && chunk.payload.apiError) {
    const { processorId, message } = chunk.payload.apiError;
    console.log(` ✂\n↻ ${processorId} retried after a provider error: ${message}\n`);
  }
  if (chunk.type === 'step-finish' && chunk.payload.tripwire) {
    const { processorId, reason } = chunk.payload.tripwire;
    console.log(`\n↻ ${processorId} asked for a retry: ${reason}\n`);
  }
  if (chunk.type === 'tripwire')
    console.log(`\n⛔ blocked by ${chunk.payload.processorId}: ${chunk.payload.reason}`);
  if (chunk.type === 'error') console.error('\nerror:', (chunk.payload.error as Error).message);
}
const usage = await stream.usage;
console.log(
  `\n\nsteps: ${(await stream.steps).length}, finish: ${await stream.finishReason}, tokens: ${usage.totalTokens ?? 'n/a'}`,
);
