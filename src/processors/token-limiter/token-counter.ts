/**
 * Token counting for `TokenLimiter`: exact o200k_base BPE counts (`gpt-tokenizer`, loaded on
 * first use), a bounded cache of text counts shared by every limiter, and the per-message
 * costs the trimming works with.
 */
import type { LanguageModelV2Message, LanguageModelV2ToolResultOutput } from '@ai-sdk/provider';
import type { MastraDBMessage, MastraMessagePart } from '../../messages/types.js';

/**
 * Tokens a message costs beyond its content (role markers, separators). Providers spend 3 to 5;
 * 3.8 is the average the limiter assumes. Kept fractional while messages are summed; a total is
 * rounded up once.
 */
export const MESSAGE_OVERHEAD_TOKENS = 3.8;
/** Tokens one request costs beyond its messages (priming of the reply, framing). */
export const CONVERSATION_OVERHEAD_TOKENS = 24;
/**
 * What a file or image part is assumed to cost. Its bytes are not text, and what a provider
 * charges depends on the model and the image size (an OpenAI 1024² image at high detail is
 * 765, an Anthropic one up to ~1,600); 1,000 sits between. Plug in a `tokenCounter` to do better.
 */
export const FILE_PART_TOKENS = 1_000;

/** A message the limiter counts: a stored message, or a message of the provider prompt. */
export type TokenCountableMessage = MastraDBMessage | LanguageModelV2Message;

/**
 * Counts what a message costs. `TokenLimiter`'s `tokenCounter` option takes one, so the limiter
 * can share an estimator with memory or count for a non-OpenAI tokenizer.
 *
 * `countMessage` receives a prompt message (`LanguageModelV2Message`) when requests are
 * trimmed and a stored message (`MastraDBMessage`) when stored history is (`memory-only`, and
 * `processInputStep` when there is no prompt stage); it returns the message's full cost,
 * overhead included. `countText`, when given, counts the output side (streamed text and objects);
 * without it the built-in BPE counts output.
 */
export interface TokenCounter {
  countMessage(message: TokenCountableMessage): number | Promise<number>;
  countText?(text: string): number;
}

type CountTokens = (text: string) => number;

let bpe: CountTokens | undefined;
let loading: Promise<CountTokens> | undefined;

/**
 * The BPE counter, loaded on first use: the o200k_base ranks take ~170 ms and ~20 MB of heap,
 * which nobody should pay just for importing `sluice/processors`. Special-token text
 * (`<|endoftext|>`) is counted as ordinary text: users may type it.
 */
export function loadTokenizer(): Promise<CountTokens> {
  if (bpe) return Promise.resolve(bpe);
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((module) => {
    const options = { disallowedSpecial: new Set<string>() };
    bpe = (text: string) => (text === '' ? 0 : module.countTokens(text, options));
    return bpe;
  });
  return loading;
}

/** The BPE counter when already loaded (hot paths check this instead of awaiting). */
export function loadedTokenizer(): CountTokens | undefined {
  return bpe;
}

interface CachedCount {
  tokens: number;
  /** The cache's epoch when the text was last read. */
  epoch: number;
}

/**
 * Text → token count, bounded in entries and in characters held. Conversation text is the
 * same from step to step and call to call, so history is tokenized once: after that a step
 * costs one map lookup per part.
 *
 * Scan-resistant: the limiter reads a history oldest to newest on every step, and under FIFO
 * or LRU a history larger than the cache evicts each entry just before the scan needs it, so
 * every lookup misses. Here an entry read recently is never evicted; a new text takes the
 * place of an entry that has gone unread, else it is counted and not kept. "Recently" is
 * measured in traffic: an epoch ends after a cache-full of lookups (`maxEntries` texts or
 * `maxChars` characters), and an entry unread for `keepEpochs` epochs may go. A history of
 * up to `keepEpochs` cache-fulls therefore keeps a cache-full of hits per scan, and text
 * nobody reads any more makes room after `keepEpochs` cache-fulls of other lookups.
 */
export class TextTokenCache {
  readonly #counts = new Map<string, CachedCount>();
  #chars = 0;
  #epoch = 0;
  #epochLookups = 0;
  #epochChars = 0;
  /** The epoch in which a search found every entry recently read (holds for the whole epoch). */
  #allFreshIn = -1;
  #hand: Iterator<[string, CachedCount]> | undefined;

  constructor(
    readonly maxEntries = 50_000,
    readonly maxChars = 4_000_000,
    readonly keepEpochs = 4,
  ) {}

  get size(): number {
    return this.#counts.size;
  }

  /** The count of `text`, computed with `count` on a miss and kept when there is room. */
  get(text: string, count: CountTokens): number {
    this.#epochLookups++;
    this.#epochChars += text.length;
    if (this.#epochLookups >= this.maxEntries || this.#epochChars >= this.maxChars) {
      this.#epoch++;
      this.#epochLookups = 0;
      this.#epochChars = 0;
    }
    const cached = this.#counts.get(text);
    if (cached !== undefined) {
      cached.epoch = this.#epoch;
      return cached.tokens;
    }
    const tokens = count(text);
    // A text larger than the whole budget would evict everything and still not fit.
    if (text.length > this.maxChars) return tokens;
    while (this.#counts.size >= this.maxEntries || this.#chars + text.length > this.maxChars) {
      if (!this.#evictUnread()) return tokens;
    }
    this.#counts.set(text, { tokens, epoch: this.#epoch });
    this.#chars += text.length;
    return tokens;
  }

  clear(): void {
    this.#counts.clear();
    this.#chars = 0;
    this.#allFreshIn = -1;
    this.#hand = undefined;
  }

  /**
   * Drops one entry unread for `keepEpochs` epochs; false when there is none. A clock hand
   * (a live Map iterator, which survives deletes and inserts) goes round the entries, so no
   * search walks the same entries twice in a row and nothing moves on a hit. An entry's epoch
   * only grows, so a search that found none settles the question until the epoch ends: at most
   * one walk over the entries per epoch.
   */
  #evictUnread(): boolean {
    if (this.#allFreshIn === this.#epoch) return false;
    for (let walked = this.#counts.size; walked > 0; walked--) {
      let next = this.#hand?.next();
      if (next === undefined || next.done) {
        this.#hand = this.#counts.entries();
        next = this.#hand.next();
        if (next.done) break;
      }
      const [text, entry] = next.value;
      if (this.#epoch - entry.epoch >= this.keepEpochs) {
        this.#counts.delete(text);
        this.#chars -= text.length;
        return true;
      }
    }
    this.#allFreshIn = this.#epoch;
    return false;
  }
}

/**
 * Shared by every limiter: a text's count does not depend on who asks. Holds at most 4 M
 * characters (≈ 8 MB of keys when the texts are not alive elsewhere).
 */
export const sharedTextCache = new TextTokenCache();

/** Counts message contents with a text counter; JSON values count as their JSON text. */
export class MessageCostCounter {
  constructor(readonly text: CountTokens) {}

  /** Content tokens + {@link MESSAGE_OVERHEAD_TOKENS}, unrounded. */
  cost(message: TokenCountableMessage): number {
    return MESSAGE_OVERHEAD_TOKENS + this.content(message);
  }

  content(message: TokenCountableMessage): number {
    const content = message.content;
    if (typeof content === 'string') return this.text(content);
    if (Array.isArray(content)) return this.#promptParts(content);
    return this.#storedParts(message as MastraDBMessage);
  }

  value(value: unknown): number {
    if (value === undefined || value === null) return 0;
    if (typeof value === 'string') return this.text(value);
    let json: string | undefined;
    try {
      json = JSON.stringify(value);
    } catch {
      // A cyclic or BigInt value cannot reach a provider as JSON either; it costs nothing here.
      return 0;
    }
    return json === undefined ? 0 : this.text(json);
  }

  #promptParts(parts: Exclude<LanguageModelV2Message['content'], string>): number {
    let tokens = 0;
    for (const part of parts) {
      switch (part.type) {
        case 'text':
        case 'reasoning':
          tokens += this.text(part.text);
          break;
        case 'file':
          tokens += FILE_PART_TOKENS;
          break;
        case 'tool-call':
          tokens += this.text(part.toolName) + this.value(part.input);
          break;
        case 'tool-result':
          tokens += this.text(part.toolName) + this.#output(part.output);
          break;
        default:
          break;
      }
    }
    return tokens;
  }

  #output(output: LanguageModelV2ToolResultOutput | undefined): number {
    if (!output) return 0;
    switch (output.type) {
      case 'text':
      case 'error-text':
        return this.text(output.value);
      case 'json':
      case 'error-json':
        return this.value(output.value);
      case 'content': {
        let tokens = 0;
        for (const item of output.value)
          tokens += item.type === 'text' ? this.text(item.text) : FILE_PART_TOKENS;
        return tokens;
      }
      default:
        // Outputs of newer specs (e.g. `execution-denied`) carry at most a short reason.
        return this.value((output as { reason?: unknown }).reason);
    }
  }

  #storedParts(message: MastraDBMessage): number {
    let tokens = 0;
    let sawText = false;
    for (const part of message.content.parts) {
      if (part.type === 'text') sawText = true;
      tokens += this.#storedPart(part);
    }
    const legacy = message.content.content;
    if (!sawText && typeof legacy === 'string') tokens += this.text(legacy);
    return tokens;
  }

  #storedPart(part: MastraMessagePart): number {
    switch (part.type) {
      case 'text':
        return this.text(part.text);
      case 'reasoning':
        return this.text(part.reasoning);
      case 'file':
        return FILE_PART_TOKENS;
      case 'tool-invocation': {
        const invocation = part.toolInvocation;
        const call = this.text(invocation.toolName) + this.value(invocation.args);
        return invocation.state === 'result'
          ? call + this.text(invocation.toolName) + this.value(invocation.result)
          : call;
      }
      default:
        // step-start, source and data-* parts are never sent to the model.
        return 0;
    }
  }
}

/** The longest prefix of `text` that counts at most `max` tokens (binary search on length). */
export function truncateToTokens(text: string, max: number, count: (text: string) => number): string {
  if (max <= 0) return '';
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (count(text.slice(0, mid)) <= max) lo = mid;
    else hi = mid - 1;
  }
  // Never split a surrogate pair.
  const code = text.charCodeAt(lo - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? lo - 1 : lo);
}

let defaultCounter: MessageCostCounter | undefined;

/** The built-in message counter: BPE with the shared text cache. */
export async function builtInCounter(): Promise<MessageCostCounter> {
  if (defaultCounter) return defaultCounter;
  const count = await loadTokenizer();
  defaultCounter ??= new MessageCostCounter((text) => sharedTextCache.get(text, count));
  return defaultCounter;
}

/** The built-in counter once loaded (no await on the hot path), else `undefined`. */
export function loadedCounter(): MessageCostCounter | undefined {
  return defaultCounter;
}
