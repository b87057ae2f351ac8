import { importOptional } from './optional-import.js';
import { schemaConverterMissing, schemaNotConvertible } from './schema-errors.js';
import type { JSONSchema7 } from './types.js';

const PACKAGE = '@valibot/to-json-schema';

/**
 * JSON Schema of a valibot schema via the optional `@valibot/to-json-schema` package (draft-07,
 * input side). A missing package is a `SCHEMA_CONVERTER_MISSING` error naming it.
 */
export async function valibotToJsonSchema(schema: unknown, name: string): Promise<JSONSchema7> {
  const mod = await importOptional(PACKAGE);
  const convert = mod?.toJsonSchema as ((schema: unknown, config: object) => unknown) | undefined;
  if (typeof convert !== 'function') throw schemaConverterMissing(name, 'valibot', PACKAGE);
  try {
    return convert(schema, { target: 'draft-07', typeMode: 'input' }) as JSONSchema7;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw schemaNotConvertible(name, `${PACKAGE} could not describe it (${reason})`, error);
  }
}
