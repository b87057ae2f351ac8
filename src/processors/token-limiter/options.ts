/** The options of `TokenLimiter`: their types and their checks. */
import type { MastraDBMessage } from '../../messages/types.js';
import type { RequestContext } from '../../request-context/request-context.js';
import { describeOptionValue, invalidOptionFor } from '../option-errors.js';
import type { TokenCounter } from './token-counter.js';

/** Output side: stop emitting (`truncate`) or end the run with a tripwire (`abort`). */
export type TokenLimiterStrategy = 'truncate' | 'abort';
/** Output side: count from the start of the stream (`cumulative`) or each chunk alone (`part`). */
export type TokenLimiterCountMode = 'cumulative' | 'part';
/** Input side: how history is fitted into the limit. */
export type TokenLimiterTrimMode = 'best-fit' | 'contiguous' | 'memory-only';

/** Options of {@link TokenLimiter}. */
export interface TokenLimiterOptions {
  /** Maximum tokens: of each request (input side) and of the answer (output side). */
  limit: number;
  /**
   * @deprecated Ignored. Counts are exact o200k_base BPE (the encoding of OpenAI's current
   * models); pass a `tokenCounter` to count for another tokenizer.
   */
  encoding?: unknown;
  /** Output side, past the limit: `'truncate'` (default) withholds the rest, `'abort'` ends the run. */
  strategy?: TokenLimiterStrategy;
  /** Output side: `'cumulative'` (default) counts from the stream start, `'part'` each chunk alone. */
  countMode?: TokenLimiterCountMode;
  /**
   * Input side. `'best-fit'` (default): keep the newest messages that fit, going on past one that
   * does not. `'contiguous'`: stop at the first that does not, so what is sent has no gap.
   * `'memory-only'`: trim the stored history once per call (persistently, see `onMemoryTrim`)
   * and leave requests and output alone.
   */
  trimMode?: TokenLimiterTrimMode;
  /**
   * `memory-only`: once the history is over the limit, trim it to this many tokens below the
   * limit, so it is not trimmed again on every call. Default: 25 % of `limit`.
   */
  atMaxRemoveTokens?: number;
  /** Count messages yourself (e.g. share memory's estimator, or another provider's tokenizer). */
  tokenCounter?: TokenCounter;
  /**
   * `memory-only`: called after the stored history was trimmed, with the removed messages
   * (oldest first), e.g. to persist a cursor so memory loads less next time.
   */
  onMemoryTrim?: (messages: MastraDBMessage[], requestContext?: RequestContext) => void | Promise<void>;
}

/** `metadata` of the limiter's tripwires. */
export interface TokenLimiterTripwireMetadata {
  /** Tokens of the system messages (rounded up). */
  systemTokens?: number;
  limit: number;
  /** Tokens left for the conversation after system messages and request overhead. */
  remainingBudget?: number;
  /** Non-system messages in the request. */
  messageCount?: number;
  /** Output side (`strategy: 'abort'`): tokens the output would have reached. */
  tokens?: number;
}

/** The transient chunk `truncate` writes once when it starts withholding output. */
export interface TokenLimitReachedChunk {
  type: 'data-token-limit-reached';
  data: { processorId: string; limit: number; tokens: number };
  transient: true;
}

/** The accepted values of `strategy`, `countMode` and `trimMode`. */
export const STRATEGIES: readonly TokenLimiterStrategy[] = ['truncate', 'abort'];
export const COUNT_MODES: readonly TokenLimiterCountMode[] = ['cumulative', 'part'];
export const TRIM_MODES: readonly TokenLimiterTrimMode[] = ['best-fit', 'contiguous', 'memory-only'];
/** Share of the limit `atMaxRemoveTokens` defaults to. */
export const DEFAULT_AT_MAX_REMOVE_SHARE = 0.25;

const invalidOption = invalidOptionFor('TokenLimiter');

/** The options checked (all but the enumerations, which `oneOf` checks); throws naming the first bad one. */
export function validateOptions(
  input: unknown,
): Required<Pick<TokenLimiterOptions, 'limit'>> & TokenLimiterOptions {
  const options = typeof input === 'number' || typeof input === 'string' ? { limit: input } : input;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw invalidOption(
      'options',
      `pass the limit (new TokenLimiter(4000)) or an options object (new TokenLimiter({ limit: 4000 })), got ${describeOptionValue(input)}.`,
    );
  }
  const { limit, atMaxRemoveTokens, tokenCounter, onMemoryTrim, trimMode } = options as TokenLimiterOptions;
  if (typeof limit !== 'number' || !Number.isFinite(limit) || limit <= 0) {
    throw invalidOption(
      'limit',
      `limit must be a positive number of tokens, got ${describeOptionValue(limit)}${typeof limit === 'string' ? ' (a string: convert it with Number())' : ''}.`,
    );
  }
  if (atMaxRemoveTokens !== undefined) {
    if (trimMode !== 'memory-only') {
      throw invalidOption(
        'atMaxRemoveTokens',
        "atMaxRemoveTokens only applies with trimMode 'memory-only'; set that trimMode or remove the option.",
      );
    }
    if (typeof atMaxRemoveTokens !== 'number' || !(atMaxRemoveTokens >= 0) || atMaxRemoveTokens >= limit) {
      throw invalidOption(
        'atMaxRemoveTokens',
        `atMaxRemoveTokens must be a number from 0 up to (not including) the limit ${limit}, got ${describeOptionValue(atMaxRemoveTokens)}.`,
      );
    }
  }
  if (onMemoryTrim !== undefined) {
    if (trimMode !== 'memory-only') {
      throw invalidOption(
        'onMemoryTrim',
        "onMemoryTrim is only called with trimMode 'memory-only' (other modes never change stored messages); set that trimMode or remove the option.",
      );
    }
    if (typeof onMemoryTrim !== 'function') {
      throw invalidOption(
        'onMemoryTrim',
        `onMemoryTrim must be a function, got ${describeOptionValue(onMemoryTrim)}.`,
      );
    }
  }
  if (tokenCounter !== undefined) {
    const counter = tokenCounter as Partial<TokenCounter> | null;
    if (typeof counter !== 'object' || counter === null || typeof counter.countMessage !== 'function') {
      throw invalidOption(
        'tokenCounter',
        'tokenCounter must be an object with a countMessage(message) method returning a number (or a promise of one).',
      );
    }
    if (counter.countText !== undefined && typeof counter.countText !== 'function') {
      throw invalidOption(
        'tokenCounter.countText',
        'tokenCounter.countText must be a function (text) => number.',
      );
    }
  }
  return options as Required<Pick<TokenLimiterOptions, 'limit'>> & TokenLimiterOptions;
}
