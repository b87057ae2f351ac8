import type { MastraDBMessage } from '../../messages/types.js';
import type { ToolsInput } from '../../models/call-settings.js';
import type { ProcessInputStepArgs, ProcessInputStepResult, Processor } from '../../pipeline/types.js';
import { MASTRA_THREAD_ID_KEY, type RequestContext } from '../../request-context/request-context.js';
import type { ToolLike } from '../../tools/tool-like.js';
import { LOAD_TOOL_NAME, loadedInConversation, SEARCH_TOOL_NAME } from './conversation-state.js';
import {
  createMetaTools,
  describe,
  type MetaToolRuntime,
  ToolCatalog,
  ToolIndexCache,
} from './meta-tools.js';
import {
  type ResolvedToolSearchOptions,
  resolveToolSearchOptions,
  type ToolSearchPhase,
  type ToolSearchProcessorOptions,
} from './options.js';
import { LoadedToolsStore, type ToolSearchStateStats } from './thread-store.js';

export type { LoadToolResult, SearchToolsResult } from './meta-tools.js';
export {
  DEFAULT_TOOL_SEARCH_TTL_MS,
  type ToolSearchFilterArgs,
  type ToolSearchPhase,
  type ToolSearchProcessorOptions,
} from './options.js';
export type { ToolSearchHit } from './search-index.js';
export type { ToolSearchStateStats } from './thread-store.js';
export { LOAD_TOOL_NAME, SEARCH_TOOL_NAME };

/** Thread whose state anonymous requests (no thread id) share. */
const DEFAULT_THREAD = 'default';
/** Tag of the system messages this processor adds (kept apart from `systemMessages` overrides). */
const SYSTEM_TAG = 'tool-search';

/** Arguments of {@link ToolSearchProcessor.getLoadedToolsForRequestContext}. */
export interface LoadedToolsQuery {
  requestContext?: RequestContext;
  /** A step's arguments: its `requestContext`, conversation and tools are used when given. */
  stepArgs?: Partial<Pick<ProcessInputStepArgs, 'requestContext' | 'messageList' | 'messages' | 'tools'>>;
  /** The step's tools, indexed too when `includeResolvedTools` is on. */
  tools?: ToolsInput;
}

/**
 * The thread a request belongs to: `MASTRA_THREAD_ID_KEY`, else the memory context's thread,
 * else `'default'` (shared by every anonymous request).
 */
function threadIdOf(requestContext: RequestContext | undefined): string {
  const direct = requestContext?.get(MASTRA_THREAD_ID_KEY);
  if (typeof direct === 'string' && direct !== '') return direct;
  const memory = requestContext?.get('MastraMemory') as { thread?: unknown } | undefined;
  const thread = memory?.thread;
  if (typeof thread === 'string' && thread !== '') return thread;
  const id = (thread as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' && id !== '' ? id : DEFAULT_THREAD;
}

/**
 * Runtime tool discovery for agents with large tool libraries. Instead of every tool, the
 * model gets two meta-tools: `search_tools` (`{ query }` → ranked `{ name, description, score }`
 * results) and `load_tool` (`{ toolName }` or `{ toolNames }`). A loaded tool is sent to the
 * model from the next step on and stays loaded for the thread (`MASTRA_THREAD_ID_KEY` in the
 * request context; anonymous requests share `'default'`), so later calls on the thread have it
 * too. Each step also gets a short usage instruction as a system message.
 *
 * Ranking is BM25 (MiniSearch) over tool names and descriptions with a boost for name matches;
 * scores are relative to the best match (1), which is what `search.minScore` compares against.
 * See {@link ToolSearchProcessorOptions} for storage, ttl, autoLoad and filtering.
 *
 * With `includeResolvedTools` the agent's own tools (the step's `tools`) join the catalog and
 * are withheld until loaded, and anything earlier processors added to the step's tools is
 * treated the same way. When the step restricts `activeTools`, the meta-tools and loaded tools
 * are added to that list.
 */
export class ToolSearchProcessor implements Processor<'tool-search'> {
  /** `'tool-search'`. */
  readonly id = 'tool-search' as const;
  /** `'Tool Search Processor'`. */
  readonly name = 'Tool Search Processor';
  /** One line for logs and traces. */
  readonly description = 'Gives the model search_tools and load_tool instead of the whole tool catalog.';

  readonly #options: ResolvedToolSearchOptions;
  readonly #store: LoadedToolsStore;
  readonly #runtime: MetaToolRuntime;
  readonly #catalog: ToolCatalog;
  readonly #withResolved = new WeakMap<object, ToolCatalog>();
  /** Indexes of catalogs with the step's tools, by tool set: a new tools object is not a new set. */
  readonly #resolvedIndexes = new ToolIndexCache();
  readonly #metaTools = new WeakMap<ToolCatalog, { search: ToolLike; load: ToolLike }>();

  /** @throws ConfigurationError `PROCESSOR_INVALID_OPTIONS` naming the bad option. */
  constructor(options: ToolSearchProcessorOptions) {
    this.#options = resolveToolSearchOptions(options);
    this.#store = new LoadedToolsStore(this.#options.ttl);
    this.#catalog = new ToolCatalog(this.#options.tools);
    const { topK, minScore, autoLoad, storage } = this.#options;
    this.#runtime = {
      topK,
      minScore,
      autoLoad,
      allowed: (name, tool, requestContext, phase) => this.#allowed(name, tool, requestContext, phase),
      loaded: (requestContext, messages) =>
        storage === 'context'
          ? loadedInConversation(messages, autoLoad)
          : this.#store.get(threadIdOf(requestContext)),
      remember: (requestContext, names) => {
        if (storage === 'in-memory' && names.length > 0) this.#store.add(threadIdOf(requestContext), names);
      },
    };
  }

  /** Swap the step's tools for the meta-tools plus the tools loaded so far; add the usage instruction. */
  async processInputStep(args: ProcessInputStepArgs): Promise<ProcessInputStepResult> {
    const { messageList, requestContext, activeTools } = args;
    const stepTools = args.tools ?? {};
    const catalog = this.#catalogFor(stepTools);
    const conversation = messageList?.get.all.db() ?? args.messages ?? [];
    const loaded = await this.#activeLoaded(catalog, requestContext, conversation);
    const meta = this.#metaFor(catalog);
    const tools: ToolsInput = {
      ...(this.#options.includeResolvedTools ? {} : stepTools),
      [SEARCH_TOOL_NAME]: meta.search,
      ...(this.#options.autoLoad ? {} : { [LOAD_TOOL_NAME]: meta.load }),
      ...loaded,
    };
    const instructions = await this.#instructions(catalog, requestContext, Object.keys(loaded));
    const result: ProcessInputStepResult = { tools };
    if (messageList !== undefined) {
      messageList.clearSystemMessages(SYSTEM_TAG);
      messageList.addSystem(instructions, SYSTEM_TAG);
    } else {
      // Called directly without a list: the instruction comes back as this step's system messages.
      result.systemMessages = [...(args.systemMessages ?? []), { role: 'system', content: instructions }];
    }
    if (!activeTools) return result;
    const added = [
      SEARCH_TOOL_NAME,
      ...(this.#options.autoLoad ? [] : [LOAD_TOOL_NAME]),
      ...Object.keys(loaded),
    ];
    result.activeTools = [...new Set([...activeTools, ...added])];
    return result;
  }

  /**
   * The loaded tools a request would be sent now (after the `filter` option's `'active'` phase),
   * keyed by name.
   */
  async getLoadedToolsForRequestContext(query: LoadedToolsQuery = {}): Promise<Record<string, ToolLike>> {
    const requestContext = query.requestContext ?? query.stepArgs?.requestContext;
    const tools = query.tools ?? query.stepArgs?.tools ?? {};
    const messages = query.stepArgs?.messages ?? query.stepArgs?.messageList?.get.all.db() ?? [];
    return this.#activeLoaded(this.#catalogFor(tools), requestContext, messages);
  }

  /** Forget the tools loaded on one thread (in-memory storage). */
  clearState(threadId = DEFAULT_THREAD): void {
    this.#store.clear(threadId);
  }

  /** Forget the tools loaded on every thread (in-memory storage). */
  clearAllState(): void {
    this.#store.clearAll();
  }

  /** How many threads and loaded tools the in-memory store holds. */
  getStateStats(): ToolSearchStateStats {
    return this.#store.stats();
  }

  /** Drop every thread idle for longer than `ttl` now; returns how many were dropped. */
  cleanupNow(): number {
    return this.#store.sweep();
  }

  /** The catalog for a step: the option's tools, plus the step's tools with `includeResolvedTools`. */
  #catalogFor(stepTools: ToolsInput): ToolCatalog {
    if (!this.#options.includeResolvedTools) return this.#catalog;
    let catalog = this.#withResolved.get(stepTools);
    if (!catalog) {
      const tools = new Map(this.#options.tools);
      for (const [name, tool] of Object.entries(stepTools)) {
        if (tool === undefined || name === SEARCH_TOOL_NAME || name === LOAD_TOOL_NAME || tools.has(name))
          continue;
        tools.set(name, tool);
      }
      catalog = new ToolCatalog(tools, this.#resolvedIndexes);
      this.#withResolved.set(stepTools, catalog);
    }
    return catalog;
  }

  #metaFor(catalog: ToolCatalog): { search: ToolLike; load: ToolLike } {
    let meta = this.#metaTools.get(catalog);
    if (!meta) {
      meta = createMetaTools(catalog, this.#runtime);
      this.#metaTools.set(catalog, meta);
    }
    return meta;
  }

  async #allowed(
    name: string,
    tool: ToolLike,
    requestContext: RequestContext | undefined,
    phase: ToolSearchPhase,
  ): Promise<boolean> {
    const filter = this.#options.filter;
    return filter ? (await filter({ toolName: name, tool, requestContext, phase })) !== false : true;
  }

  async #activeLoaded(
    catalog: ToolCatalog,
    requestContext: RequestContext | undefined,
    messages: readonly MastraDBMessage[],
  ): Promise<Record<string, ToolLike>> {
    const names =
      this.#options.storage === 'context'
        ? loadedInConversation(messages, this.#options.autoLoad)
        : this.#store.get(threadIdOf(requestContext));
    const active: Record<string, ToolLike> = {};
    for (const name of names) {
      const tool = catalog.tools.get(name);
      if (tool && (await this.#allowed(name, tool, requestContext, 'active'))) active[name] = tool;
    }
    return active;
  }

  /** The usage instruction the model gets as a (tagged) system message. */
  async #instructions(
    catalog: ToolCatalog,
    requestContext: RequestContext | undefined,
    loaded: readonly string[],
  ): Promise<string> {
    const { autoLoad, injectCatalog } = this.#options;
    const how = autoLoad
      ? `Call ${SEARCH_TOOL_NAME} with keywords to find them; the tools it finds can be called from your next step.`
      : injectCatalog
        ? `Call ${LOAD_TOOL_NAME} with a name from the catalog below (or ${SEARCH_TOOL_NAME} with keywords to find one); a loaded tool can be called from your next step.`
        : `Call ${SEARCH_TOOL_NAME} with keywords to find them, then ${LOAD_TOOL_NAME} with a tool name; a loaded tool can be called from your next step.`;
    const lines = [`More tools are available than are listed. ${how}`];
    if (loaded.length > 0) lines.push(`Already loaded: ${loaded.join(', ')}.`);
    if (injectCatalog) {
      const entries: string[] = [];
      for (const [name, tool] of catalog.tools) {
        if (await this.#allowed(name, tool, requestContext, 'search'))
          entries.push(`${name}: ${describe(tool)}`);
      }
      if (entries.length > 0) lines.push(`Tool catalog:\n${entries.join('\n')}`);
    }
    return lines.join('\n');
  }
}
