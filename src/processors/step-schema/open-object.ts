import { z } from 'zod/v4';

/**
 * A zod object that accepts and keeps unknown keys at runtime (`z.looseObject`), typed as a
 * plain object schema.
 *
 * Why the cast: `z.looseObject` infers an index signature (`[k: string]: unknown`), and
 * TypeScript never treats an `interface` as assignable to one, so a `MastraDBMessage` (or a
 * `ToolCallInfo`) could not be assigned to the inferred type. TypeScript object types are open
 * anyway, so the plain shape describes the runtime behaviour faithfully. Schemas derived from
 * these (`.extend()`, `.pick()`) stay loose at runtime.
 */
export function openObject<S extends z.core.$ZodShape>(shape: S): z.ZodObject<S, z.core.$strip> {
  return z.looseObject(shape) as unknown as z.ZodObject<S, z.core.$strip>;
}

// The two helpers below keep the emitted declarations (`dist/**/*.d.ts`) within what every
// supported zod declares: zod 3.25's `zod/v4` has no `ZodInstanceOf` and gives
// `ZodDiscriminatedUnion` one type argument (later zod 4 releases give it two). A project on
// zod 3.25 compiling with `skipLibCheck: false` would otherwise fail on Sluice's declarations.

/** `z.instanceof(cls)`, typed as the `ZodCustom` every zod 4 API declares. */
export function instanceOf<T>(cls: abstract new (...args: never[]) => T): z.ZodCustom<T, T> {
  return z.custom<T>((value) => value instanceof cls, { error: `Input not instance of ${cls.name}` });
}

/**
 * `z.discriminatedUnion(key, options)`, typed as the `ZodUnion` it extends (same runtime
 * schema, same inferred type).
 */
export function taggedUnion<
  const T extends readonly [z.core.$ZodTypeDiscriminable, ...z.core.$ZodTypeDiscriminable[]],
>(key: string, options: T): z.ZodUnion<T> {
  return z.discriminatedUnion(key, options);
}
