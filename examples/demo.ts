/**
 * `npm start`: an agent with one tool, two processors and memory, streamed to the terminal.
 *
 * - `concise` (input): a transient `<system-reminder>` each step, never stored.
 * - `temperature-guard` (output): rejects an answer without a temperature and asks the model to
 *   retry (`maxProcessorRetries: 1`); the stream announces the replay with a `retry` step-finish.
 * - the default error processors: offline, the first model call loses its connection mid-answer;
 *   `StreamErrorRetryProcessor` retries it and the stream says so before the replacement.
 * - memory: a `SqliteStore` file (`.sluice/demo-memory.db`, or `--db <path>` / SLUICE_DEMO_DB).
 *   Each run is one turn of the same thread; a second run is sent the first run's turn as
 *   history and says so. `--forget` deletes the file first.
 * - the run record (`record: true`): after the answer, per step, which processors ran and what
 *   each did, one line each; the whole record is written next to the database
 *   (`.sluice/demo-run-record.json`, or `--record <path>` / SLUICE_DEMO_RECORD).
 *
 * Offline by default (a scripted model plays a tool call, then an answer). With
 * `--model provider/id`, or OPENAI_API_KEY / ANTHROPIC_API_KEY set, it talks to that model.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { Agent } from '../src/agent/index.js';
import { Memory } from '../src/memory/index.js';
import type { Processor } from '../src/processors/index.js';
import { SqliteStore } from '../src/sqlite/index.js';
import { ScriptedModel } from '../src/test/index.js';
import { createTool } from '../src/tools/index.js';
import type { RecordedHookInvocation, RunRecord } from '../src/tracing/run-record.js';

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

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

const dbPath = resolve(option('--db') ?? process.env.SLUICE_DEMO_DB ?? '.sluice/demo-memory.db');
if (process.argv.includes('--forget')) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(dbPath + suffix, { force: true });
}
mkdirSync(dirname(dbPath), { recursive: true });
const storage = new SqliteStore({ path: dbPath });
const memory = new Memory({ storage, options: { lastMessages: 6 } });
const conversation = { thread: 'demo-thread', resource: 'demo-user' };

const agent = new Agent({
  id: 'weather-agent',
  instructions: 'You answer weather questions. Use the weather tool, then reply in one sentence.',
  model: chooseModel(),
  tools: { weather },
  inputProcessors: [concise],
  outputProcessors: [temperatureGuard],
  maxProcessorRetries: 1,
  memory,
});

const model = await agent.getModel();
console.log(`model: ${model.provider}/${model.modelId}`);
const earlier = await memory.recall({ threadId: conversation.thread, perPage: false });
console.log(
  earlier.total === 0
    ? `memory: ${dbPath} — a new conversation (run again and the next run remembers this one)\n`
    : `memory: ${dbPath} — ${earlier.total} messages stored by earlier runs\n`,
);
const stream = await agent.stream('What is the weather in Lisbon?', { memory: conversation, record: true });
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
const { rememberedMessages, record } = await stream.getFullOutput();
if (rememberedMessages.length > 0) {
  const first = rememberedMessages.find((m) => m.role === 'user');
  const text = first?.content.parts.find((p) => p.type === 'text');
  console.log(
    `remembered: the model was sent ${rememberedMessages.length} messages from earlier runs (the first: "${text?.type === 'text' ? text.text : '…'}")`,
  );
}
const stored = await memory.recall({ threadId: conversation.thread, perPage: false });
console.log(`saved: the thread now holds ${stored.total} messages (${dbPath})`);
if (record) {
  console.log('\nwhat the processors did (from the run record):');
  for (const line of describeRecord(record)) console.log(line);
  const recordPath = resolve(
    option('--record') ?? process.env.SLUICE_DEMO_RECORD ?? join(dirname(dbPath), 'demo-run-record.json'),
  );
  writeFileSync(recordPath, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`run record: ${recordPath}`);
}
await storage.close();

/** One line per hook invocation, grouped by step attempt: the processor, the hook, what it did. */
function describeRecord(runRecord: RunRecord): string[] {
  const lines: string[] = [];
  let heading = '';
  for (const hook of [...runRecord.hooks].sort(byStepThenStart)) {
    const title =
      hook.stepNumber === undefined
        ? hook.hook === 'processInput'
          ? 'before the steps'
          : 'after the steps'
        : `step ${hook.stepNumber}${hook.attempt > 0 ? ` (attempt ${hook.attempt + 1})` : ''}`;
    if (title !== heading) {
      heading = title;
      lines.push(`  ${title}`);
    }
    lines.push(`    ${hook.processorId.padEnd(30)} ${hook.hook.padEnd(20)} ${whatItDid(hook)}`);
  }
  return lines;
}

function byStepThenStart(a: RecordedHookInvocation, b: RecordedHookInvocation): number {
  const rank = (h: RecordedHookInvocation) =>
    h.stepNumber === undefined ? (h.hook === 'processInput' ? -1 : Number.MAX_SAFE_INTEGER) : h.stepNumber;
  return rank(a) - rank(b) || a.attempt - b.attempt || a.startMs - b.startMs;
}

function whatItDid(hook: RecordedHookInvocation): string {
  const said: string[] = [hook.outcome];
  const m = hook.messages;
  if (m?.added) said.push(`+${m.added.length} message${m.added.length === 1 ? '' : 's'}`);
  if (m?.removed) said.push(`-${m.removed.length} message${m.removed.length === 1 ? '' : 's'}`);
  if (m?.edited) said.push(`${m.edited.length} part${m.edited.length === 1 ? '' : 's'} edited`);
  if (m?.system) said.push('system messages changed');
  const c = hook.chunks;
  if (c) said.push(`${c.seen} chunks seen, ${c.changed} changed, ${c.dropped} dropped, ${c.emitted} emitted`);
  if (hook.tripwire) said.push(`"${hook.tripwire.reason}"`);
  if (hook.error) said.push(hook.error);
  return said.join(': ').replace(/^(\w+): /, '$1 — ');
}
