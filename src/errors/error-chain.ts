import { isRecord } from '../messages/is-record.js';

/**
 * Links followed from one level of an error to the next, in the order they are visited:
 * `cause` (wrapping errors, undici's socket error), a nested `error` (raw stream error events,
 * provider error bodies), `response.error` (OpenAI `response.failed` events) and `data` (AI SDK
 * errors keep the parsed provider body or the raw stream event there).
 */
function linksOf(level: Record<string, unknown>): unknown[] {
  const response = level.response;
  return [level.cause, level.error, isRecord(response) ? response.error : undefined, level.data];
}

/**
 * The error and every object it wraps, outermost first (breadth-first, so a match on an outer
 * level can win over one further down): the error, then its `cause`, nested `error`,
 * `response.error` and `data`, then theirs, and so on. Only objects are listed (strings, numbers
 * and arrays are not levels), each once, so cycles end; at most `maxDepth` links below `error`.
 *
 * Provider failures reach error processors wrapped in many shapes (an `APICallError` holding the
 * body in `data`, a `TypeError('terminated')` whose `cause` holds the socket code, a raw stream
 * event), so every error processor walks them the same way.
 */
export function errorChain(error: unknown, maxDepth = 8): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  if (!isRecord(error)) return chain;
  const seen = new Set<unknown>([error]);
  let current: Record<string, unknown>[] = [error];
  for (let depth = 0; current.length > 0; depth++) {
    chain.push(...current);
    if (depth >= maxDepth) break;
    const next: Record<string, unknown>[] = [];
    for (const level of current) {
      for (const link of linksOf(level)) {
        if (!isRecord(link) || seen.has(link)) continue;
        seen.add(link);
        next.push(link);
      }
    }
    current = next;
  }
  return chain;
}

/**
 * The texts a provider rejection can be recognised by, outermost first and without repeats: the
 * `message` and `responseBody` (an `APICallError` keeps the provider's raw reply there) of every
 * level of {@link errorChain}, plus the `message` of each level's nested `error` object and any
 * string `cause` or `error`. A thrown string is its own text.
 */
export function errorTexts(error: unknown, maxDepth = 8): string[] {
  if (typeof error === 'string') return [error];
  const texts = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && value !== '') texts.add(value);
  };
  for (const level of errorChain(error, maxDepth)) {
    add(level.message);
    add(level.responseBody);
    add(level.cause);
    // A nested error object is a level itself, but the depth limit may stop short of it.
    if (isRecord(level.error)) add(level.error.message);
    else add(level.error);
  }
  return [...texts];
}

/**
 * A thrown value's text for another error's message: `Error.message`, else the value as a
 * string. Never throws: anything can be thrown (`Object.create(null)`, an object whose
 * `toString` throws, a Symbol), and wrapping it must not fail in its turn, or the wrapper's
 * culprit (processor, tool, callback) is lost.
 */
export function describeError(error: unknown): string {
  try {
    if (error instanceof Error) {
      const message: unknown = error.message;
      if (typeof message === 'string') return message;
    }
    if (typeof error === 'string') return error;
    // `String(symbol)` works where a template literal would throw.
    if (typeof error === 'symbol') return String(error);
    return String(error);
  } catch {
    // Falls through to a description that needs nothing from the value.
  }
  try {
    // `[object Object]`, or the value's Symbol.toStringTag.
    return `${Object.prototype.toString.call(error)} (it cannot be converted to a string)`;
  } catch {
    return 'a thrown value that cannot be converted to a string';
  }
}
