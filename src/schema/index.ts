export { isSchemaInput } from './detect-schema-kind.js';
export { prepareSchema } from './prepare-schema.js';
export { getSchemaValidator, type SchemaValidator } from './schema-validator.js';
export { toJsonSchema } from './to-json-schema.js';
export type {
  InferSchemaInput,
  InferSchemaOutput,
  SchemaInput,
  SchemaIssue,
} from './types.js';
export { validateWithSchema } from './validate-with-schema.js';
