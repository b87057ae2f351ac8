import type { ErrorObject, ValidateFunction } from 'ajv';
import { ConfigurationError } from '../errors/index.js';
import { formatIssuePath, pointerToSegments } from './issue-path.js';
import { SchemaErrorCode } from './schema-errors.js';
import type { JSONSchema7, SchemaIssue, SchemaValidationResult } from './types.js';

type AjvInstance = { compile(schema: object): ValidateFunction };

const compiled = new WeakMap<object, ValidateFunction>();
let draft07: Promise<AjvInstance> | undefined;
let draft2019: Promise<AjvInstance> | undefined;
let draft2020: Promise<AjvInstance> | undefined;

// `allErrors` so the model sees every problem at once; `strict: false` so vendor keywords
// (`nullable`, `x-*`) and unknown formats are ignored; `addUsedSchema: false` so two schemas
// with the same `$id` do not collide in the shared instance.
const OPTIONS = {
  allErrors: true,
  strict: false,
  addUsedSchema: false,
  validateSchema: false,
  logger: false,
} as const;

function ajvFor(schema: JSONSchema7): Promise<AjvInstance> {
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (dialect.includes('2020-12')) {
    draft2020 ??= import('ajv/dist/2020.js').then((m) => new m.Ajv2020(OPTIONS));
    return draft2020;
  }
  if (dialect.includes('2019-09')) {
    draft2019 ??= import('ajv/dist/2019.js').then((m) => new m.Ajv2019(OPTIONS));
    return draft2019;
  }
  draft07 ??= import('ajv').then((m) => new m.Ajv(OPTIONS));
  return draft07;
}

/**
 * A validator for a plain JSON Schema, compiled once per schema object (cached in a `WeakMap`).
 * Throws `ConfigurationError` (`SCHEMA_INVALID`) naming `name` when Ajv cannot compile it.
 */
export async function compileJsonSchema(
  schema: JSONSchema7,
  name = 'schema',
): Promise<(value: unknown) => SchemaValidationResult> {
  let validate = compiled.get(schema);
  if (!validate) {
    const ajv = await ajvFor(schema);
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ConfigurationError(
        SchemaErrorCode.INVALID,
        `${name} is not a valid JSON Schema (${reason}). Fix the schema so that Ajv can compile it.`,
        { cause: error, details: { name } },
      );
    }
    compiled.set(schema, validate);
  }
  const fn = validate;
  return (value) => (fn(value) ? { success: true, value } : { success: false, issues: toIssues(fn.errors) });
}

function toIssues(errors: ErrorObject[] | null | undefined): SchemaIssue[] {
  if (!errors?.length) return [{ path: '', message: 'does not match the schema' }];
  return errors.map((error) => {
    const segments = pointerToSegments(error.instancePath);
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
      return { path: formatIssuePath([...segments, params.missingProperty]), message: 'is required' };
    }
    if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
      return {
        path: formatIssuePath([...segments, params.additionalProperty]),
        message: 'is not allowed (unknown property)',
      };
    }
    return { path: formatIssuePath(segments), message: error.message ?? `fails "${error.keyword}"` };
  });
}
