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
