import { describeValue as showValue } from '../errors/describe-value.js';
import { ConfigurationError } from '../errors/index.js';

/** Error codes raised by the schema utilities. */
export const SchemaErrorCode = {
  /** The value is not a schema Sluice understands, or its library cannot describe it as JSON Schema. */
  NOT_CONVERTIBLE: 'SCHEMA_NOT_CONVERTIBLE',
  /** The schema's converter package is not installed (e.g. `@valibot/to-json-schema`). */
  CONVERTER_MISSING: 'SCHEMA_CONVERTER_MISSING',
  /** A JSON Schema that Ajv cannot compile. */
  INVALID: 'SCHEMA_INVALID',
} as const;

const FIX =
  'Pass a Standard Schema (zod, valibot, arktype, …), a plain JSON Schema object, or ' +
  "jsonSchema(<JSON Schema>, { validate }) from '@ai-sdk/provider-utils'.";

/** `SCHEMA_NOT_CONVERTIBLE` for `name`, with the reason and the fix. */
export function schemaNotConvertible(name: string, reason: string, cause?: unknown): ConfigurationError {
  return new ConfigurationError(
    SchemaErrorCode.NOT_CONVERTIBLE,
    `Cannot use ${name} as a schema: ${reason}. ${FIX}`,
    {
      cause,
      details: { name },
    },
  );
}

/** `SCHEMA_CONVERTER_MISSING`: the package that converts this schema kind is not installed. */
export function schemaConverterMissing(
  name: string,
  library: string,
  packageName: string,
): ConfigurationError {
  return new ConfigurationError(
    SchemaErrorCode.CONVERTER_MISSING,
    `Cannot convert ${name} (a ${library} schema) to JSON Schema: the package "${packageName}" is not installed. ` +
      `Run \`npm install ${packageName}\`, or pass a JSON Schema instead.`,
    { details: { name, package: packageName } },
  );
}

/** Describe a value for error messages without dumping it. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') {
    const keys = Object.keys(value).slice(0, 5);
    return keys.length
      ? `an object with keys ${keys.map((k) => showValue(k)).join(', ')}`
      : 'an empty object';
  }
  if (typeof value === 'function') return 'a function';
  return `a ${typeof value} (${showValue(value)})`;
}
