import { createHash, type Hash } from 'node:crypto';
import type { LanguageModelV2Prompt, LanguageModelV2ToolChoice } from '@ai-sdk/provider';
import type { ModelTool } from '../../models/types.js';

/**
 * What a response-cache key is derived from: everything about one step that changes what the
 * model answers. A custom key function receives the same inputs.
 */
export interface ResponseCacheKeyInputs {
  /** The cache's `agentId` option. */
  agentId: string;
  /** The tenant scope; a `null` (shared) scope reaches key functions as `undefined`. */
  scope?: string | null;
  /** Model identity. */
  model: { provider?: string; modelId?: string; specVersion?: string };
  /** The resolved prompt: after memory and the earlier input processors. */
  prompt: LanguageModelV2Prompt;
  /** 0-based; each step of a tool loop is cached on its own. */
  stepNumber: number;
  /**
   * Sluice extension: the tool definitions the step sends. Part of the default key, so an entry
   * whose tool calls name a tool that no longer exists (or changed) is never replayed.
   */
  tools?: readonly ModelTool[];
  /** Sluice extension: the step's tool choice. Part of the default key. */
  toolChoice?: LanguageModelV2ToolChoice;
}

/** A custom key: a string, or derived from the inputs (a throw falls back to the default key). */
export type ResponseCacheKeyFn = (inputs: ResponseCacheKeyInputs) => string | Promise<string>;

const KEY_PREFIX = 'mastra:agent-response:';

/**
 * The default cache key of a step: `mastra:agent-response:<agentId>:<32 hex>`, or with a scope
 * `mastra:agent-response:<agentId>:<8 hex scope digest>:<32 hex>`. The hash covers `agentId`,
 * `stepNumber`, scope, model identity, tool definitions and tool choice, and the prompt — file
 * parts by URL or by the bytes they carry, provider options except Mastra's volatile
 * `providerOptions.mastra.createdAt` stamps. Deterministic across processes (object keys are
 * sorted), linear in the prompt's size. The exact hash is not part of the contract.
 */
export function buildResponseCacheKey(inputs: ResponseCacheKeyInputs): string {
  const hash = createHash('sha256');
  const scope = typeof inputs.scope === 'string' ? inputs.scope : undefined;
  feed(hash, 'agent', inputs.agentId);
  feed(hash, 'step', String(inputs.stepNumber));
  feed(hash, 'scope', scope ?? '\u0000none');
  const model = inputs.model ?? {};
  feed(hash, 'provider', model.provider ?? '');
  feed(hash, 'model', model.modelId ?? '');
  feed(hash, 'spec', model.specVersion ?? '');
  hash.update('tools');
  feedValue(hash, inputs.tools ?? []);
  hash.update('choice');
  feedValue(hash, inputs.toolChoice ?? null);
  hash.update('prompt');
  const prompt = Array.isArray(inputs.prompt) ? inputs.prompt : [];
  hash.update(`[${prompt.length}`);
  for (const message of prompt) feedValue(hash, message);
  const digest = hash.digest('hex').slice(0, 32);
  const agentId = String(inputs.agentId);
  if (scope === undefined) return `${KEY_PREFIX}${agentId}:${digest}`;
  const scopeDigest = createHash('sha256').update(scope).digest('hex').slice(0, 8);
  return `${KEY_PREFIX}${agentId}:${scopeDigest}:${digest}`;
}

/** A length-prefixed field, so `ab`+`c` and `a`+`bc` never hash alike. */
function feed(hash: Hash, name: string, value: string): void {
  hash.update(`${name}${value.length}:`);
  hash.update(value);
}

/**
 * Feed a prompt value in a canonical, type-tagged form. Bytes are hashed as bytes (the key holds
 * only their digest), URLs by full href, object keys in sorted order; `providerOptions` records
 * lose their volatile `mastra.createdAt` stamp.
 */
function feedValue(hash: Hash, value: unknown): void {
  switch (typeof value) {
    case 'string':
      hash.update(`s${value.length}:`);
      hash.update(value);
      return;
    case 'number':
    case 'boolean':
    case 'bigint':
      hash.update(`${(typeof value)[0]}${String(value)};`);
      return;
    case 'undefined':
      hash.update('u;');
      return;
    case 'object':
      break;
    default:
      // Functions and symbols do not reach a provider; they do not change the answer.
      hash.update('x;');
      return;
  }
  if (value === null) {
    hash.update('n;');
    return;
  }
  if (Array.isArray(value)) {
    hash.update(`[${value.length}`);
    for (const item of value) feedValue(hash, item);
    hash.update(']');
    return;
  }
  if (value instanceof Uint8Array) {
    hash.update(`b${value.byteLength}:`);
    hash.update(value);
    return;
  }
  if (value instanceof ArrayBuffer) {
    hash.update(`b${value.byteLength}:`);
    hash.update(new Uint8Array(value));
    return;
  }
  if (ArrayBuffer.isView(value)) {
    hash.update(`b${value.byteLength}:`);
    hash.update(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    return;
  }
  if (value instanceof URL) {
    hash.update(`l${value.href.length}:`);
    hash.update(value.href);
    return;
  }
  if (value instanceof Date) {
    hash.update(`d${value.getTime()};`);
    return;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  hash.update('{');
  for (const key of keys) {
    let field = record[key];
    if (key === 'providerOptions' && isRecord(field)) {
      field = withoutVolatileStamps(field);
      if (field === undefined) continue;
    }
    if (field === undefined) continue;
    feed(hash, 'k', key);
    feedValue(hash, field);
  }
  hash.update('}');
}

/**
 * `providerOptions` without Mastra's `mastra.createdAt` stamp (it differs on every request for
 * the same prompt); `undefined` when nothing else is left. Copies only when there is a stamp.
 */
function withoutVolatileStamps(options: Record<string, unknown>): Record<string, unknown> | undefined {
  const mastra = options.mastra;
  let out = options;
  if (isRecord(mastra) && 'createdAt' in mastra) {
    const { createdAt: _volatile, ...rest } = mastra;
    const { mastra: _stamped, ...others } = options;
    out = Object.keys(rest).length === 0 ? others : { ...others, mastra: rest };
  }
  for (const k in out) if (out[k] !== undefined) return out;
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
