import { importOptional } from './optional-import.js';
import { schemaConverterMissing, schemaNotConvertible } from './schema-errors.js';
import type { JSONSchema7 } from './types.js';

type Converter = (schema: unknown, options: Record<string, unknown>) => unknown;

/**
 * JSON Schema of a zod 4 schema whose version predates Standard JSON Schema (zod < 4.2).
 * Uses `toJSONSchema` from the installed `zod/v4/core` (falling back to `zod/v4`), describing the
 * schema's input side as draft-07. Both subpaths exist in zod 4 and in zod 3.25, whose root
 * export is the v3 API.
 */
export async function zod4ToJsonSchema(schema: unknown, name: string): Promise<JSONSchema7> {
  const core = await importOptional('zod/v4/core');
  let convert = core?.toJSONSchema as Converter | undefined;
  if (typeof convert !== 'function') {
    const zod = await importOptional('zod/v4');
    convert = (zod?.toJSONSchema ?? (zod?.z as Record<string, unknown> | undefined)?.toJSONSchema) as
      | Converter
      | undefined;
  }
  if (typeof convert !== 'function') throw schemaConverterMissing(name, 'zod 4', 'zod');
  try {
    return convert(schema, { target: 'draft-7', io: 'input' }) as JSONSchema7;
  } catch (error) {
    throw schemaNotConvertible(name, `zod could not describe it as JSON Schema (${messageOf(error)})`, error);
  }
}

/** JSON Schema of a zod 3 schema, via `zod-to-json-schema` (no `$ref`s, input side). */
export async function zod3ToJsonSchema(schema: unknown, name: string): Promise<JSONSchema7> {
  const mod = await importOptional('zod-to-json-schema');
  const convert = (mod?.zodToJsonSchema ?? mod?.default) as Converter | undefined;
  if (typeof convert !== 'function') {
    // zod-to-json-schema is a Sluice dependency; it is only missing when zod itself is < 3.25
    // (it imports `zod/v3`, which older zod releases do not have).
    throw schemaConverterMissing(name, 'zod 3 (needs zod >= 3.25)', 'zod-to-json-schema');
  }
  try {
    return convert(schema, {
      target: 'jsonSchema7',
      $refStrategy: 'none',
      pipeStrategy: 'input',
      effectStrategy: 'input',
    }) as JSONSchema7;
  } catch (error) {
    throw schemaNotConvertible(name, `zod-to-json-schema failed (${messageOf(error)})`, error);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
