import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';

vi.mock('./optional-import.js', () => ({ importOptional: async () => undefined }));

const { toJsonSchema } = await import('./to-json-schema.js');

describe('valibot without @valibot/to-json-schema installed', () => {
  it('fails with SCHEMA_CONVERTER_MISSING naming the package and the schema', async () => {
    const error = await toJsonSchema(v.object({ a: v.string() }), { name: 'tool "x" inputSchema' }).catch(
      (e) => e,
    );
    expect(error.name).toBe('ConfigurationError');
    expect(error.code).toBe('SCHEMA_CONVERTER_MISSING');
    expect(error.message).toContain('@valibot/to-json-schema');
    expect(error.message).toContain('npm install @valibot/to-json-schema');
    expect(error.message).toContain('tool "x" inputSchema');
  });
});
