import type { MastraDBMessage } from '../../messages/types.js';
import type { RequestContext } from '../../request-context/request-context.js';
import { createTool } from '../../tools/create-tool.js';
import type { Tool } from '../../tools/tool.js';
import type { ToolLike } from '../../tools/tool-like.js';
import { LOAD_TOOL_NAME, SEARCH_TOOL_NAME } from './conversation-state.js';
import type { ToolSearchPhase } from './options.js';
import { type ToolSearchHit, ToolSearchIndex } from './search-index.js';

/** What `search_tools` returns. */
export interface SearchToolsResult {
  results: ToolSearchHit[];
  message: string;
}

/** What `load_tool` returns. */
export interface LoadToolResult {
  /** Every requested tool is now loaded (newly or before). */
  success: boolean;
  message: string;
  /** The requested name, when one `toolName` was asked for. */
  toolName?: string;
  /** Newly loaded. */
  loaded?: string[];
  /** Unknown, or hidden by the `filter` option. */
  notFound?: string[];
  alreadyLoaded?: string[];
  /** Tools loaded on this thread after the call. */
  loadedCount?: number;
}

/**
 * Search indexes by what they index (names and descriptions, in order). A step's tools often
 * arrive as a new object holding the same tools (`toolsets`, a processor that copies `tools`),
 * and an unchanged set must not be re-indexed. Holds the last {@link ToolIndexCache.limit} sets.
 */
export class ToolIndexCache {
  static readonly limit = 16;
  readonly #indexes = new Map<string, ToolSearchIndex>();

  /** The index of `entries`, built on the first request for that exact set of names and descriptions. */
  get(entries: readonly (readonly [name: string, description: string])[]): ToolSearchIndex {
    const key = JSON.stringify(entries);
    let index = this.#indexes.get(key);
    if (index) {
      // Most recently used last, so the oldest set is the one dropped.
      this.#indexes.delete(key);
    } else {
      index = new ToolSearchIndex(entries);
      const oldest = this.#indexes.size >= ToolIndexCache.limit ? this.#indexes.keys().next() : undefined;
      if (oldest && !oldest.done) this.#indexes.delete(oldest.value);
    }
    this.#indexes.set(key, index);
    return index;
  }
}

/** A tool catalog with its search index, built (or found in `indexes`) on first search. */
export class ToolCatalog {
  readonly tools: ReadonlyMap<string, ToolLike>;
  readonly #indexes: ToolIndexCache | undefined;
  #index: ToolSearchIndex | undefined;

  constructor(tools: ReadonlyMap<string, ToolLike>, indexes?: ToolIndexCache) {
    this.tools = tools;
    this.#indexes = indexes;
  }

  get index(): ToolSearchIndex {
    if (this.#index) return this.#index;
    const entries = [...this.tools].map(([name, tool]) => [name, describe(tool)] as const);
    this.#index = this.#indexes ? this.#indexes.get(entries) : new ToolSearchIndex(entries);
    return this.#index;
  }
}

/** A tool's description, or `''` when it has none (or a request-dependent one). */
export function describe(tool: ToolLike): string {
  const description = (tool as { description?: unknown }).description;
  return typeof description === 'string' ? description : '';
}

/** What the meta-tools need from the processor. */
export interface MetaToolRuntime {
  readonly topK: number;
  readonly minScore: number;
  readonly autoLoad: boolean;
  /** The `filter` option's verdict (true when there is no filter). */
  allowed(
    name: string,
    tool: ToolLike,
    requestContext: RequestContext,
    phase: ToolSearchPhase,
  ): Promise<boolean>;
  /** Tools loaded so far for this request's thread (or conversation). */
  loaded(requestContext: RequestContext, messages: readonly MastraDBMessage[]): ReadonlySet<string>;
  /** Remember newly loaded tools (in-memory storage; a no-op for context storage). */
  remember(requestContext: RequestContext, names: readonly string[]): void;
}

const SEARCH_INPUT = {
  type: 'object',
  properties: {
    query: { type: 'string', description: 'Keywords for the capability you need, e.g. "weather forecast".' },
  },
  required: ['query'],
  additionalProperties: false,
} as const;

const LOAD_INPUT = {
  type: 'object',
  properties: {
    toolName: { type: 'string', description: 'Name of one tool from search_tools results.' },
    toolNames: { type: 'array', items: { type: 'string' }, description: 'Several tool names at once.' },
  },
  additionalProperties: false,
} as const;

function list(names: readonly string[]): string {
  return names.join(', ');
}

/** Build `search_tools` and `load_tool` over one catalog. */
export function createMetaTools(
  catalog: ToolCatalog,
  runtime: MetaToolRuntime,
): { search: Tool; load: Tool } {
  const search = createTool({
    id: SEARCH_TOOL_NAME,
    description: runtime.autoLoad
      ? 'Search the tool library by keywords. Matching tools become available to call from your next step.'
      : 'Search the tool library by keywords. Returns tool names and descriptions; load one with load_tool to use it.',
    inputSchema: SEARCH_INPUT,
    execute: async (input, context): Promise<SearchToolsResult> => {
      const query = String((input as { query?: unknown }).query ?? '').trim();
      const { requestContext } = context;
      const keep = (name: string) =>
        runtime.allowed(name, catalog.tools.get(name)!, requestContext, 'search');
      const hits = query === '' ? [] : await catalog.index.search(query, keep);
      const results = hits.filter((hit) => hit.score >= runtime.minScore).slice(0, runtime.topK);
      if (results.length === 0) {
        return { results, message: `No tools matched "${query}". Try other keywords.` };
      }
      if (!runtime.autoLoad) {
        return {
          results,
          message: `Found ${results.length} tool(s). Call load_tool with a name to use one; it becomes available from your next step.`,
        };
      }
      const loadable: string[] = [];
      for (const hit of results) {
        if (await runtime.allowed(hit.name, catalog.tools.get(hit.name)!, requestContext, 'load'))
          loadable.push(hit.name);
      }
      runtime.remember(requestContext, loadable);
      return {
        results,
        message: `Found ${results.length} tool(s); ${list(loadable)} can be called from your next step.`,
      };
    },
  });

  const load = createTool({
    id: LOAD_TOOL_NAME,
    description: 'Load tools found with search_tools by name, so they can be called from your next step.',
    inputSchema: LOAD_INPUT,
    execute: async (input, context): Promise<LoadToolResult> => {
      const { toolName, toolNames } = input as { toolName?: unknown; toolNames?: unknown };
      const requested = [
        ...new Set(
          [toolName, ...(Array.isArray(toolNames) ? toolNames : [])].filter(
            (name): name is string => typeof name === 'string' && name !== '',
          ),
        ),
      ];
      const single = typeof toolName === 'string' && toolNames === undefined ? { toolName } : {};
      const before = runtime.loaded(context.requestContext, context.agent?.messages ?? []);
      // Counted now: `before` may be the live set that `remember` adds to.
      const countBefore = before.size;
      if (requested.length === 0) {
        return {
          success: false,
          message: 'Give toolName (or toolNames) with names from search_tools results.',
          loadedCount: countBefore,
        };
      }
      const loaded: string[] = [];
      const alreadyLoaded: string[] = [];
      const notFound: string[] = [];
      for (const name of requested) {
        const tool = catalog.tools.get(name);
        if (!tool || !(await runtime.allowed(name, tool, context.requestContext, 'load')))
          notFound.push(name);
        else if (before.has(name)) alreadyLoaded.push(name);
        else loaded.push(name);
      }
      runtime.remember(context.requestContext, loaded);
      const parts: string[] = [];
      if (loaded.length > 0) parts.push(`Loaded ${list(loaded)}; call it from your next step.`);
      if (alreadyLoaded.length > 0) parts.push(`Already loaded: ${list(alreadyLoaded)}.`);
      if (notFound.length > 0)
        parts.push(`Not found: ${list(notFound)}. Use search_tools to find tool names.`);
      return {
        success: notFound.length === 0,
        message: parts.join(' '),
        ...single,
        loaded,
        notFound,
        alreadyLoaded,
        loadedCount: countBefore + loaded.length,
      };
    },
  });

  return { search, load };
}
