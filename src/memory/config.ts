/**
 * `MemoryConfig`: the options of a `Memory` (its `options`) and of one call
 * (`memory: { options }`), their defaults, the merge of a call's options over the instance's,
 * and the checks that turn a wrong value into an error naming the option and the fix.
 */
import { ConfigurationError } from '../errors/configuration-error.js';
import { describeOptionValue } from '../processors/option-errors.js';
import type { SchemaInput } from '../schema/types.js';

/** Where working memory (or semantic recall) looks: all threads of the resource, or this thread. */
export type MemoryScope = 'resource' | 'thread';

/** Working memory: a persistent Markdown or JSON scratchpad the model keeps up to date. */
export interface WorkingMemoryConfig {
  enabled: boolean;
  /** A Markdown template the model fills in (replaced as a whole on every update). */
  template?: string;
  /** A JSON schema (or any schema Sluice understands); updates are merged into the stored object. */
  schema?: SchemaInput;
  /** Default `'resource'`: one scratchpad shared by every thread of the resource. */
  scope?: MemoryScope;
  /** Accepted for compatibility; Sluice always injects working memory as a system message. */
  useStateSignals?: boolean;
  /** Accepted for compatibility; the model updates working memory through its tool either way. */
  agentManaged?: boolean;
  /** Accepted for compatibility; one behaviour for both. */
  version?: 'stable' | 'vnext';
}

/** Vector search over past messages. */
export interface SemanticRecallConfig {
  /** How many similar messages to look up. Default 4. */
  topK?: number;
  /** Neighbours loaded around each match. Default `{ before: 1, after: 1 }`. */
  messageRange?: number | { before: number; after: number };
  /** Default `'resource'` (every thread of the resource); `'thread'` searches this thread only. */
  scope?: MemoryScope;
  /** Minimum cosine similarity (−1…1) of a match. Default none. */
  threshold?: number;
  /** Accepted for compatibility; not applied. */
  filter?: Record<string, unknown>;
  /** Accepted for compatibility; the store keeps one vector table. */
  indexName?: string;
  /** Accepted for compatibility; not applied. */
  indexConfig?: Record<string, unknown>;
}

/** The options of a `Memory` (and, merged over them, of one call). */
export interface MemoryConfig {
  /**
   * How many of the newest stored messages of the thread are loaded into the prompt (oldest
   * first). Default 10. `false` turns history off: nothing is loaded and nothing is saved.
   */
  lastMessages?: number | false;
  /** Default `{ enabled: false }`. */
  workingMemory?: WorkingMemoryConfig;
  /** Default `false`. `true` = `{ topK: 4, messageRange: { before: 1, after: 1 }, scope: 'resource' }`. */
  semanticRecall?: boolean | SemanticRecallConfig;
  /** Load history and working memory, but save nothing and offer no working-memory tool. */
  readOnly?: boolean;
  /** Drop tool calls that never got a result from the loaded history. Default `true`. */
  filterIncompleteToolCalls?: boolean;
  /**
   * Default `false`: input messages whose ids are already stored (a client re-sending the
   * history) are dropped from the request. `true` keeps the whole input.
   */
  retainFullInput?: boolean;
  /** Not supported by Sluice: setting it is an error (use `lastMessages`). */
  messageHistory?: { maxTokens: number; atMaxRemoveTokens?: number };
  /** Not supported by Sluice: setting it is an error. */
  generateTitle?: boolean | Record<string, unknown>;
  /** Not supported by Sluice: setting it is an error. */
  observationalMemory?: boolean | Record<string, unknown>;
}

/** Semantic recall with every default filled in. */
export interface ResolvedSemanticRecall {
  topK: number;
  before: number;
  after: number;
  scope: MemoryScope;
  threshold: number | undefined;
}

/** A `MemoryConfig` with its defaults applied: what the memory processors read. */
export interface ResolvedMemoryConfig {
  lastMessages: number | false;
  workingMemory: { enabled: boolean; template?: string; schema?: SchemaInput; scope: MemoryScope };
  semanticRecall: ResolvedSemanticRecall | false;
  readOnly: boolean;
  filterIncompleteToolCalls: boolean;
  retainFullInput: boolean;
}

const DEFAULT_LAST_MESSAGES = 10;
const UNSUPPORTED = ['messageHistory', 'generateTitle', 'observationalMemory'] as const;
const KNOWN = new Set<string>([
  'lastMessages',
  'workingMemory',
  'semanticRecall',
  'readOnly',
  'filterIncompleteToolCalls',
  'retainFullInput',
  ...UNSUPPORTED,
]);

/** A call's options over the instance's: `workingMemory` and `semanticRecall` objects merge shallowly. */
export function mergeMemoryConfig(base: MemoryConfig, over: MemoryConfig | undefined): MemoryConfig {
  if (!over) return base;
  const merged: MemoryConfig = { ...base, ...over };
  if (base.workingMemory && over.workingMemory)
    merged.workingMemory = { ...base.workingMemory, ...over.workingMemory };
  if (typeof base.semanticRecall === 'object' && typeof over.semanticRecall === 'object')
    merged.semanticRecall = { ...base.semanticRecall, ...over.semanticRecall };
  return merged;
}

/**
 * Check `config` (where `owner` says where it came from, e.g. `new Memory() options`) and apply
 * the defaults.
 *
 * @throws ConfigurationError `MEMORY_INVALID_CONFIG` naming the option and the fix.
 */
export function resolveMemoryConfig(config: MemoryConfig, owner: string): ResolvedMemoryConfig {
  const fail = (option: string, problem: string): never => {
    throw new ConfigurationError('MEMORY_INVALID_CONFIG', `${owner}: "${option}" ${problem}`, {
      details: { option },
    });
  };
  if (typeof config !== 'object' || config === null) fail('options', 'must be an object of MemoryConfig.');
  for (const key of Object.keys(config)) {
    if (!KNOWN.has(key))
      fail(
        key,
        `is not a MemoryConfig option; use lastMessages, workingMemory, semanticRecall, readOnly, filterIncompleteToolCalls or retainFullInput.`,
      );
  }
  for (const key of UNSUPPORTED) {
    const value = config[key];
    if (value !== undefined && value !== false)
      fail(key, 'is not supported by Sluice; remove it (bound the loaded history with "lastMessages").');
  }
  const last = config.lastMessages ?? DEFAULT_LAST_MESSAGES;
  if (last !== false && (typeof last !== 'number' || !Number.isInteger(last) || last < 0))
    fail(
      'lastMessages',
      `must be a whole number ≥ 0 or false (got ${describeOptionValue(last)}), e.g. { lastMessages: 10 }.`,
    );
  for (const flag of ['readOnly', 'filterIncompleteToolCalls', 'retainFullInput'] as const) {
    const value = config[flag];
    if (value !== undefined && typeof value !== 'boolean')
      fail(flag, `must be true or false (got ${describeOptionValue(value)}).`);
  }
  return {
    lastMessages: last,
    workingMemory: resolveWorkingMemory(config.workingMemory, fail),
    semanticRecall: resolveSemanticRecall(config.semanticRecall, fail),
    readOnly: config.readOnly === true,
    filterIncompleteToolCalls: config.filterIncompleteToolCalls !== false,
    retainFullInput: config.retainFullInput === true,
  };
}

type Fail = (option: string, problem: string) => never;

function checkScope(value: unknown, option: string, fail: Fail): 'resource' | 'thread' {
  if (value === undefined) return 'resource';
  if (value !== 'resource' && value !== 'thread')
    fail(option, `must be 'resource' or 'thread' (got ${describeOptionValue(value)}).`);
  return value as MemoryScope;
}

function resolveWorkingMemory(
  value: WorkingMemoryConfig | undefined,
  fail: Fail,
): ResolvedMemoryConfig['workingMemory'] {
  if (value === undefined) return { enabled: false, scope: 'resource' };
  if (typeof value !== 'object' || value === null)
    fail('workingMemory', `must be an object such as { enabled: true } (got ${describeOptionValue(value)}).`);
  if (typeof value.enabled !== 'boolean')
    fail('workingMemory.enabled', `must be true or false (got ${describeOptionValue(value.enabled)}).`);
  if (value.template !== undefined && typeof value.template !== 'string')
    fail('workingMemory.template', `must be a Markdown string (got ${describeOptionValue(value.template)}).`);
  if (value.template !== undefined && value.schema !== undefined)
    fail('workingMemory', 'takes "template" (Markdown) or "schema" (JSON), not both; remove one.');
  const scope = checkScope(value.scope, 'workingMemory.scope', fail);
  const resolved: ResolvedMemoryConfig['workingMemory'] = { enabled: value.enabled, scope };
  if (value.template !== undefined) resolved.template = value.template;
  if (value.schema !== undefined) resolved.schema = value.schema;
  return resolved;
}

function resolveSemanticRecall(
  value: boolean | SemanticRecallConfig | undefined,
  fail: Fail,
): ResolvedSemanticRecall | false {
  if (value === undefined || value === false) return false;
  if (value === true) return { topK: 4, before: 1, after: 1, scope: 'resource', threshold: undefined };
  if (typeof value !== 'object' || value === null)
    fail('semanticRecall', `must be true, false or an options object (got ${describeOptionValue(value)}).`);
  const topK = value.topK ?? 4;
  if (!Number.isInteger(topK) || topK < 1)
    fail('semanticRecall.topK', `must be a whole number ≥ 1 (got ${describeOptionValue(value.topK)}).`);
  const range = value.messageRange ?? { before: 1, after: 1 };
  const [before, after] = typeof range === 'number' ? [range, range] : [range?.before, range?.after];
  for (const [name, n] of [
    ['before', before],
    ['after', after],
  ] as const) {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
      fail(
        'semanticRecall.messageRange',
        `must be a whole number ≥ 0 or { before, after } of such numbers (${name} is ${describeOptionValue(n)}).`,
      );
  }
  const threshold = value.threshold;
  if (threshold !== undefined && (typeof threshold !== 'number' || !(threshold >= -1 && threshold <= 1)))
    fail(
      'semanticRecall.threshold',
      `must be a cosine similarity between -1 and 1 (got ${describeOptionValue(threshold)}).`,
    );
  return {
    topK,
    before: before as number,
    after: after as number,
    scope: checkScope(value.scope, 'semanticRecall.scope', fail),
    threshold,
  };
}
