import type { MastraServerCache } from '../../cache/server-cache.js';
import { invalidProcessorOption, describeOptionValue as show } from '../option-errors.js';
import type { ResponseCacheContextOptions, ResponseCacheOptions } from './index.js';

const PROCESSOR = 'ResponseCache';

/** Check the constructor options; a missing `cache` is allowed (the processor then does nothing). */
export function validateOptions(options: ResponseCacheOptions): Omit<ResponseCacheOptions, 'cache'> & {
  cache: MastraServerCache | undefined;
} {
  if (typeof options !== 'object' || options === null) {
    throw invalidProcessorOption(
      PROCESSOR,
      'options',
      `options must be an object like { cache } (got ${show(options)}).`,
    );
  }
  const { cache, ttl, agentId, timeoutMs, singleFlight, lock, logger, redactBeforeStore } = options;
  if (redactBeforeStore !== undefined && typeof redactBeforeStore !== 'boolean') {
    throw invalidProcessorOption(
      PROCESSOR,
      'redactBeforeStore',
      `"redactBeforeStore" must be true or false (got ${show(redactBeforeStore)}).`,
    );
  }
  if (cache != null) {
    const c = cache as Partial<MastraServerCache>;
    if (typeof c !== 'object' || typeof c.get !== 'function' || typeof c.set !== 'function') {
      throw invalidProcessorOption(
        PROCESSOR,
        'cache',
        `"cache" must be a MastraServerCache (an object with get() and set(), e.g. new InMemoryServerCache() or new RedisServerCache({ client })) (got ${show(cache)}).`,
      );
    }
  }
  if (ttl !== undefined && (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl < 0)) {
    throw invalidProcessorOption(
      PROCESSOR,
      'ttl',
      `"ttl" must be a number of seconds, 0 or more (got ${show(ttl)}).`,
    );
  }
  if (agentId !== undefined && (typeof agentId !== 'string' || agentId.length === 0)) {
    throw invalidProcessorOption(
      PROCESSOR,
      'agentId',
      `"agentId" must be a non-empty string (got ${show(agentId)}).`,
    );
  }
  if (
    timeoutMs !== undefined &&
    (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0)
  ) {
    throw invalidProcessorOption(
      PROCESSOR,
      'timeoutMs',
      `"timeoutMs" must be a positive number of milliseconds (got ${show(timeoutMs)}).`,
    );
  }
  checkSwitch('singleFlight', singleFlight, ['maxWaitMs']);
  checkSwitch('lock', lock, ['ttlMs', 'pollMs']);
  if (logger !== undefined && typeof (logger as { warn?: unknown } | null)?.warn !== 'function') {
    throw invalidProcessorOption(
      PROCESSOR,
      'logger',
      `"logger" must have a warn(message) method (got ${show(logger)}).`,
    );
  }
  const call = validateContextOptions(options, 'the ResponseCache options');
  return { ...options, ...call, cache: cache ?? undefined };
}

/** Check per-call overrides (`key`, `scope`, `bust`); `where` names their source in messages. */
export function validateContextOptions(options: unknown, where: string): ResponseCacheContextOptions {
  if (typeof options !== 'object' || options === null) {
    throw invalidProcessorOption(
      PROCESSOR,
      'context',
      `${where}: overrides must be an object like { key, scope, bust } (got ${show(options)}).`,
    );
  }
  const { key, scope, bust } = options as Record<string, unknown>;
  if (key !== undefined && !(typeof key === 'function' || (typeof key === 'string' && key.length > 0))) {
    throw invalidProcessorOption(
      PROCESSOR,
      'key',
      `${where}: "key" must be a non-empty string or a function of the key inputs (got ${show(key)}).`,
    );
  }
  if (scope !== undefined && scope !== null && typeof scope !== 'string') {
    throw invalidProcessorOption(
      PROCESSOR,
      'scope',
      `${where}: "scope" must be a string, or null to share entries across all callers (got ${show(scope)}).`,
    );
  }
  if (bust !== undefined && typeof bust !== 'boolean') {
    throw invalidProcessorOption(
      PROCESSOR,
      'bust',
      `${where}: "bust" must be true or false (got ${show(bust)}).`,
    );
  }
  const out: ResponseCacheContextOptions = {};
  if (key !== undefined) out.key = key as ResponseCacheContextOptions['key'];
  if (scope !== undefined) out.scope = scope as string | null;
  if (bust !== undefined) out.bust = bust;
  return out;
}

function checkSwitch(option: string, value: unknown, fields: readonly string[]): void {
  if (value === undefined || typeof value === 'boolean') return;
  if (typeof value !== 'object' || value === null) {
    throw invalidProcessorOption(
      PROCESSOR,
      option,
      `"${option}" must be true, false or { ${fields.join(', ')} } (got ${show(value)}).`,
    );
  }
  for (const field of fields) {
    const v = (value as Record<string, unknown>)[field];
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v) || v <= 0)) {
      throw invalidProcessorOption(
        PROCESSOR,
        option,
        `"${option}.${field}" must be a positive number of milliseconds (got ${show(v)}).`,
      );
    }
  }
}
