/**
 * Structured output costs time linear in the answer (README "Behaviour worth knowing"): partial
 * `object` chunks come from an incremental parser that reads each character once, an answer
 * that does not start as JSON is recognised at its first character, and the copies sent as
 * `object` chunks total a constant plus a bounded multiple of the answer's length.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChunkType } from '../stream/index.js';
import { ScriptedModel } from '../test/index.js';
import { PartialJsonParser } from '../util/partial-json.js';
import { Agent } from './agent.js';

const SIZE = 20 * 1024;

function chop(text: string, size = 8): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

const schema = { type: 'object', properties: { items: { type: 'array' } } } as const;

/** JSON.parse calls on text from the answer (module loading parses JSON too). */
function answerParses(parse: { mock: { calls: unknown[][] } }, marker: string): number {
  return parse.mock.calls.filter((call) => String(call[0]).includes(marker)).length;
}

async function runStructured(deltas: string[]): Promise<ChunkType[]> {
  const agent = new Agent({
    id: 'cost',
    instructions: 'x',
    model: new ScriptedModel({ steps: [{ text: deltas }] }),
  });
  const output = await agent.stream('go', {
    structuredOutput: { schema, errorStrategy: 'fallback', fallbackValue: { items: [] } },
  });
  const chunks: ChunkType[] = [];
  for await (const chunk of output.fullStream) chunks.push(chunk);
  return chunks;
}

function jsonAnswer(): string {
  const items: string[] = [];
  for (let i = 0; items.join(',').length < SIZE - 64; i++) {
    items.push(JSON.stringify({ city: `City ${i}`, tempC: i % 30, note: 'a "quoted" [note], {x}' }));
  }
  return `{"items":[${items.join(',')}]}`;
}

describe('structured output stays linear in the answer', () => {
  afterEach(() => vi.restoreAllMocks());

  it('20 KB of prose in 8-character deltas: JSON.parse runs a handful of times, not per delta', async () => {
    const sentence = 'The weather is mild, with rain [maybe], {some} wind, and "quotes", too. ';
    const prose = sentence.repeat(Math.ceil(SIZE / sentence.length)).slice(0, SIZE);
    const parse = vi.spyOn(JSON, 'parse');
    const chunks = await runStructured(chop(prose));
    // Before: every delta re-parsed the whole text and retried JSON.parse per comma/bracket.
    expect(answerParses(parse, 'weather is mild')).toBeLessThan(5);
    expect(chunks.some((c) => c.type === 'object')).toBe(false);
    expect(chunks.filter((c) => c.type === 'text-delta')).toHaveLength(SIZE / 8);
  });

  it('20 KB of JSON in 8-character deltas: object chunks copy at most 64 KB + 10x the answer in total', async () => {
    const answer = jsonAnswer();
    const parse = vi.spyOn(JSON, 'parse');
    const push = vi.spyOn(PartialJsonParser.prototype, 'push');
    const chunks = await runStructured(chop(answer));
    expect(answerParses(parse, 'City ')).toBeLessThan(5);
    // The incremental parser reads each character once (re-feeding the text per delta would not).
    const fed = push.mock.calls.reduce((sum, [piece]) => sum + piece.length, 0);
    expect(fed).toBeLessThanOrEqual(answer.length);
    const objects = chunks.filter((c) => c.type === 'object') as Array<ChunkType & { object: unknown }>;
    const copied = objects.reduce((sum, c) => sum + JSON.stringify(c.object).length, 0);
    // Before: a full copy per delta, about answer × deltas / 2 (≈ 50 MB here).
    expect(copied).toBeLessThan(64 * 1024 + 10 * answer.length);
    expect(objects.length).toBeGreaterThan(10);
    // Partial values grow toward the answer; the final object-result is the whole of it.
    const last = objects.at(-1)?.object as { items: unknown[] };
    expect(last.items.length).toBeGreaterThan(0);
    const result = chunks.find((c) => c.type === 'object-result') as ChunkType & { object: unknown };
    expect(result.object).toEqual(JSON.parse(answer));
  });
});
