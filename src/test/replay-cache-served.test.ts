/**
 * Answers a response cache served are recorded (`recordTo`), marked `cacheServed`: a recording
 * made with a warm cache replays with a cold cache (the replay model answers what the cache
 * served) and with a warm one (the cache answers again and the replay passes over its calls).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Agent } from '../agent/index.js';
import { InMemoryServerCache } from '../cache/index.js';
import { ResponseCache } from '../processors/index.js';
import type { RunRecording } from '../tracing/recording-format.js';
import { replayModel } from './replay-model.js';
import { scriptedModelV2 } from './scripted-model.js';
import { countingWeatherTool } from './testing/weather-tool.js';

const QUESTION = 'What is the weather in Oslo?';

function agentOn(
  model: unknown,
  cache: InMemoryServerCache | undefined,
  tool = countingWeatherTool('snow').tool,
) {
  return new Agent({
    id: 'forecaster',
    instructions: 'You answer weather questions briefly.',
    model: model as never,
    tools: { weather: tool },
    // A scope: steps that call tools are served from the cache too.
    inputProcessors: cache ? [new ResponseCache({ cache, scope: 'tests', logger: { warn: () => {} } })] : [],
  });
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-replay-cache-'));
  made.push(dir);
  return dir;
}
function only(dir: string): RunRecording {
  const files = readdirSync(dir);
  expect(files).toHaveLength(1);
  return JSON.parse(readFileSync(join(dir, files[0] as string), 'utf8')) as RunRecording;
}

describe('recordTo and cache-served answers', () => {
  it('records them marked cacheServed, and they replay with a cold cache and with a warm one', async () => {
    const warm = new InMemoryServerCache();
    // One step only: a second model call would fail, so the recorded run is served by the cache.
    // Spec V2, like the replay model: the cache's key includes the spec version.
    const live = scriptedModelV2({ provider: 'scripted', modelId: 'cached', steps: ['Snow in Oslo.'] });
    const first = await agentOn(live, warm).generate(QUESTION);
    expect(first.text).toBe('Snow in Oslo.');
    const dir = tempDir();
    const cachedRun = await agentOn(live, warm).generate(QUESTION, { recordTo: dir });
    expect(cachedRun.text).toBe('Snow in Oslo.');
    expect(live.calls).toHaveLength(1);
    const recording = only(dir);
    expect(recording.status).toBe('success');
    expect(recording.calls.map((c) => c.cacheServed)).toEqual([true]);
    expect(recording.calls[0]?.response.at(-1)).toMatchObject({ type: 'finish' });

    // A cold cache: the cache misses, the replay model answers what the cache served.
    const fromCold = await agentOn(replayModel(dir), new InMemoryServerCache()).generate(QUESTION);
    expect(fromCold.text).toBe('Snow in Oslo.');
    // No cache at all: the same.
    expect((await agentOn(replayModel(dir), undefined).generate(QUESTION)).text).toBe('Snow in Oslo.');

    // The warm cache: it answers again; the replay passes over its calls and the run ends the same.
    const again = tempDir();
    const fromWarm = await agentOn(replayModel(dir), warm).generate(QUESTION, { recordTo: again });
    expect(fromWarm.text).toBe('Snow in Oslo.');
    const copy = only(again).calls;
    expect(copy.map((c) => [c.digest, c.cacheServed])).toEqual(recording.calls.map((c) => [c.digest, true]));
    expect(live.calls).toHaveLength(1);
  });

  it('a run whose first step the cache served and whose second the model answered replays in step, warm or cold', async () => {
    const toolStep = { toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' } }] };
    // Spec V2 models, like the replay model: the cache's key includes the spec version.
    /** A cache holding the tool-calling first step only (a one-step run wrote it). */
    const warmCache = async () => {
      const cache = new InMemoryServerCache();
      const model = scriptedModelV2({ provider: 'scripted', modelId: 'half-cached', steps: [toolStep] });
      await agentOn(model, cache).generate(QUESTION, { maxSteps: 1 });
      return cache;
    };
    const live = scriptedModelV2({ provider: 'scripted', modelId: 'half-cached', steps: ['Snow in Oslo.'] });
    const dir = tempDir();
    const recordedRun = await agentOn(live, await warmCache()).generate(QUESTION, { recordTo: dir });
    // Step 0 came from the cache, step 1 from the model.
    expect(live.calls).toHaveLength(1);
    expect(recordedRun.text).toBe('Snow in Oslo.');
    const recording = only(dir);
    expect(recording.calls.map((c) => c.cacheServed)).toEqual([true, undefined]);
    expect(recording.calls[0]?.toolResults).toEqual([
      expect.objectContaining({ toolName: 'weather', result: { city: 'Oslo', forecast: 'snow' } }),
    ]);
    // Warm: the cache answers step 0 again, the replay passes over that call and answers step 1.
    const fromWarm = await agentOn(replayModel(dir), await warmCache()).generate(QUESTION);
    expect(fromWarm.text).toBe('Snow in Oslo.');
    expect(fromWarm.steps[0]?.toolCalls).toHaveLength(1);
    // Cold: the replay answers both, the tool's result replayed from the recording.
    const cold = countingWeatherTool('snow');
    const fromCold = await agentOn(replayModel(dir), new InMemoryServerCache(), cold.tool).generate(QUESTION);
    expect(fromCold.text).toBe('Snow in Oslo.');
    expect(cold.calls).toEqual([]);
    expect(live.calls).toHaveLength(1);
  });
});
