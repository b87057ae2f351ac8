import type { SchemaInput } from '../schema/index.js';
import { Tool } from './tool.js';
import type { ToolConfig, ToolResultConstraint } from './tool-config.js';

/**
 * Define a tool. `execute(input, context)` gets `input` typed from a Standard Schema
 * `inputSchema` (zod, valibot, arktype) and validated before it runs; `context` carries the
 * `requestContext`, a `writer` for custom chunks, the `abortSignal` and the calling agent.
 *
 * Config is checked immediately: a missing/empty `id`, a non-string `description`, a non-schema
 * `inputSchema`/`outputSchema` or a non-function `execute` throws `ConfigurationError`
 * (`TOOL_INVALID_CONFIG`). JSON Schemas are computed later, when an agent resolves its tools.
 */
export function createTool<
  TId extends string,
  TIn extends SchemaInput | undefined = undefined,
  TOut extends SchemaInput | undefined = undefined,
  TResult extends ToolResultConstraint<TOut> = ToolResultConstraint<TOut>,
>(config: ToolConfig<TIn, TOut, TResult, TId>): Tool<TIn, TOut, TResult, TId> {
  return new Tool(config);
}
