import { detectSchemaKind } from './detect-schema-kind.js';
import { describeValue, schemaNotConvertible } from './schema-errors.js';
import type { JsonSchemaWrapper } from './types.js';

const lazyCache = new WeakMap<object, JsonSchemaWrapper>();

/**
 * Turn a `wrapper` or `lazy-wrapper` schema into the wrapper object. Lazy wrappers (the AI SDK
 * `lazySchema()` shape) are created once and cached.
 */
export function resolveWrapper(schema: unknown, name: string): JsonSchemaWrapper {
  if (typeof schema !== 'function') return schema as JsonSchemaWrapper;
  const cached = lazyCache.get(schema);
  if (cached) return cached;
  let created: unknown;
  try {
    created = (schema as () => unknown)();
  } catch (error) {
    throw schemaNotConvertible(name, 'calling the lazy schema function threw', error);
  }
  if (detectSchemaKind(created) !== 'wrapper') {
    throw schemaNotConvertible(
      name,
      `a function schema must return a jsonSchema()-style object, but it returned ${describeValue(created)}`,
    );
  }
  lazyCache.set(schema, created as JsonSchemaWrapper);
  return created as JsonSchemaWrapper;
}
