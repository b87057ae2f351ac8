import type { JSONSchema7 } from '@ai-sdk/provider';
import { ConfigurationError } from '../errors/index.js';
import { prepareSchema, type SchemaValidator } from '../schema/index.js';
import { TOOL_INVALID_CONFIG } from './validate-tool-config.js';

/** Input JSON Schema of a tool without `inputSchema`: an object with no arguments. */
const EMPTY_INPUT_SCHEMA: JSONSchema7 = {
  type: 'object',
  properties: {},
  additionalProperties: false,
};

/**
 * Convert and compile a tool's input schema. Providers require tool arguments to be an object,
 * so a schema whose `type` excludes `object` is a `TOOL_INVALID_CONFIG` error at resolve time.
 */
export async function prepareToolInput(
  name: string,
  schema: unknown,
): Promise<{ jsonSchema: JSONSchema7; validate?: SchemaValidator }> {
  if (schema === undefined) return { jsonSchema: EMPTY_INPUT_SCHEMA };
  const prepared = await prepareSchema(schema as never, { name: `tool "${name}" inputSchema` });
  const { type } = prepared.jsonSchema;
  const types = type === undefined ? undefined : Array.isArray(type) ? type : [type];
  if (types && !types.includes('object')) {
    throw new ConfigurationError(
      TOOL_INVALID_CONFIG,
      `Tool "${name}" has an inputSchema of type ${JSON.stringify(type)}, but tool arguments must be an object. ` +
        'Fix: wrap the value in an object schema, e.g. z.object({ value: z.string() }).',
      { details: { toolName: name } },
    );
  }
  return prepared;
}
