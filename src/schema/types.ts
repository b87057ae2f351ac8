import type { JSONSchema7 } from '@ai-sdk/provider';
import type { StandardSchemaV1 } from '@standard-schema/spec';

export type { JSONSchema7 };

/** Result shape of a {@link JsonSchemaWrapper}'s own `validate` (the AI SDK `ValidationResult`). */
type JsonSchemaWrapperValidation<T> = { success: true; value: T } | { success: false; error: Error };

/**
 * A JSON Schema paired with an optional validator: the shape of the AI SDK `jsonSchema()` /
 * `zodSchema()` helpers (objects marked with `Symbol.for('vercel.ai.schema')`). A plain
 * `{ jsonSchema, validate? }` object is accepted too. Without `validate`, values are checked
 * against `jsonSchema` with Ajv.
 */
export interface JsonSchemaWrapper<T = unknown> {
  /** The JSON Schema sent to the model (may be a promise, as the AI SDK allows). */
  readonly jsonSchema: JSONSchema7 | PromiseLike<JSONSchema7>;
  /** Optional validator returning the typed value. */
  readonly validate?: (
    value: unknown,
  ) => JsonSchemaWrapperValidation<T> | PromiseLike<JsonSchemaWrapperValidation<T>>;
  /** Type carrier used by the AI SDK for inference; `undefined` at runtime. */
  readonly _type?: T;
}

/** A lazily created {@link JsonSchemaWrapper} (the AI SDK `lazySchema()` shape). */
type LazyJsonSchemaWrapper<T = unknown> = () => JsonSchemaWrapper<T>;

/** A JSON Schema written `as const`: every level readonly. Accepted wherever JSON Schema is. */
type ReadonlyJSONSchema7 = DeepReadonly<JSONSchema7>;

type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/**
 * Anything Sluice accepts where a schema is expected (tool input/output, structured output):
 * a Standard Schema (zod 3.24+/4, valibot, arktype, …), an AI SDK `jsonSchema()`-style wrapper
 * (or a lazy one), or a plain JSON Schema (draft-07; 2019-09/2020-12 when `$schema` says so).
 */
export type SchemaInput =
  | StandardSchemaV1
  | JsonSchemaWrapper
  | LazyJsonSchemaWrapper
  | JSONSchema7
  | ReadonlyJSONSchema7;

/** One validation problem. `path` is `''` for the root, else e.g. `items[0].name`. */
export interface SchemaIssue {
  path: string;
  message: string;
}

/** Outcome of {@link validateWithSchema}: the validated (possibly transformed) value, or the issues. */
export type SchemaValidationResult<T = unknown> =
  | { success: true; value: T }
  | { success: false; issues: SchemaIssue[] };

/**
 * The type a schema produces after validation (its *output* type: transforms and defaults
 * applied). `unknown` for plain JSON Schema and for an absent schema.
 */
export type InferSchemaOutput<S> = [S] extends [undefined]
  ? unknown
  : S extends StandardSchemaV1
    ? StandardSchemaV1.InferOutput<S>
    : S extends LazyJsonSchemaWrapper<infer T>
      ? T
      : S extends { readonly _type?: infer T; readonly jsonSchema: unknown }
        ? T
        : unknown;

/**
 * The type a schema accepts before validation (its *input* type). `unknown` for plain JSON
 * Schema and for an absent schema.
 */
export type InferSchemaInput<S> = [S] extends [undefined]
  ? unknown
  : S extends StandardSchemaV1
    ? StandardSchemaV1.InferInput<S>
    : InferSchemaOutput<S>;
