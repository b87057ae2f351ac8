/**
 * Property: whatever malformed parts a provider streams, and whatever value it throws (before or
 * during the stream), a run ends — promptly — with a named error (a SluiceError with a `code`),
 * never with a raw TypeError, an unhandled rejection or a hang. Seeded, so a failure replays.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SluiceError } from '../errors/sluice-error.js';
import type { ChunkType } from '../stream/chunk-types.js';
import { ScriptedModel, type ScriptedStep } from '../test/index.js';
import { seededRandom as prng } from '../test/seeded-random.js';
import { Agent } from './agent.js';

const SEED = 0x5eed16;
/** Seeded cases: SLUICE_PROPERTY_RUNS, or the full 300 with CI set (vitest.config.ts). */
const CASES = inject('propertyRuns') ?? 300;
const CASE_TIMEOUT_MS = 2_000;

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;

/** Values nobody should throw, but someone will. */
function thrownValue(rand: Rand): unknown {
  return pick(rand, [
    () => null,
    () => undefined,
    () => 0,
    () => '',
    () => 'plain string',
    () => Symbol('thrown'),
    () => Object.create(null),
    () => ({
      toString() {
        throw new Error('no string for you');
      },
    }),
    () => ({ message: 42 }),
    () => [],
    () => new Error('ordinary'),
    () => Object.assign(new Error('retryable'), { isRetryable: true }),
    () =>
      new Proxy(
        {},
        {
          get() {
            throw new Error('trap');
          },
        },
      ),
  ])();
}

const GOOD: readonly unknown[] = [
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'fine ' },
  { type: 'text-end', id: 't' },
  { type: 'reasoning-start', id: 'r' },
  { type: 'reasoning-delta', id: 'r', delta: 'hmm' },
  { type: 'response-metadata', id: 'x' },
  // Tolerated: a finish without reason or usage counts as an unknown reason and no tokens.
  { type: 'finish' },
  { type: 'finish', finishReason: null, usage: null },
  { type: 'no-such-part' },
];

/** Parts that break the stream-part contract; every case carries at least one. */
function malformedPart(rand: Rand): unknown {
  return pick(rand, [
    () => null,
    () => undefined,
    () => 42,
    () => 'text',
    () => ({}),
    () => ({ type: 7 }),
    () => ({ type: 'text-delta', id: 't' }),
    () => ({ type: 'text-delta', id: 't', delta: { nested: true } }),
    () => ({ type: 'reasoning-delta', id: 'r' }),
    () => ({ type: 'tool-call', toolCallId: 'c', toolName: 'x', input: { q: 1 } }),
    () => ({ type: 'tool-call', toolCallId: 'c', toolName: 'x', input: null }),
    () => ({ type: 'tool-call', toolCallId: 'c', toolName: 'x', input: 7 }),
    () => ({ type: 'file', mediaType: 'image/png', data: null }),
    () => ({ type: 'error', error: thrownValue(rand) }),
  ])();
}

function malformedStep(rand: Rand): ScriptedStep {
  const parts: unknown[] = [];
  const noise = Math.floor(rand() * 4);
  for (let i = 0; i < noise; i++) parts.push(rand() < 0.5 ? pick(rand, GOOD) : malformedPart(rand));
  parts.splice(Math.floor(rand() * (parts.length + 1)), 0, malformedPart(rand));
  return { parts: parts as LanguageModelV4StreamPart[] };
}

function throwingStep(rand: Rand): ScriptedStep {
  const error = thrownValue(rand);
  if (rand() < 0.4 && error !== undefined) return { throwBeforeStream: error };
  return {
    text: ['a', 'b', 'c'],
    errorAfterChunks: { after: Math.floor(rand() * 5), error, mode: pick(rand, ['part', 'throw'] as const) },
  };
}

/** A readable form of a case, for the failure message. */
function show(value: unknown): string {
  try {
    return JSON.stringify(value, (_, v) =>
      typeof v === 'symbol' ? String(v) : v === undefined ? 'undefined' : v,
    );
  } catch {
    return Object.prototype.toString.call(value);
  }
}

async function runCase(rand: Rand): Promise<{ status: string; error: unknown; step: string }> {
  const step = rand() < 0.6 ? malformedStep(rand) : throwingStep(rand);
  const agent = new Agent({
    id: 'prop',
    instructions: 'x',
    // The same failure on every call, so error processors' retries fail again (bounded).
    model: new ScriptedModel({ steps: () => step }),
    errorProcessorDefaults: rand() < 0.5,
    maxProcessorRetries: 1,
  });
  const output = await agent.stream('hi');
  // Accessors touched and left unawaited must not leave unhandled rejections behind.
  void output.object;
  void output.text;
  const chunks: ChunkType[] = [];
  for await (const chunk of output.fullStream) chunks.push(chunk);
  const full = await output.getFullOutput();
  return { status: output.status, error: full.error, step: show(step) };
}

describe('malformed provider output, property', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  beforeAll(() => void process.on('unhandledRejection', onUnhandled));
  afterAll(() => void process.off('unhandledRejection', onUnhandled));

  it(`${CASES} seeded cases end with a named error, no hang, no unhandled rejection`, async () => {
    const rand = prng(SEED);
    for (let n = 0; n < CASES; n++) {
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        runCase(rand),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`case ${n} (seed ${SEED}) hung`)), CASE_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      const { status, error, step } = outcome;
      expect(status, `case ${n}: ${step}`).toBe('failed');
      expect(SluiceError.isInstance(error), `case ${n}: ${step}: ${String((error as Error)?.stack)}`).toBe(
        true,
      );
      expect(typeof (error as SluiceError).code, `case ${n}: ${step}`).toBe('string');
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  }, 60_000);
});
