import { getSchemaValidator } from './schema-validator.js';
import type { InferSchemaOutput, SchemaInput, SchemaValidationResult } from './types.js';

/**
 * Validate `value` against any {@link SchemaInput}. Resolves to the validated (possibly
 * transformed) value or to every issue with its path; a bad value never rejects. Rejects with
 * `ConfigurationError` only when `schema` is not a schema (or is a JSON Schema Ajv cannot compile).
 */
export async function validateWithSchema<S extends SchemaInput>(
  schema: S,
  value: unknown,
): Promise<SchemaValidationResult<InferSchemaOutput<S>>> {
  const validate = await getSchemaValidator<InferSchemaOutput<S>>(schema);
  return validate(value);
}
