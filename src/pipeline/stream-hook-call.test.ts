/**
 * Stream hooks are called directly and only an awaitable result is awaited (README "Behaviour
 * worth knowing"); a hook's failure is still a `PROCESSOR_HOOK_FAILED` naming the processor
 * whatever form it takes (a synchronous throw, a rejected promise, a thenable that rejects), at
 * the lane's first hook or after an async one, with tracing off and on; a thenable that is not a
 * Promise is awaited like one.
 */
import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../agent/index.js';
import { ProcessorError } from '../errors/index.js';
import type { OutputProcessor, ProcessOutputStreamArgs, Processor } from '../processors/index.js';
import type { ChunkType } from '../stream/index.js';
import { ScriptedModel, streamOnly } from '../test/index.js';

type Hook = NonNullable<Processor['processOutputStream']>;
/** Any result form, as JavaScript callers may return it. */
const hook = (fn: (args: ProcessOutputStreamArgs) => unknown): Hook => fn as unknown as Hook;

const isDelta = (part: ChunkType, text: string) => part.type === 'text-delta' && part.payload.text === text;

const failing: Record<string, Hook> = {
  'a synchronous throw': hook(({ part }) => {
    if (isDelta(part, 'b')) throw new Error('broke');
    return part;
  }),
  'a rejected promise': hook(({ part }) => (isDelta(part, 'b') ? Promise.reject(new Error('broke')) : part)),
  'a thenable that rejects': hook(({ part }) => ({
    // biome-ignore lint/suspicious/noThenProperty: a thenable that is not a Promise is the case under test
    then(resolve: (value: unknown) => void, reject: (error: unknown) => void) {
      if (isDelta(part, 'b')) reject(new Error('broke'));
      else resolve(part);
    },
  })),
};

async function failureOf(processors: OutputProcessor[]): Promise<unknown> {
  const agent = new Agent({
    id: 'hooks',
    instructions: 'test',
    // Streamed, so the hooks see the deltas one by one (generate() would otherwise answer in one go).
    model: streamOnly(new ScriptedModel({ steps: [{ text: ['a', 'b', 'c'] }] })),
    outputProcessors: processors,
  });
  return agent.generate('go').then(
    () => undefined,
    (error: unknown) => error,
  );
}

function checks(): void {
  for (const [form, processOutputStream] of Object.entries(failing)) {
    it(`${form} at the first hook is PROCESSOR_HOOK_FAILED naming the processor`, async () => {
      const error = await failureOf([{ id: 'culprit', processOutputStream }]);
      expect(ProcessorError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'PROCESSOR_HOOK_FAILED' });
      expect((error as Error).message).toContain('"culprit"');
      expect((error as Error).message).toContain('processOutputStream');
    });

    it(`${form} after an async hook is PROCESSOR_HOOK_FAILED naming the processor`, async () => {
      const error = await failureOf([
        { id: 'async-pass', processOutputStream: async ({ part }) => part },
        { id: 'culprit', processOutputStream },
      ]);
      expect(error).toMatchObject({ code: 'PROCESSOR_HOOK_FAILED' });
      expect((error as Error).message).toContain('"culprit"');
    });
  }

  it('a thenable that is not a Promise is awaited, and its value continues down the lane', async () => {
    const seen: string[] = [];
    const agent = new Agent({
      id: 'hooks',
      instructions: 'test',
      model: streamOnly(new ScriptedModel({ steps: [{ text: ['a', 'b'] }] })),
      outputProcessors: [
        {
          id: 'thenable',
          processOutputStream: hook(({ part }) => ({
            // biome-ignore lint/suspicious/noThenProperty: a thenable that is not a Promise is the case under test
            then(resolve: (value: unknown) => void) {
              resolve(
                part.type === 'text-delta'
                  ? { ...part, payload: { ...part.payload, text: part.payload.text.toUpperCase() } }
                  : part,
              );
            },
          })),
        },
        {
          id: 'sees',
          processOutputStream: hook(({ part }) => {
            if (part.type === 'text-delta') seen.push(part.payload.text);
            return part;
          }),
        },
      ],
    });
    const result = await agent.generate('go');
    expect(seen).toEqual(['A', 'B']);
    expect(result.text).toBe('AB');
  });
}

describe('stream hook results, tracing off', () => {
  checks();
});

describe('stream hook results, tracing on', () => {
  const exporter = new InMemorySpanExporter();
  beforeAll(() => {
    trace.setGlobalTracerProvider(
      new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
    );
  });
  afterAll(() => {
    trace.disable();
  });
  checks();

  it('(the hooks above ran under spans, failures recorded as failed)', () => {
    const failed = exporter
      .getFinishedSpans()
      .filter((span) => span.name === 'sluice.processor.processOutputStream')
      .map((span) => span.attributes['sluice.processor.outcome']);
    expect(failed).toContain('failed');
  });
});
