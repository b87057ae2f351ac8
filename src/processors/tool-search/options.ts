import { describeValue } from '../../errors/describe-value.js';
import type { RequestContext } from '../../request-context/request-context.js';
import { classifyToolLike, type ToolLike } from '../../tools/tool-like.js';
import { invalidOptionFor } from '../option-errors.js';
import { LOAD_TOOL_NAME, SEARCH_TOOL_NAME } from './conversation-state.js';

/** Where a tool is being considered when `filter` is asked. */
export type ToolSearchPhase = 'search' | 'load' | 'active';

/** Arguments of the `filter` option. */
export interface ToolSearchFilterArgs {
  toolName: string;
  tool: ToolLike;
  requestContext?: RequestContext;
  /** `'search'`: may it appear in results or the catalog; `'load'`: may it be loaded; `'active'`: may a loaded tool be sent this step. */
  phase: ToolSearchPhase;
}

/** Options of `ToolSearchProcessor`. */
export interface ToolSearchProcessorOptions {
  /** The searchable, loadable catalog, keyed by the name the model sees. Not exposed until loaded. */
  tools: Record<string, ToolLike>;
  /**
   * Also index the tools the agent resolved for the request (the step's `tools`); they are then
   * withheld until loaded, like the catalog. Default `false`: the agent's own tools stay exposed.
   */
  includeResolvedTools?: boolean;
  /** List the catalog (`name: description`, one a line) in a system message. Default `false`. */
  injectCatalog?: boolean;
  search?: {
    /** Most results `search_tools` returns. Default `5`. */
    topK?: number;
    /** Lowest relative score (0–1, the best match is 1) a result needs. Default `0`. */
    minScore?: number;
    /** Activate search results immediately (from the next step); `load_tool` is not offered. Default `false`. */
    autoLoad?: boolean;
  };
  /**
   * Where loaded tools are remembered: `'in-memory'` (default) — per thread in this process;
   * `'context'` — derived from the `search_tools`/`load_tool` results still in the conversation.
   */
  storage?: 'in-memory' | 'context';
  /** In-memory state: forget a thread unused for this many ms. `0` never forgets. Default 3 600 000 (1 h). */
  ttl?: number;
  /** Hide or block tools per request and phase; `false` hides. */
  filter?: (args: ToolSearchFilterArgs) => boolean | Promise<boolean>;
}

/** Options with every default filled in. */
export interface ResolvedToolSearchOptions {
  tools: ReadonlyMap<string, ToolLike>;
  includeResolvedTools: boolean;
  injectCatalog: boolean;
  topK: number;
  minScore: number;
  autoLoad: boolean;
  storage: 'in-memory' | 'context';
  ttl: number;
  filter: ToolSearchProcessorOptions['filter'];
}

/** Default `ttl`: one hour. */
export const DEFAULT_TOOL_SEARCH_TTL_MS = 3_600_000;

const invalid = invalidOptionFor('ToolSearchProcessor');

function optionalBoolean(value: unknown, option: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw invalid(option, `${option} must be true or false.`);
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validateTools(tools: unknown, includeResolvedTools: boolean): Map<string, ToolLike> {
  if (!isRecord(tools)) {
    throw invalid('tools', 'tools must be a record of tools keyed by name, e.g. { weather: weatherTool }.');
  }
  const catalog = new Map<string, ToolLike>();
  for (const [name, tool] of Object.entries(tools)) {
    if (tool === undefined) continue;
    if (name === SEARCH_TOOL_NAME || name === LOAD_TOOL_NAME) {
      throw invalid(
        `tools.${name}`,
        `"${name}" is the name of a meta-tool this processor adds; rename your tool.`,
      );
    }
    if (classifyToolLike(tool) === undefined) {
      throw invalid(
        `tools.${name}`,
        `tools.${name} is not a tool; create it with createTool() (or an AI SDK tool()).`,
      );
    }
    catalog.set(name, tool as ToolLike);
  }
  if (catalog.size === 0 && !includeResolvedTools) {
    throw invalid(
      'tools',
      'tools is empty, so there is nothing to search; add tools or set includeResolvedTools: true.',
    );
  }
  return catalog;
}

/** Check every option and fill in defaults. @throws ConfigurationError naming the option. */
export function resolveToolSearchOptions(options: unknown): ResolvedToolSearchOptions {
  if (!isRecord(options)) {
    throw invalid('options', 'options are required: new ToolSearchProcessor({ tools: { ... } }).');
  }
  const includeResolvedTools = optionalBoolean(options.includeResolvedTools, 'includeResolvedTools');
  const tools = validateTools(options.tools, includeResolvedTools);
  const search = options.search ?? {};
  if (!isRecord(search)) throw invalid('search', 'search must be an object such as { topK: 5 }.');
  const topK = search.topK ?? 5;
  if (typeof topK !== 'number' || !Number.isInteger(topK) || topK < 1) {
    throw invalid('search.topK', `search.topK must be a positive integer (got ${describeValue(topK)}).`);
  }
  const minScore = search.minScore ?? 0;
  if (typeof minScore !== 'number' || !(minScore >= 0 && minScore <= 1)) {
    throw invalid(
      'search.minScore',
      `search.minScore must be a number from 0 to 1 (got ${describeValue(minScore)}).`,
    );
  }
  const storage = options.storage ?? 'in-memory';
  if (storage !== 'in-memory' && storage !== 'context') {
    throw invalid('storage', `storage must be 'in-memory' or 'context' (got ${describeValue(storage)}).`);
  }
  const ttl = options.ttl ?? DEFAULT_TOOL_SEARCH_TTL_MS;
  if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl < 0) {
    throw invalid(
      'ttl',
      `ttl must be a number of milliseconds >= 0, 0 to keep state forever (got ${describeValue(ttl)}).`,
    );
  }
  if (options.filter !== undefined && typeof options.filter !== 'function') {
    throw invalid(
      'filter',
      'filter must be a function ({ toolName, tool, requestContext, phase }) => boolean.',
    );
  }
  return {
    tools,
    includeResolvedTools,
    injectCatalog: optionalBoolean(options.injectCatalog, 'injectCatalog'),
    topK,
    minScore,
    autoLoad: optionalBoolean(search.autoLoad, 'search.autoLoad'),
    storage,
    ttl,
    filter: options.filter as ToolSearchProcessorOptions['filter'],
  };
}
