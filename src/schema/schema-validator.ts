import type { StandardSchemaV1 } from '@standard-schema/spec';
import { compileJsonSchema } from './ajv-validator.js';
import { detectSchemaKind } from './detect-schema-kind.js';
import { formatIssuePath } from './issue-path.js';
import { resolveWrapper } from './resolve-wrapper.js';
import { describeValue, schemaNotConvertible } from './schema-errors.js';
import type { JsonSchemaWrapper, SchemaIssue, SchemaValidationResult } from './types.js';

/** A bound validator: never throws for bad values, only reports issues. */
export type SchemaValidator<T = unknown> = (value: unknown) => Promise<SchemaValidationResult<T>>;

const cache = new WeakMap<object, Promise<SchemaValidator>>();

/**
 * The validator for `schema`, built once per schema object. Standard Schemas use
 * `~standard.validate`; wrappers use their own `validate` or, without one, Ajv on their JSON
 * Schema; plain JSON Schema uses Ajv. Throws `ConfigurationError` for values that are not schemas.
 */
export function getSchemaValidator<T = unknown>(
  schema: unknown,
  name = 'schema',
): Promise<SchemaValidator<T>> {
  if ((typeof schema !== 'object' && typeof schema !== 'function') || schema === null) {
    return Promise.reject(schemaNotConvertible(name, `it is ${describeValue(schema)}`));
  }
  let pending = cache.get(schema);
  if (!pending) {
    pending = build(schema, name);
    cache.set(schema, pending);
    pending.catch(() => cache.delete(schema));
  }
  return pending as Promise<SchemaValidator<T>>;
}

async function build(schema: object, name: string): Promise<SchemaValidator> {
  const kind = detectSchemaKind(schema);
  switch (kind) {
    case 'standard-json':
    case 'zod4':
    case 'zod3':
    case 'valibot':
    case 'standard':
      return standardValidator(schema as StandardSchemaV1);
    case 'zod3-legacy':
      return legacyZodValidator(schema as LegacyZod);
    case 'wrapper':
    case 'lazy-wrapper':
      return wrapperValidator(resolveWrapper(schema, name), name);
    case 'json-schema':
      return guard(await compileJsonSchema(schema, name));
    default:
      throw schemaNotConvertible(
        name,
        `it is ${describeValue(schema)}, which is not a schema Sluice recognises`,
      );
  }
}

function standardValidator(schema: StandardSchemaV1): SchemaValidator {
  return guard(async (value) => {
    const result = await schema['~standard'].validate(value);
    if (!result.issues) return { success: true, value: result.value };
    return {
      success: false,
      issues: result.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message })),
    };
  });
}

type LegacyZod = {
  safeParseAsync(
    value: unknown,
  ): Promise<
    | { success: true; data: unknown }
    | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } }
  >;
};

function legacyZodValidator(schema: LegacyZod): SchemaValidator {
  return guard(async (value) => {
    const result = await schema.safeParseAsync(value);
    if (result.success) return { success: true, value: result.data };
    return {
      success: false,
      issues: result.error.issues.map((issue) => ({
        path: formatIssuePath(issue.path),
        message: issue.message,
      })),
    };
  });
}

async function wrapperValidator(wrapper: JsonSchemaWrapper, name: string): Promise<SchemaValidator> {
  const { validate } = wrapper;
  if (typeof validate !== 'function') return guard(await compileJsonSchema(await wrapper.jsonSchema, name));
  return guard(async (value) => {
    const result = await validate(value);
    if (result.success) return { success: true, value: result.value };
    return { success: false, issues: issuesFromError(result.error) };
  });
}

// AI SDK validators report one Error; keep structured issues when the error carries them
// (a zod error directly, or as the `cause` of the AI SDK's TypeValidationError).
function issuesFromError(error: unknown): SchemaIssue[] {
  for (const candidate of [error, (error as { cause?: unknown } | undefined)?.cause]) {
    const issues = (candidate as { issues?: unknown } | undefined)?.issues;
    if (Array.isArray(issues) && issues.length > 0 && issues.every((i) => typeof i?.message === 'string')) {
      return issues.map((i: { path?: PropertyKey[]; message: string }) => ({
        path: formatIssuePath(i.path),
        message: i.message,
      }));
    }
  }
  return [{ path: '', message: error instanceof Error ? error.message : String(error) }];
}

// A validator that throws (a throwing zod `.transform`, a buggy custom validator) reports an
// issue instead, so callers only ever see results.
function guard(
  validate: (value: unknown) => SchemaValidationResult | Promise<SchemaValidationResult>,
): SchemaValidator {
  return async (value) => {
    try {
      return await validate(value);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { success: false, issues: [{ path: '', message: `validation threw: ${message}` }] };
    }
  };
}
