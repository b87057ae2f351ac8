export { detectSchemaKind, isSchemaInput, type SchemaKind } from './detect-schema-kind.js';
export { formatIssuePath } from './issue-path.js';
export { type PreparedSchema, prepareSchema } from './prepare-schema.js';
export { SchemaErrorCode } from './schema-errors.js';
export { getSchemaValidator, type SchemaValidator } from './schema-validator.js';
export { type ToJsonSchemaOptions, toJsonSchema } from './to-json-schema.js';
export type {
  InferSchemaInput,
  InferSchemaOutput,
  JSONSchema7,
  JsonSchemaWrapper,
  JsonSchemaWrapperValidation,
  LazyJsonSchemaWrapper,
  ReadonlyJSONSchema7,
  SchemaInput,
  SchemaIssue,
  SchemaValidationResult,
} from './types.js';
export { validateWithSchema } from './validate-with-schema.js';
