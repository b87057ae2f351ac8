/**
 * Real run records for the CLI's tests: a scripted agent run with a tool call, a processor that
 * edits the user's message, a tripwire that asks for a retry, and (on a second run sharing a
 * cache) model calls answered from the response cache. Two runs differ only in what the
 * redacting processor writes, which is what `sluice diff` must find.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { Agent } from '../../agent/index.js';
import { InMemoryServerCache } from '../../cache/index.js';
import { type Processor, ResponseCache } from '../../processors/index.js';
import { ScriptedModel } from '../../test/index.js';
import { createTool } from '../../tools/index.js';
import type { RunRecord } from '../../tracing/run-record.js';

const weather = createTool({
  id: 'weather',
  description: 'Weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, tempC: 21, sky: 'sunny' }),
});

/** Options of {@link sampleRun}. */
interface SampleRunOptions {
  /** What the `redact-phone` processor puts in place of the phone number. Default `[PHONE]`. */
  redaction?: string;
  /** The user's message. */
  prompt?: string;
  /** A response cache shared between runs: the second run's model calls are cache hits. */
  cache?: InMemoryServerCache;
}

/** A response cache to share between two {@link sampleRun}s. */
export function sampleCache(): InMemoryServerCache {
  return new InMemoryServerCache();
}

/** Runs the sample agent once and returns its run record. */
export async function sampleRun(options: SampleRunOptions = {}): Promise<RunRecord> {
  const redaction = options.redaction ?? '[PHONE]';
  const redactPhone = {
    id: 'redact-phone',
    processInput: ({ messages }) => {
      for (const message of messages) {
        for (const part of message.content.parts) {
          if (part.type === 'text') part.text = part.text.split('555-0100').join(redaction);
        }
      }
    },
  } satisfies Processor;
  const celsius = {
    id: 'celsius-guard',
    processOutputStep: async ({ text, toolCalls, abort }) => {
      if ((toolCalls?.length ?? 0) === 0 && !(text ?? '').includes('°C')) {
        abort('Give the temperature in °C.', { retry: true });
      }
    },
  } satisfies Processor;
  const agent = new Agent({
    id: 'sample-agent',
    instructions: 'Answer weather questions with the weather tool.',
    model: new ScriptedModel({
      provider: 'scripted',
      modelId: 'sample-1',
      steps: [
        { toolCalls: [{ toolName: 'weather', args: { city: 'Lisbon' } }] },
        { text: ['Lovely ', 'weather!'] },
        { text: ['It is 21°C ', 'and sunny.'] },
      ],
    }),
    tools: { weather },
    inputProcessors: [
      redactPhone,
      ...(options.cache ? [new ResponseCache({ cache: options.cache, logger: { warn: () => {} } })] : []),
    ],
    outputProcessors: [celsius],
    maxProcessorRetries: 1,
  });
  const result = await agent.generate(options.prompt ?? 'Weather in Lisbon? Call me at 555-0100.', {
    record: true,
  });
  if (!result.record) throw new Error('sampleRun: the agent returned no run record');
  return result.record;
}

/**
 * Records the sample conversation with `recordTo: dir` (a tool call, then the answer) and returns
 * the recording's path. `failWith`: the model refuses the second call with this error, so the
 * run fails and the recording holds the failure.
 */
export async function sampleRecording(dir: string, options: { failWith?: unknown } = {}): Promise<string> {
  const before = new Set(existsSync(dir) ? readdirSync(dir) : []);
  const agent = new Agent({
    id: 'sample-agent',
    instructions: 'Answer weather questions with the weather tool.',
    model: new ScriptedModel({
      provider: 'scripted',
      modelId: 'sample-1',
      steps: [
        { toolCalls: [{ toolName: 'weather', args: { city: 'Lisbon' } }] },
        options.failWith === undefined
          ? { text: 'It is 21°C and sunny.' }
          : { throwBeforeStream: options.failWith },
      ],
    }),
    tools: { weather },
  });
  await agent.generate('Weather in Lisbon?', { recordTo: dir }).catch(() => undefined);
  const written = readdirSync(dir).filter((name) => !before.has(name));
  if (written.length !== 1)
    throw new Error(`sampleRecording: expected one new recording, found ${written.length}`);
  return join(dir, written[0] as string);
}
