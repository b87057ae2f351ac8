import type { LanguageModelV2Message, LanguageModelV2Prompt } from '@ai-sdk/provider';
import { syncLegacyFields } from '../../messages/legacy-fields.js';
import { systemMessageText } from '../../messages/to-prompt.js';
import type { CoreMessage, CoreSystemMessage, MastraDBMessage } from '../../messages/types.js';
import type {
  ProcessInputArgs,
  ProcessInputStepArgs,
  ProcessLLMRequestArgs,
  ProcessLLMRequestResult,
  ProcessOutputResultArgs,
  ProcessOutputStreamArgs,
  Processor,
  ProcessorContext,
  ProcessorState,
} from '../../pipeline/types.js';
import type { ChunkType } from '../../stream/chunk-types.js';
import { listOrMessages, withHookDefaults } from '../direct-call/index.js';
import { TOKEN_LIMITER_OPTIONS } from '../guardrail-option-names.js';
import { checkOptionNames, describeOptionValue, oneOf } from '../option-errors.js';
import {
  COUNT_MODES,
  DEFAULT_AT_MAX_REMOVE_SHARE,
  STRATEGIES,
  type TokenLimiterCountMode,
  type TokenLimiterOptions,
  type TokenLimiterStrategy,
  type TokenLimiterTrimMode,
  type TokenLimiterTripwireMetadata,
  type TokenLimitReachedChunk,
  TRIM_MODES,
  validateOptions,
} from './options.js';
import {
  currentRunToolCallIds,
  groupPromptMessages,
  questionUnit,
  type SelectMode,
  selectUnits,
  startWithUser,
  storedToolCallIds,
  toolCallIdsOf,
} from './select.js';
import {
  builtInCounter,
  CONVERSATION_OVERHEAD_TOKENS,
  loadedCounter,
  loadedTokenizer,
  loadTokenizer,
  type TokenCountableMessage,
  type TokenCounter,
  truncateToTokens,
} from './token-counter.js';

export type {
  TokenLimiterCountMode,
  TokenLimiterOptions,
  TokenLimiterStrategy,
  TokenLimiterTrimMode,
  TokenLimiterTripwireMetadata,
  TokenLimitReachedChunk,
} from './options.js';
export {
  CONVERSATION_OVERHEAD_TOKENS,
  FILE_PART_TOKENS,
  MESSAGE_OVERHEAD_TOKENS,
  type TokenCountableMessage,
  type TokenCounter,
} from './token-counter.js';

/** What the limiter keeps in its per-run `state`. */
interface LimiterState extends ProcessorState {
  /** Output text tokens let through so far (cumulative mode). */
  textTokens?: number;
  /** Cumulative mode: the limit was reached; every later counted chunk is withheld. */
  limitReached?: boolean;
  /** The `data-token-limit-reached` chunk was written. */
  notified?: boolean;
  /** The stream hook counted output, so `processOutputResult` has nothing left to enforce. */
  streamCounted?: boolean;
}

type CountText = (text: string) => number;

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/**
 * Keeps requests and answers within a token limit.
 *
 * **Input** (as an input processor): before every model call (`processLLMRequest`) it counts
 * the prompt exactly as the provider will receive it — after earlier prompt processors such as
 * `ToolCallFilter` — and, when it is over the limit, drops the oldest messages first. The
 * trimming is transient: stored messages and memory keep everything. Rules:
 * - system messages are never dropped;
 * - a tool call and its results are kept or dropped together, so no orphan call or result is
 *   ever sent;
 * - the current run's own tool calls and results are never dropped: the loop needs them to go
 *   on. They are paid for first; when they alone exceed the limit the request is sent over it.
 *   The run's question (the newest user message before them) is kept with them, so a loop step
 *   never reaches the model without it;
 * - a trimmed request starts with a user message: Anthropic and other providers reject one that
 *   starts with an assistant or tool message, so kept history before the first user message (an
 *   answer, or a tool call with its results, whose question was dropped) is dropped too;
 * - budget = `limit` − system tokens − 24 (request overhead); each message costs its content
 *   plus 3.8 tokens (kept fractional while summing; reported totals are rounded up);
 * - `best-fit` walks newest → oldest keeping each group that still fits and goes on past one
 *   that does not; `contiguous` stops there. The newest message is what the model answers: if it
 *   does not fit, nothing is sent (tripwire below);
 * - tripwires (`retry: false`): system messages alone use up the limit
 *   (`TokenLimiterProcessor: System messages alone exceed token limit…`, metadata
 *   `{ systemTokens, limit }`); nothing fits (`{ systemTokens, limit, remainingBudget,
 *   messageCount }`); no non-system message at all (`{ systemTokens, limit }`).
 * Where no prompt stage runs (a `processInputStep` told `llmRequestStage: false`, e.g. inside a
 * processor workflow) the same policy trims the stored list in `processInputStep` instead.
 *
 * **Output** (as an output processor): counts text deltas and `object` chunks. Past the limit,
 * `truncate` withholds further output and writes one transient
 * `{ type: 'data-token-limit-reached', data: { processorId, limit, tokens } }`; `abort` ends the
 * run with `Token limit of <limit> exceeded (current: <n>)`. An `object` chunk is the whole
 * partial object so far, parsed from text deltas streaming beside it: it adds nothing while text
 * is counted and is withheld with it; objects without text count by their JSON. Each delta is
 * counted alone, which may count a token split across two deltas twice (never fewer).
 * `processOutputResult` truncates the answer's text parts when no stream hook counted them.
 *
 * **memory-only**: trims the stored history in `processInput` (oldest first, never the newest
 * message) down to `limit − atMaxRemoveTokens`, then on to the next user message so the history
 * left starts with one, calls `onMemoryTrim`, and leaves requests and output alone.
 *
 * Counting: exact o200k_base BPE (`gpt-tokenizer`, loaded on first use), with text counts cached
 * across steps and calls, so a step over a history that fits the cache (50,000 texts / 4 M
 * characters) costs a lookup per part, and a longer one re-tokenizes only the excess; files count
 * 1,000 tokens each. `tokenCounter` replaces it.
 */
export class TokenLimiter implements Processor<'token-limiter', TokenLimiterTripwireMetadata> {
  /** `'token-limiter'`. */
  readonly id = 'token-limiter' as const;
  /** `'Token Limiter'`. */
  readonly name = 'Token Limiter';
  /** One line for logs and traces. */
  readonly description =
    'Trims the oldest messages from each request to fit a token limit, and truncates or aborts output past it.';

  readonly #limit: number;
  readonly #strategy: TokenLimiterStrategy;
  readonly #countMode: TokenLimiterCountMode;
  readonly #trimMode: TokenLimiterTrimMode;
  readonly #atMaxRemoveTokens: number;
  readonly #tokenCounter: TokenCounter | undefined;
  /** `tokenCounter.countText`, bound; output falls back to the built-in BPE without it. */
  readonly #countText: CountText | undefined;
  readonly #onMemoryTrim: TokenLimiterOptions['onMemoryTrim'];

  /**
   * @param options The limit in tokens, or {@link TokenLimiterOptions}.
   * @throws ConfigurationError `PROCESSOR_INVALID_OPTIONS` naming the option when one is invalid.
   */
  constructor(options: number | TokenLimiterOptions) {
    checkOptionNames('TokenLimiter', options, TOKEN_LIMITER_OPTIONS);
    const valid = validateOptions(options);
    this.#limit = valid.limit;
    this.#strategy = oneOf('TokenLimiter', 'strategy', valid.strategy, STRATEGIES) ?? 'truncate';
    this.#countMode = oneOf('TokenLimiter', 'countMode', valid.countMode, COUNT_MODES) ?? 'cumulative';
    this.#trimMode = oneOf('TokenLimiter', 'trimMode', valid.trimMode, TRIM_MODES) ?? 'best-fit';
    this.#atMaxRemoveTokens =
      valid.atMaxRemoveTokens ?? Math.floor(valid.limit * DEFAULT_AT_MAX_REMOVE_SHARE);
    this.#tokenCounter = valid.tokenCounter;
    const counter = valid.tokenCounter;
    this.#countText = counter?.countText
      ? (text) => (counter.countText as CountText).call(counter, text)
      : undefined;
    this.#onMemoryTrim = valid.onMemoryTrim;
  }

  /** The token limit. */
  getMaxTokens(): number {
    return this.#limit;
  }

  /** What one message costs, overhead included, rounded up (or what `tokenCounter` says). */
  async countMessage(message: TokenCountableMessage): Promise<number> {
    const [cost] = await this.#costsOf([message]);
    return Math.ceil(cost as number);
  }

  /**
   * `memory-only`: trim the remembered history (messages from memory or added as `context`)
   * once, before the loop. This turn's messages (`input`, `response`) always stay, even above
   * the limit. Called without a `messageList`, no message is known to be remembered: nothing is
   * trimmed and the messages come back as they are.
   */
  async processInput(args: ProcessInputArgs<TokenLimiterTripwireMetadata>) {
    const { messages, messageList, requestContext } = args;
    if (this.#trimMode !== 'memory-only' || messageList === undefined || messages.length < 2)
      return listOrMessages(messageList, messages);
    const sources = messageList.makeMessageSourceChecker();
    const remembered = messages.map((m, i) => {
      if (i === messages.length - 1) return false; // the message being answered always stays
      const source = sources.getSource(m);
      return source === 'memory' || source === 'context';
    });
    if (!remembered.includes(true)) return messageList;
    const costs = await this.#costsOf(messages);
    let total = Math.ceil(await this.#systemCost(args.systemMessages ?? [])) + CONVERSATION_OVERHEAD_TOKENS;
    for (const cost of costs) total += cost;
    if (total <= this.#limit) return messageList;
    const target = this.#limit - this.#atMaxRemoveTokens;
    const removed = new Set<number>();
    // Oldest remembered message first.
    for (let i = 0; i < messages.length && total > target; i++) {
      if (!remembered[i]) continue;
      removed.add(i);
      total -= costs[i] as number;
    }
    // The history left must start with a user message (providers reject one that does not).
    if (removed.size > 0) {
      for (let i = 0; i < messages.length; i++) {
        if (removed.has(i)) continue;
        const role = (messages[i] as MastraDBMessage).role;
        if (role === 'user' || role === 'signal' || !remembered[i]) break;
        removed.add(i);
      }
    }
    if (removed.size === 0) return messageList;
    const trimmed = messageList.removeByIds(Array.from(removed, (i) => (messages[i] as MastraDBMessage).id));
    if (this.#onMemoryTrim) await this.#onMemoryTrim(trimmed, requestContext);
    return messageList;
  }

  /**
   * Only where no prompt stage follows (`llmRequestStage: false`): trim the stored list with the
   * request policy. Otherwise trimming waits for `processLLMRequest`, which sees the final prompt.
   */
  async processInputStep(input: ProcessInputStepArgs<TokenLimiterTripwireMetadata>) {
    if (this.#trimMode === 'memory-only') return undefined;
    if ((input as { llmRequestStage?: boolean }).llmRequestStage !== false) return undefined;
    const args = withHookDefaults(this, input);
    const { messages, messageList, steps, abort } = args;
    const costs = await this.#costsOf(messages);
    const systemTokens = Math.ceil(await this.#systemCost(args.systemMessages ?? []));
    const budget = this.#budget(systemTokens, messages.length, abort);
    if (sum(costs) <= budget) return undefined;
    const current = currentRunToolCallIds(steps);
    const pinned = messages.map((m) => current !== undefined && storedToolCallIds(m, current));
    const unitOf = Array.from(messages, (_, i) => i);
    // Signal rows are sent as user messages.
    const isUser = (i: number) => {
      const role = (messages[i] as MastraDBMessage).role;
      return role === 'user' || role === 'signal';
    };
    const question = questionUnit(unitOf, isUser, pinned);
    if (question !== -1) pinned[question] = true;
    const keep = this.#select(costs, pinned, budget, systemTokens, messages.length, abort);
    startWithUser(unitOf, isUser, keep, pinned);
    const dropped: string[] = [];
    keep.forEach((kept, i) => {
      if (!kept) dropped.push((messages[i] as MastraDBMessage).id);
    });
    return listOrMessages(messageList, messages, dropped);
  }

  /** Fit the prompt into the limit (transient: only this call's request changes). */
  async processLLMRequest(
    args: ProcessLLMRequestArgs<TokenLimiterTripwireMetadata>,
  ): Promise<ProcessLLMRequestResult> {
    if (this.#trimMode === 'memory-only') return undefined;
    const { prompt, steps, abort } = withHookDefaults(this, args);
    const costs = await this.#costsOf(prompt);
    let systemRaw = 0;
    let messageCount = 0;
    for (let i = 0; i < prompt.length; i++) {
      if ((prompt[i] as LanguageModelV2Message).role === 'system') systemRaw += costs[i] as number;
      else messageCount++;
    }
    const systemTokens = Math.ceil(systemRaw);
    const budget = this.#budget(systemTokens, messageCount, abort);
    // The common case costs one pass: everything fits, nothing is grouped or copied.
    if (sum(costs) - systemRaw <= budget) return undefined;
    const groups = groupPromptMessages(prompt);
    const groupCosts = new Array<number>(groups.count).fill(0);
    const pinned = new Array<boolean>(groups.count).fill(false);
    const current = currentRunToolCallIds(steps);
    for (let i = 0; i < prompt.length; i++) {
      const group = groups.groupOf[i] as number;
      if (group === -1) continue;
      groupCosts[group] += costs[i] as number;
      if (current && !pinned[group]) {
        const ids = toolCallIdsOf(prompt[i] as LanguageModelV2Message);
        if (ids?.some((id) => current.has(id))) pinned[group] = true;
      }
    }
    const isUser = (i: number) => (prompt[i] as LanguageModelV2Message).role === 'user';
    const question = questionUnit(groups.groupOf, isUser, pinned);
    if (question !== -1) pinned[question] = true;
    const keep = this.#select(groupCosts, pinned, budget, systemTokens, messageCount, abort);
    startWithUser(groups.groupOf, isUser, keep, pinned);
    const trimmed: LanguageModelV2Prompt = [];
    for (let i = 0; i < prompt.length; i++) {
      const group = groups.groupOf[i] as number;
      if (group === -1 || keep[group]) trimmed.push(prompt[i] as LanguageModelV2Message);
    }
    return { prompt: trimmed };
  }

  /** Count output chunks; past the limit withhold them (`truncate`) or abort. */
  async processOutputStream(
    input: ProcessOutputStreamArgs<TokenLimiterTripwireMetadata>,
  ): Promise<ChunkType | null> {
    const { part } = input;
    if (this.#trimMode === 'memory-only') return part;
    if (part.type !== 'text-delta' && part.type !== 'object') return part;
    const args = withHookDefaults(this, input);
    const state = args.state as LimiterState;
    if (state.limitReached) return null;
    const count = this.#countText ?? loadedTokenizer() ?? (await loadTokenizer());
    let tokens: number;
    if (part.type === 'text-delta') {
      const own = count(part.payload.text);
      tokens = this.#countMode === 'part' ? own : (state.textTokens ?? 0) + own;
      if (tokens <= this.#limit) {
        state.textTokens = tokens;
        state.streamCounted = true;
        return part;
      }
      if (this.#strategy === 'truncate' && this.#countMode === 'cumulative') {
        // The delta that crosses the limit keeps the prefix that fits, so a one-shot answer
        // (`generate()` over `doGenerate` streams it as one delta) is cut, not emptied.
        const kept = truncateToTokens(part.payload.text, this.#limit - (state.textTokens ?? 0), count);
        state.streamCounted = true;
        state.limitReached = true;
        state.textTokens = this.#limit;
        await this.#overLimit(args, tokens);
        return kept === '' ? null : { ...part, payload: { ...part.payload, text: kept } };
      }
    } else {
      // The object mirrors text deltas already counted: it is the same output, not more.
      if (state.textTokens !== undefined) return part;
      tokens = count(JSON.stringify(part.object) ?? '');
      if (tokens <= this.#limit) {
        state.streamCounted = true;
        return part;
      }
    }
    state.streamCounted = true;
    await this.#overLimit(args, tokens);
    if (this.#countMode === 'cumulative') state.limitReached = true;
    return null;
  }

  /** Non-streamed answers: truncate the response's text parts to the limit (or abort). */
  async processOutputResult(input: ProcessOutputResultArgs<TokenLimiterTripwireMetadata>) {
    const args = withHookDefaults(this, input);
    const state = args.state as LimiterState;
    const out = listOrMessages(args.messageList, args.messages);
    if (this.#trimMode === 'memory-only' || state.streamCounted) return out;
    const count = this.#countText ?? loadedTokenizer() ?? (await loadTokenizer());
    let total = 0;
    let over: number | undefined;
    const changed = new Set<MastraDBMessage>();
    for (const message of args.messages) {
      if (message.role !== 'assistant') continue;
      for (const part of message.content.parts) {
        if (part.type !== 'text' || part.text === '') continue;
        const tokens = count(part.text);
        const room = this.#countMode === 'part' ? this.#limit : this.#limit - total;
        if (this.#countMode === 'cumulative') total += tokens;
        if (tokens <= room) continue;
        over ??= this.#countMode === 'part' ? tokens : total;
        if (this.#strategy === 'abort') break;
        part.text = truncateToTokens(part.text, room, count);
        changed.add(message);
      }
      if (over !== undefined && this.#strategy === 'abort') break;
    }
    if (over === undefined) return out;
    // Text emptied past the limit goes; a message left with no parts keeps an empty text part.
    for (const message of changed) {
      message.content.parts = message.content.parts.filter((p) => p.type !== 'text' || p.text !== '');
      syncLegacyFields(message.content);
    }
    await this.#overLimit(args, over);
    return out;
  }

  /** `abort` ends the run; `truncate` writes the transient notice, once per run. */
  async #overLimit(
    args: ProcessorContext<TokenLimiterTripwireMetadata> & { state: ProcessorState },
    tokens: number,
  ) {
    if (this.#strategy === 'abort') {
      args.abort(`Token limit of ${this.#limit} exceeded (current: ${tokens})`, {
        metadata: { limit: this.#limit, tokens },
      });
    }
    const state = args.state as LimiterState;
    if (state.notified) return;
    state.notified = true;
    const notice: TokenLimitReachedChunk = {
      type: 'data-token-limit-reached',
      data: { processorId: this.id, limit: this.#limit, tokens },
      transient: true,
    };
    await args.writer?.custom(notice);
  }

  /**
   * What the conversation may cost: `limit` − system tokens − request overhead. Raises the
   * tripwires for system messages that use it all up and for a request with no message.
   */
  #budget(
    systemTokens: number,
    messageCount: number,
    abort: ProcessorContext<TokenLimiterTripwireMetadata>['abort'],
  ): number {
    const limit = this.#limit;
    const budget = limit - systemTokens - CONVERSATION_OVERHEAD_TOKENS;
    if (budget <= 0) {
      abort(
        `TokenLimiterProcessor: System messages alone exceed token limit: they take ${systemTokens} of ${limit} tokens (plus ${CONVERSATION_OVERHEAD_TOKENS} of request overhead), leaving nothing for the conversation. Shorten the instructions or raise the limit.`,
        { retry: false, metadata: { systemTokens, limit } },
      );
    }
    if (messageCount === 0) {
      abort(
        'TokenLimiterProcessor: No messages to send: the request holds only system messages. Add a user message.',
        { retry: false, metadata: { systemTokens, limit } },
      );
    }
    return budget;
  }

  /**
   * The shared trimming policy over units (prompt groups or stored messages), oldest → newest:
   * which to keep. Raises the "nothing fits" tripwire.
   */
  #select(
    costs: readonly number[],
    pinned: readonly boolean[],
    budget: number,
    systemTokens: number,
    messageCount: number,
    abort: ProcessorContext<TokenLimiterTripwireMetadata>['abort'],
  ): boolean[] {
    const selection = selectUnits(costs, pinned, budget, this.#trimMode as SelectMode);
    if (selection.kept === 0) {
      const newest = Math.ceil(costs[costs.length - 1] ?? 0);
      abort(
        `TokenLimiterProcessor: No messages fit within the token limit: the newest message alone takes ${newest} tokens and ${budget} remain after system messages (${systemTokens}) and request overhead. Shorten it or raise the limit.`,
        {
          retry: false,
          metadata: { systemTokens, limit: this.#limit, remainingBudget: budget, messageCount },
        },
      );
    }
    return selection.keep;
  }

  async #systemCost(systemMessages: readonly CoreMessage[]): Promise<number> {
    if (systemMessages.length === 0) return 0;
    const prompt: LanguageModelV2Message[] = systemMessages.map((m) => ({
      role: 'system',
      content: systemMessageText(m as CoreSystemMessage),
    }));
    let total = 0;
    for (const cost of await this.#costsOf(prompt)) total += cost;
    return total;
  }

  /** Cost of each message: the built-in counter (sync, cached) or `tokenCounter` (maybe async). */
  async #costsOf(messages: readonly TokenCountableMessage[]): Promise<number[]> {
    const costs = new Array<number>(messages.length);
    const custom = this.#tokenCounter;
    if (!custom) {
      const counter = loadedCounter() ?? (await builtInCounter());
      for (let i = 0; i < messages.length; i++) costs[i] = counter.cost(messages[i] as TokenCountableMessage);
      return costs;
    }
    for (let i = 0; i < messages.length; i++) {
      const counted = custom.countMessage(messages[i] as TokenCountableMessage);
      const cost = typeof counted === 'number' ? counted : await counted;
      if (typeof cost !== 'number' || !(cost >= 0)) {
        throw new Error(
          `tokenCounter.countMessage returned ${describeOptionValue(cost)}; it must return a non-negative number of tokens.`,
        );
      }
      costs[i] = cost;
    }
    return costs;
  }
}

/**
 * The same class under the name the processor reference uses.
 * @alias
 */
export const TokenLimiterProcessor = TokenLimiter;
/** Instance type of {@link TokenLimiterProcessor}. */
export type TokenLimiterProcessor = TokenLimiter;
