/**
 * Record and replay (issue 37, item 3): `recordTo: dir` writes each run's model requests, full
 * response streams and tool results; `replayModel(dir)` answers the same run offline, and a
 * request that differs fails naming the call, the part and the processor behind the change.
 * Recorded against the fake provider server through the real `@ai-sdk/openai` client.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenAI } from '@ai-sdk/openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../agent/index.js';
import { RecordingError, ReplayMismatchError, SluiceError } from '../errors/index.js';
import type { Processor } from '../processors/index.js';
import type { RunRecording } from '../tracing/recording-format.js';
import { type FakeProviderServer, fakeText, fakeToolCall, startFakeProviderServer } from './index.js';
import { replayModel } from './replay-model.js';
import { countingWeatherTool } from './testing/weather-tool.js';

const QUESTION = 'What is the weather in Paris?';

/** Appends to the system prompt: the kind of processor change a replay must catch. */
const frenchPrompt = {
  id: 'french-prompt',
  processInput: ({ messages, systemMessages }) => ({
    messages,
    systemMessages: systemMessages.map((m) =>
      m.role === 'system' && typeof m.content === 'string'
        ? { ...m, content: `${m.content} Answer in French.` }
        : m,
    ),
  }),
} satisfies Processor;

let server: FakeProviderServer;
/** A folder holding one recorded run: a tool call, then the answer. */
let recorded: string;
let recordedResult: Awaited<ReturnType<Agent['generate']>>;
let recordedToolRuns: string[];

const made: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-replay-'));
  made.push(dir);
  return dir;
}

function agentOn(
  model: unknown,
  tool: ReturnType<typeof countingWeatherTool>['tool'],
  inputProcessors: Processor[] = [],
) {
  return new Agent({
    id: 'forecaster',
    instructions: 'You answer weather questions briefly.',
    model: model as never,
    tools: { weather: tool },
    inputProcessors,
  });
}

beforeAll(async () => {
  server = await startFakeProviderServer();
  server.enqueue(
    fakeToolCall('weather', { city: 'Paris' }, { usage: { inputTokens: 21, outputTokens: 7 } }),
    fakeText(['It is ', 'sunny in ', 'Paris.'], { usage: { inputTokens: 40, outputTokens: 6 } }),
  );
  recorded = tempDir();
  const weather = countingWeatherTool();
  const openai = createOpenAI({ baseURL: server.openaiBaseURL, apiKey: 'test' }).chat('gpt-test');
  recordedResult = await agentOn(openai, weather.tool).generate(QUESTION, { recordTo: recorded });
  recordedToolRuns = weather.calls;
  // Everything after this runs offline: the provider is gone.
  await server.close();
});

afterAll(async () => {
  await server?.close();
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('recordTo', () => {
  it('writes one versioned file per run with each request, its digest, the full stream and the tool results', () => {
    const files = readdirSync(recorded);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.sluice-run\.json$/);
    const recording = JSON.parse(readFileSync(join(recorded, files[0] as string), 'utf8')) as RunRecording;
    expect(recording).toMatchObject({ format: 'sluice-run-recording', version: 2, agentId: 'forecaster' });
    expect(recording.calls).toHaveLength(2);
    const [first, second] = recording.calls;
    expect(first?.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(first?.request).toMatchObject({ prompt: [{ role: 'system' }, { role: 'user' }] });
    expect(JSON.stringify(first?.request)).not.toContain('abortSignal');
    expect(first?.response.map((p) => (p as { type: string }).type)).toContain('tool-call');
    expect(first?.toolResults).toEqual([
      {
        toolCallId: expect.any(String),
        toolName: 'weather',
        args: { city: 'Paris' },
        result: { city: 'Paris', forecast: 'sunny' },
      },
    ]);
    // Usage and finish reason ride in the recorded stream.
    expect(second?.response.at(-1)).toMatchObject({
      type: 'finish',
      usage: { inputTokens: 40, outputTokens: 6 },
    });
  });

  it('fails a successful run whose recording cannot be written, naming the path, and leaves nothing half-written', async () => {
    const dir = tempDir();
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, 'a file where the folder should be');
    const weather = countingWeatherTool();
    const error = await agentOn(replayModel(recorded), weather.tool)
      .generate(QUESTION, { recordTo: join(blocker, 'recordings') })
      .catch((e: unknown) => e);
    expect(SluiceError.hasCode(error, 'RECORDING_WRITE_FAILED')).toBe(true);
    expect((error as Error).message).toContain(join(blocker, 'recordings'));
    expect(readdirSync(dir)).toEqual(['not-a-folder']);
  });

  it('is also an agent option, and a replayed run can be recorded again identically', async () => {
    const again = tempDir();
    const weather = countingWeatherTool();
    const agent = new Agent({
      id: 'forecaster',
      instructions: 'You answer weather questions briefly.',
      model: replayModel(recorded),
      tools: { weather: weather.tool },
      recordTo: again,
    });
    await agent.generate(QUESTION);
    const read = (dir: string) =>
      JSON.parse(readFileSync(join(dir, readdirSync(dir)[0] as string), 'utf8')) as RunRecording;
    const original = read(recorded).calls;
    const copy = read(again).calls;
    expect(copy.map((c) => c.digest)).toEqual(original.map((c) => c.digest));
    expect(copy.map((c) => c.response)).toEqual(original.map((c) => c.response));
    expect(copy.map((c) => c.toolResults)).toEqual(original.map((c) => c.toolResults));
  });

  it.skipIf(process.platform === 'win32')(
    'a recording (raw prompts and answers) is readable by its owner only, in a folder it creates for its owner only',
    async () => {
      const folder = join(tempDir(), 'recordings', 'nested');
      const weather = countingWeatherTool();
      await agentOn(replayModel(recorded), weather.tool).generate(QUESTION, { recordTo: folder });
      const [file] = readdirSync(folder);
      expect(statSync(join(folder, file as string)).mode & 0o777).toBe(0o600);
      expect(statSync(folder).mode & 0o777).toBe(0o700);
    },
  );
});

describe('replayModel', () => {
  it('answers the recorded run offline with identical output, tools replayed from the recording', async () => {
    const weather = countingWeatherTool('RAINING (the live tool would say this)');
    const result = await agentOn(replayModel(recorded), weather.tool).generate(QUESTION);
    expect(result.text).toBe('It is sunny in Paris.');
    expect(result.text).toBe(recordedResult.text);
    expect(result.usage).toEqual(recordedResult.usage);
    expect(result.finishReason).toBe(recordedResult.finishReason);
    expect(result.steps.map((s) => s.toolCalls.map((c) => c.payload.args))).toEqual(
      recordedResult.steps.map((s) => s.toolCalls.map((c) => c.payload.args)),
    );
    expect(result.toolResults.map((r) => r.payload.result)).toEqual([{ city: 'Paris', forecast: 'sunny' }]);
    // The tool did not run: its recorded result was used.
    expect(weather.calls).toEqual([]);
    expect(recordedToolRuns).toEqual(['Paris']);
  });

  it('streams the same chunks, in the same order, as the recorded stream', async () => {
    const dir = tempDir();
    const live = await startFakeProviderServer();
    const textOf = async (output: Awaited<ReturnType<Agent['stream']>>) => {
      const seen: string[] = [];
      for await (const chunk of output.fullStream) {
        if (chunk.type === 'text-delta') seen.push(chunk.payload.text);
        else if (chunk.type === 'tool-call') seen.push(`call ${JSON.stringify(chunk.payload.args)}`);
        else if (chunk.type === 'tool-result') seen.push(`result ${JSON.stringify(chunk.payload.result)}`);
      }
      return seen;
    };
    let recordedChunks: string[];
    try {
      live.enqueue(fakeToolCall('weather', { city: 'Rome' }), fakeText(['Warm ', 'in ', 'Rome.']));
      const openai = createOpenAI({ baseURL: live.openaiBaseURL, apiKey: 'test' }).chat('gpt-test');
      recordedChunks = await textOf(
        await agentOn(openai, countingWeatherTool().tool).stream('Rome?', { recordTo: dir }),
      );
    } finally {
      await live.close();
    }
    const replayed = await textOf(
      await agentOn(replayModel(dir), countingWeatherTool().tool).stream('Rome?'),
    );
    expect(recordedChunks).toEqual([
      'call {"city":"Rome"}',
      'result {"city":"Rome","forecast":"sunny"}',
      'Warm ',
      'in ',
      'Rome.',
    ]);
    expect(replayed).toEqual(recordedChunks);
  });

  it("runs the tools with tools: 'run', and fails on the next call when a tool's result changed", async () => {
    const same = countingWeatherTool();
    const result = await agentOn(replayModel(recorded, { tools: 'run' }), same.tool).generate(QUESTION);
    expect(same.calls).toEqual(['Paris']);
    expect(result.text).toBe('It is sunny in Paris.');

    const changed = countingWeatherTool('cloudy');
    const error = await agentOn(replayModel(recorded, { tools: 'run' }), changed.tool)
      .generate(QUESTION)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReplayMismatchError);
    const mismatch = error as ReplayMismatchError;
    expect(mismatch.code).toBe('REPLAY_MISMATCH');
    expect(mismatch.message).toContain('model call 2 of 2 (step 1)');
    expect(mismatch.message).toContain('prompt message 3 (tool)');
    expect(mismatch.message).toContain('cloudy');
    expect(mismatch.message).toContain('a tool returned another result than in the recorded run');
  });

  it('fails a run whose processor changed the system prompt, naming the processor, the message and part, expected and actual', async () => {
    const weather = countingWeatherTool();
    const error = await agentOn(replayModel(recorded), weather.tool, [frenchPrompt])
      .generate(QUESTION)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReplayMismatchError);
    const mismatch = error as ReplayMismatchError;
    expect(mismatch.message).toContain('model call 1 of 2 (step 0)');
    expect(mismatch.message).toContain('prompt message 0 (system)');
    expect(mismatch.message).toContain('expected: "You answer weather questions briefly."');
    expect(mismatch.message).toContain('actual:   "You answer weather questions briefly. Answer in French."');
    expect(mismatch.message).toContain('processor "french-prompt" (processInput)');
    expect(mismatch.details).toMatchObject({
      call: 0,
      stepNumber: 0,
      processorId: 'french-prompt',
      hook: 'processInput',
    });
    // Nothing ran on the way to the mismatch.
    expect(weather.calls).toEqual([]);
  });

  it('ends a streamed run with the mismatch as its error', async () => {
    const output = await agentOn(replayModel(recorded), countingWeatherTool().tool, [frenchPrompt]).stream(
      QUESTION,
    );
    const full = await output.getFullOutput();
    expect(output.status).toBe('failed');
    expect(full.error).toBeInstanceOf(ReplayMismatchError);
    expect(full.error?.message).toContain('processor "french-prompt"');
  });

  it('picks, among several recorded runs, the one whose first request matches, also for concurrent runs', async () => {
    const dir = tempDir();
    const second = await startFakeProviderServer();
    try {
      second.enqueue(fakeText('Hello there.'), fakeText('Bonjour.'));
      const weather = countingWeatherTool();
      const openai = createOpenAI({ baseURL: second.openaiBaseURL, apiKey: 'test' }).chat('gpt-test');
      const agent = agentOn(openai, weather.tool);
      await agent.generate('Say hello.', { recordTo: dir });
      await agent.generate('Say hello in French.', { recordTo: dir });
    } finally {
      await second.close();
    }
    const model = replayModel(dir);
    expect(model.recordings).toHaveLength(2);
    const agent = agentOn(model, countingWeatherTool().tool);
    expect((await agent.generate('Say hello in French.')).text).toBe('Bonjour.');
    expect((await agent.generate('Say hello.')).text).toBe('Hello there.');
    // Runs on one replay model keep their own positions, also side by side.
    const [french, english] = await Promise.all([
      agent.generate('Say hello in French.'),
      agent.generate('Say hello.'),
    ]);
    expect([french.text, english.text]).toEqual(['Bonjour.', 'Hello there.']);
  });

  it('refuses a folder without recordings', () => {
    const error = (() => {
      try {
        replayModel(tempDir());
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(RecordingError);
    expect((error as RecordingError).code).toBe('REPLAY_RECORDING_INVALID');
    expect(existsSync(recorded)).toBe(true);
  });
});
