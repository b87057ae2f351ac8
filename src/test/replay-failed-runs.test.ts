/**
 * Failed and aborted runs are recorded (`recordTo`, format version 2): the file holds the run's
 * error (name, code, message; no stack) and every call up to the failure, and `replayModel`
 * replays the calls it holds, then fails the same way, naming the recording. Version 1 files
 * (written before failures were recorded) still replay.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError } from '@ai-sdk/provider';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Agent } from '../agent/index.js';
import { ProviderCallError, ReplayedFailureError, SluiceError } from '../errors/index.js';
import type { Processor } from '../processors/index.js';
import { createTool } from '../tools/index.js';
import type { RunRecording } from '../tracing/recording-format.js';
import { fakeHttpError, fakeToolCall, startFakeProviderServer } from './index.js';
import { replayModel } from './replay-model.js';
import { ScriptedModel } from './scripted-model.js';
import { countingWeatherTool } from './testing/weather-tool.js';

const QUESTION = 'What is the weather in Oslo?';

function agentOn(
  model: unknown,
  tool = countingWeatherTool('snow').tool,
  outputProcessors: Processor[] = [],
) {
  return new Agent({
    id: 'forecaster',
    instructions: 'You answer weather questions briefly.',
    model: model as never,
    tools: { weather: tool },
    outputProcessors,
  });
}

const made: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-replay-failed-'));
  made.push(dir);
  return dir;
}

/** The one recording in `dir`, parsed, and its file name. */
function only(dir: string): { name: string; text: string; recording: RunRecording } {
  const files = readdirSync(dir);
  expect(files).toHaveLength(1);
  const name = files[0] as string;
  const text = readFileSync(join(dir, name), 'utf8');
  return { name, text, recording: JSON.parse(text) as RunRecording };
}

/** A folder holding the run that called the tool, then got HTTP 400 from the provider. */
let refused: string;
let refusedError: unknown;
let refusedToolRuns: string[];

beforeAll(async () => {
  const server = await startFakeProviderServer();
  try {
    server.enqueue(
      fakeToolCall('weather', { city: 'Oslo' }),
      fakeHttpError(400, { message: 'This model does not support that option.' }),
    );
    refused = tempDir();
    const weather = countingWeatherTool('snow');
    const openai = createOpenAI({ baseURL: server.openaiBaseURL, apiKey: 'sk-secret-test-key' }).chat(
      'gpt-test',
    );
    refusedError = await agentOn(openai, weather.tool)
      .generate(QUESTION, { recordTo: refused })
      .catch((e: unknown) => e);
    refusedToolRuns = weather.calls;
  } finally {
    await server.close();
  }
});

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('recordTo records failed runs', () => {
  it('a provider refusal: the run’s error, the calls before it, and the refused call with its error', () => {
    expect(ProviderCallError.isInstance(refusedError)).toBe(true);
    expect(refusedToolRuns).toEqual(['Oslo']);
    const { name, text, recording } = only(refused);
    expect(name).toMatch(/\.sluice-run\.json$/);
    expect(recording).toMatchObject({
      format: 'sluice-run-recording',
      version: 2,
      status: 'failed',
      error: {
        name: 'ProviderCallError',
        code: 'PROVIDER_CALL_FAILED',
        message: (refusedError as Error).message,
      },
    });
    expect(recording.calls).toHaveLength(2);
    const [first, second] = recording.calls;
    expect(first?.failure).toBeUndefined();
    expect(first?.toolResults).toEqual([
      {
        toolCallId: expect.any(String),
        toolName: 'weather',
        args: { city: 'Oslo' },
        result: { city: 'Oslo', forecast: 'snow' },
      },
    ]);
    expect(second).toMatchObject({
      stepNumber: 1,
      response: [],
      failure: {
        during: 'request',
        aborted: false,
        error: {
          statusCode: 400,
          retryable: false,
          message: expect.stringContaining('does not support that option'),
        },
      },
    });
    expect(second?.digest).toMatch(/^[0-9a-f]{64}$/);
    // No stack, no headers (the API key), nothing but the fields named above.
    expect(text).not.toContain('sk-secret-test-key');
    expect(text).not.toMatch(/"stack"|\n\s+at /);
    expect(Object.keys(second?.failure?.error ?? {}).sort()).toEqual([
      'message',
      'name',
      'retryable',
      'statusCode',
    ]);
  });

  it('replays the calls it holds, then fails the same way: a provider failure naming the recording and the recorded error', async () => {
    const weather = countingWeatherTool('snow');
    const error = await agentOn(replayModel(refused), weather.tool)
      .generate(QUESTION)
      .catch((e: unknown) => e);
    // The tool's recorded result was used: the replay needed no tool and no provider.
    expect(weather.calls).toEqual([]);
    expect(ProviderCallError.isInstance(error)).toBe(true);
    expect((error as ProviderCallError).isRetryable).toBe(false);
    const cause = (error as Error).cause;
    expect(ReplayedFailureError.isReplayedFailure(cause)).toBe(true);
    const replayed = cause as ReplayedFailureError;
    const { name } = only(refused);
    expect(replayed.message).toContain(
      `model call 2 of 2 (step 1) of recording ${name} failed when it was recorded`,
    );
    expect(replayed.message).toContain('(HTTP 400)');
    expect(replayed.message).toContain('does not support that option');
    expect(replayed.details).toMatchObject({
      file: name,
      call: 1,
      stepNumber: 1,
      recorded: { statusCode: 400 },
    });
    expect((error as Error).message).toContain('(HTTP 400)');
    // Recorded as an AI SDK APICallError, replayed as one: code that recognises it still does.
    expect(APICallError.isInstance(cause)).toBe(true);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as ProviderCallError).statusCode).toBe(400);
  });

  it('a recorded error from a hostile file cannot hide or reorder text in the replayed failure: control and bidirectional characters are escaped', async () => {
    const dir = tempDir();
    const { name, recording } = only(refused);
    const failure = recording.calls[1]?.failure;
    if (failure === undefined) throw new Error('the refused call has no failure');
    failure.error.name = 'AI_APICallError\u202e';
    failure.error.message = 'looks fine\u001b[2K\u202etxt.exe\u009b';
    writeFileSync(join(dir, name), JSON.stringify(recording));
    const error = await agentOn(replayModel(dir))
      .generate(QUESTION)
      .catch((e: unknown) => e);
    const replayed = (error as Error).cause as ReplayedFailureError;
    expect(ReplayedFailureError.isReplayedFailure(replayed)).toBe(true);
    for (const message of [replayed.message, (error as Error).message]) {
      expect(message).toContain('looks fine\\u001b[2K\\u202etxt.exe\\u009b');
      for (const raw of ['\u001b', '\u202e', '\u009b']) expect(message.includes(raw)).toBe(false);
    }
  });

  it('a replayed failed run recorded again gives the same calls and the same failure', async () => {
    const again = tempDir();
    await agentOn(replayModel(refused))
      .generate(QUESTION, { recordTo: again })
      .catch(() => undefined);
    const original = only(refused).recording;
    const copy = only(again).recording;
    expect(copy.status).toBe('failed');
    expect(copy.calls.map((c) => c.digest)).toEqual(original.calls.map((c) => c.digest));
    expect(copy.calls.map((c) => c.failure)).toEqual(original.calls.map((c) => c.failure));
    expect(copy.calls.map((c) => c.toolResults)).toEqual(original.calls.map((c) => c.toolResults));
  });

  it('an answer that breaks off mid-stream and is retried: the replay breaks off at the same part, retries, and ends the same', async () => {
    const dir = tempDir();
    const flaky = new ScriptedModel({
      provider: 'scripted',
      modelId: 'flaky',
      steps: [
        {
          text: ['Snow ', 'in ', 'Oslo.'],
          errorAfterChunks: { after: 4, error: new Error('socket hang up'), mode: 'throw' },
        },
        'Snow in Oslo, again.',
      ],
    });
    /** The streamed text deltas and the final text of a streamed run. */
    const read = async (output: Awaited<ReturnType<Agent['stream']>>) => {
      const deltas: string[] = [];
      for await (const chunk of output.fullStream) {
        if (chunk.type === 'text-delta') deltas.push(chunk.payload.text);
      }
      return { deltas, text: (await output.getFullOutput()).text };
    };
    // Streamed: in this mode the scripted model's doGenerate fails before answering.
    const live = await read(await agentOn(flaky).stream(QUESTION, { recordTo: dir }));
    expect(live.text).toBe('Snow in Oslo, again.');
    const { recording } = only(dir);
    expect(recording.status).toBe('success');
    expect(recording.calls).toHaveLength(2);
    const [broken, retried] = recording.calls;
    expect(broken?.response.length).toBe(4);
    expect(broken?.failure).toEqual({
      during: 'stream',
      aborted: false,
      error: { name: 'Error', message: 'socket hang up' },
    });
    expect(retried?.failure).toBeUndefined();
    // The replay errors the first answer after the same parts, so the run retries as it did.
    const again = tempDir();
    const replayed = await read(await agentOn(replayModel(dir)).stream(QUESTION, { recordTo: again }));
    expect(replayed).toEqual(live);
    const copy = only(again).recording;
    expect(copy.calls.map((c) => c.failure)).toEqual(recording.calls.map((c) => c.failure));
    expect(copy.calls.map((c) => c.response.length)).toEqual([4, retried?.response.length]);
  });

  it('an aborted run: the cut-off call is marked aborted, and a replay stops there with ReplayedFailureError', async () => {
    const dir = tempDir();
    const controller = new AbortController();
    // The abort comes while the model is answering, however slow the machine.
    const slow = new ScriptedModel({
      provider: 'scripted',
      modelId: 'slow',
      steps: () => {
        setTimeout(() => controller.abort(), 20);
        return { text: ['a', 'b', 'c', 'd'], delayMs: 5_000 };
      },
    });
    await agentOn(slow)
      .generate(QUESTION, { recordTo: dir, abortSignal: controller.signal })
      .catch(() => undefined);
    const { name, recording } = only(dir);
    expect(recording.status).toBe('aborted');
    expect(recording.calls).toHaveLength(1);
    expect(recording.calls[0]?.failure).toMatchObject({ aborted: true });
    const error = await agentOn(replayModel(dir))
      .generate(QUESTION)
      .catch((e: unknown) => e);
    expect(ReplayedFailureError.isReplayedFailure(error)).toBe(true);
    expect((error as ReplayedFailureError).aborted).toBe(true);
    expect((error as Error).message).toBe(
      `Replayed failure: the recorded run was aborted during model call 1 of 1 (step 0) of recording ${name}. A replay cannot go past where the recorded run stopped: record the run again without aborting it.`,
    );
  });

  it('a processor that fails the run after every call completed: the complete calls and the error; fixed, the replay succeeds', async () => {
    const dir = tempDir();
    const failing: Processor = {
      id: 'failing-at-the-end',
      processOutputResult: () => {
        throw new Error('broken on purpose');
      },
    };
    const model = new ScriptedModel({ provider: 'scripted', modelId: 'ok', steps: ['Snow in Oslo.'] });
    await expect(agentOn(model, undefined, [failing]).generate(QUESTION, { recordTo: dir })).rejects.toThrow(
      'broken on purpose',
    );
    const { recording } = only(dir);
    expect(recording.status).toBe('failed');
    expect(recording.error?.message).toContain('broken on purpose');
    expect(recording.calls.map((c) => c.failure)).toEqual([undefined]);
    const fixed = await agentOn(replayModel(dir)).generate(QUESTION);
    expect(fixed.text).toBe('Snow in Oslo.');
  });

  it('a run a processor ended on a tool’s output keeps that step’s tool outcomes', async () => {
    const dir = tempDir();
    const progress = createTool({
      id: 'weather',
      description: 'Weather for a city, with progress',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }, context) => {
        await context?.writer?.write({ pct: 50 }).catch(() => undefined);
        return { city, forecast: 'snow' };
      },
    });
    const guard: Processor = {
      id: 'guard',
      processOutputStream: async ({ part, abort }) => {
        if (part.type === 'tool-output') abort('blocked progress');
        return part;
      },
    };
    const model = new ScriptedModel({
      provider: 'scripted',
      modelId: 'tools',
      steps: [{ toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' } }] }, 'Snow.'],
    });
    const result = await agentOn(model, progress, [guard]).generate(QUESTION, { recordTo: dir });
    expect(result.tripwire).toMatchObject({ reason: 'blocked progress' });
    const { recording } = only(dir);
    expect(recording.status).toBe('tripwire');
    expect(recording.calls).toHaveLength(1);
    expect(recording.calls[0]?.toolResults).toEqual([
      expect.objectContaining({ toolName: 'weather', result: { city: 'Oslo', forecast: 'snow' } }),
    ]);
  });

  it('a failed run whose recording cannot be written keeps its own error; the lost recording is a warning', async () => {
    const dir = tempDir();
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, 'a file where the folder should be');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const error = await agentOn(replayModel(refused))
        .generate(QUESTION, { recordTo: join(blocker, 'recordings') })
        .catch((e: unknown) => e);
      expect(ProviderCallError.isInstance(error)).toBe(true);
      expect(SluiceError.hasCode(error, 'RECORDING_WRITE_FAILED')).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain(join(blocker, 'recordings'));
    } finally {
      warn.mockRestore();
    }
    expect(readdirSync(dir)).toEqual(['not-a-folder']);
  });
});

describe('recording versions', () => {
  it('a version 1 recording (written before failures were recorded) still replays', async () => {
    const dir = tempDir();
    const model = new ScriptedModel({
      provider: 'scripted',
      modelId: 'ok',
      steps: [{ toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' } }] }, 'Snow in Oslo.'],
    });
    await agentOn(model).generate(QUESTION, { recordTo: dir });
    const { name, recording } = only(dir);
    // A version 1 file is exactly this: no failure fields, status success or tripwire.
    const v1 = { ...recording, version: 1 };
    expect(JSON.stringify(v1)).not.toContain('failure');
    writeFileSync(join(dir, name), JSON.stringify(v1));
    const weather = countingWeatherTool('snow');
    const replayed = await agentOn(replayModel(dir), weather.tool).generate(QUESTION);
    expect(replayed.text).toBe('Snow in Oslo.');
    expect(weather.calls).toEqual([]);
  });

  it('an unknown version or a malformed failure is refused, naming the file', () => {
    const dir = tempDir();
    const file = join(dir, '1-x.sluice-run.json');
    const base = {
      format: 'sluice-run-recording',
      agentId: 'a',
      runId: 'x',
      startedAt: '',
      status: 'failed',
    };
    writeFileSync(file, JSON.stringify({ ...base, version: 3, calls: [] }));
    expect(() => replayModel(dir)).toThrow(/has recording version 3; this Sluice reads versions 1 and 2/);
    writeFileSync(
      file,
      JSON.stringify({
        ...base,
        version: 2,
        calls: [{ digest: 'd', response: [], failure: { during: 'later' } }],
      }),
    );
    expect(() => replayModel(dir)).toThrow(`replayModel: ${file} has a malformed call 0`);
    writeFileSync(file, JSON.stringify({ ...base, version: 2, error: { name: 7 }, calls: [] }));
    expect(() => replayModel(dir)).toThrow(`replayModel: ${file} has a malformed "error"`);
  });
});
