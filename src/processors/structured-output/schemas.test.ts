/**
 * `StructuredOutputProcessor` with every schema kind the repo accepts (zod 4, zod 3, valibot,
 * arktype, JSON Schema), and structuring replies that wrap the JSON in prose.
 */
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod3';
import type { ChunkType } from '../../stream/chunk-types.js';
import { createProcessorHarness, stepFinishChunk } from '../../test/processor-harness.js';
import { ScriptedModel } from '../../test/scripted-model.js';
import { StructuredOutputProcessor } from './index.js';

const objectOf = (chunks: readonly ChunkType[]) =>
  (chunks.find((c) => c.type === 'object-result') as { object?: unknown } | undefined)?.object;

async function structure(schema: unknown, reply: string, extra: Record<string, unknown> = {}) {
  const model = new ScriptedModel({ steps: [reply], modelId: 'structurer' });
  const p = new StructuredOutputProcessor({ schema: schema as never, model, ...extra });
  const h = createProcessorHarness(p);
  const run = await h.processOutputStream(['It is 4°C in Oslo.', stepFinishChunk()]);
  return { object: objectOf(run.chunks), state: h.state as { outcome?: { ok: boolean } } };
}

const JSON_REPLY = '{"city":"Oslo","tempC":4}';
const schemas: Array<[string, unknown]> = [
  ['zod 4', z.object({ city: z.string(), tempC: z.number() })],
  ['zod 3', z3.object({ city: z3.string(), tempC: z3.number() })],
  ['valibot', v.object({ city: v.string(), tempC: v.number() })],
  ['arktype', type({ city: 'string', tempC: 'number' })],
  [
    'JSON Schema',
    {
      type: 'object',
      properties: { city: { type: 'string' }, tempC: { type: 'number' } },
      required: ['city', 'tempC'],
    },
  ],
];

describe('StructuredOutputProcessor schema kinds', () => {
  it.each(schemas)('%s: a matching reply becomes the object; a wrong type is rejected', async (_, schema) => {
    expect((await structure(schema, JSON_REPLY)).object).toEqual({ city: 'Oslo', tempC: 4 });
    const bad = await structure(schema, '{"city":"Oslo","tempC":"four"}', {
      errorStrategy: 'warn',
      logger: { warn() {} },
    });
    expect(bad.object).toBeUndefined();
    expect(bad.state.outcome?.ok).toBe(false);
  });
});

describe('structuring replies with prose around the JSON (jsonPromptInjection models)', () => {
  const schema = schemas[0]?.[1];
  it.each([
    [
      'a lead-in and a fenced block',
      `Sure! Here is the JSON:\n\`\`\`json\n${JSON_REPLY}\n\`\`\`\nLet me know.`,
    ],
    ['a lead-in and bare JSON', `Here is the result: ${JSON_REPLY}`],
    ['a closing remark', `${JSON_REPLY}\n\nThis captures the answer.`],
  ])('%s: the JSON value in it is used', async (_, reply) => {
    expect((await structure(schema, reply, { jsonPromptInjection: true })).object).toEqual({
      city: 'Oslo',
      tempC: 4,
    });
  });

  it('prose with no JSON value is still invalid', async () => {
    const out = await structure(schema, 'I cannot do that {sorry}.', {
      errorStrategy: 'warn',
      logger: { warn() {} },
    });
    expect(out.object).toBeUndefined();
  });
});
