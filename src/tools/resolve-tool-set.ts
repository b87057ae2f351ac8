import { describeValue } from '../errors/describe-value.js';
import { ConfigurationError } from '../errors/index.js';
import type { RequestContext } from '../request-context/request-context.js';
import { resolveTool } from './resolve-tool.js';
import { ResolvedToolSet } from './resolved-tool-set.js';
import type { ToolLike } from './tool-like.js';
import type { ResolvedTool } from './types.js';
import { TOOL_INVALID_CONFIG } from './validate-tool-config.js';

/** Options of {@link resolveToolSet}. */
export interface ResolveToolSetOptions {
  /** Passed to AI SDK tools whose `description` is a function (as `{ context: values }`). */
  requestContext?: RequestContext;
}

// Per tool object and name: schemas are converted once even when tools records are rebuilt
// per request. Tools with a function description depend on the request and are not cached.
const cache = new WeakMap<object, Map<string, Promise<ResolvedTool>>>();

/**
 * Resolve a tools record (key = the name the model sees) into a {@link ResolvedToolSet}: each
 * tool's JSON Schema is computed once here, and each gets a never-throwing `execute`. Rejects
 * with `ConfigurationError` for an entry that is not a tool or a schema that cannot be converted.
 * Entries whose value is `undefined` are left out.
 */
export async function resolveToolSet(
  tools: Record<string, ToolLike | undefined> | undefined,
  options: ResolveToolSetOptions = {},
): Promise<ResolvedToolSet> {
  if (tools === undefined || tools === null) return new ResolvedToolSet();
  if (typeof tools !== 'object' || Array.isArray(tools)) {
    throw new ConfigurationError(
      TOOL_INVALID_CONFIG,
      `tools must be a record of tools keyed by name, got ${describeValue(tools)}. ` +
        'Fix: tools: { weather: weatherTool }.',
    );
  }
  // `undefined` entries are skipped, so tools can be included conditionally.
  const entries = Object.entries(tools).filter(([, tool]) => tool !== undefined);
  const resolved = await Promise.all(entries.map(([name, tool]) => cachedResolve(name, tool, options)));
  return new ResolvedToolSet(resolved.map((tool) => [tool.name, tool]));
}

function cachedResolve(name: string, tool: unknown, options: ResolveToolSetOptions): Promise<ResolvedTool> {
  const cacheable =
    typeof tool === 'object' &&
    tool !== null &&
    typeof (tool as { description?: unknown }).description !== 'function';
  if (!cacheable) return resolveTool(name, tool, options.requestContext);
  let byName = cache.get(tool);
  if (!byName) {
    byName = new Map();
    cache.set(tool, byName);
  }
  let pending = byName.get(name);
  if (!pending) {
    pending = resolveTool(name, tool, options.requestContext);
    byName.set(name, pending);
    pending.catch(() => byName.delete(name));
  }
  return pending;
}
