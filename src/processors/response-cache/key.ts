import { createHash, type Hash } from 'node:crypto';
import type { LanguageModelV2Prompt, LanguageModelV2ToolChoice } from '@ai-sdk/provider';
import { DataTooDeepError } from '../../errors/data-too-deep-error.js';
import type { ProviderOptions } from '../../models/call-settings.js';
import type { ModelTool } from '../../models/types.js';
import type { LLMCallModelSettings, LLMCallSettings } from '../../pipeline/types.js';
import { MAX_DATA_DEPTH } from '../../util/data-depth.js';

/**
 * What a response-cache key is derived from: everything about one step that changes what the
 * model answers. A custom key function receives the same inputs.
 */
export interface ResponseCacheKeyInputs {
  /** The cache's `agentId` option. */
  agentId: string;
  /** The tenant scope; a `null` (shared) scope reaches key functions as `undefined`. */
  scope?: string | null;
  /**
   * Sluice extension: `'userId'` when the scope is the request context's `userId` (no resource
   * id was set; the scope is then `userId:<id>`). Part of the default key when set, so a
   * resource id that spells `userId:<id>` never shares that user's entries.
   */
  scopeFrom?: 'userId';
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
  /**
   * Sluice extension: the step's model settings that change the answer (`temperature`, `topP`,
   * `topK`, `maxOutputTokens`, `presencePenalty`, `frequencyPenalty`, `stopSequences`,
   * `seed`). Part of the default key when set.
   */
  modelSettings?: LLMCallModelSettings;
  /**
   * Sluice extension: the step's provider options (without Mastra's volatile
   * `mastra.createdAt` stamp). Part of the default key when set.
   */
  providerOptions?: ProviderOptions;
  /** Sluice extension: the structured-output schema / instruction. Part of the default key when set. */
  responseFormat?: LLMCallSettings['responseFormat'];
}

/** A custom key: a string, or derived from the inputs (a throw falls back to the default key). */
export type ResponseCacheKeyFn = (inputs: ResponseCacheKeyInputs) => string | Promise<string>;

const KEY_PREFIX = 'mastra:agent-response:';

/**
 * Deepest nesting the default key reads: tool data's bound plus the levels of a prompt around it
 * (message, content, part, output).
 */
const KEY_MAX_DEPTH = MAX_DATA_DEPTH + 16;

/**
 * The default cache key of a step: `mastra:agent-response:<agentId>:<32 hex>`, or with a scope
 * `mastra:agent-response:<agentId>:<8 hex scope digest>:<32 hex>`. The hash covers `agentId`,
 * `stepNumber`, scope, model identity, tool definitions and tool choice, the answer-shaping call
 * settings (model settings, provider options, response format) when set, and the prompt — file
 * parts by URL or by the bytes they carry, provider options except Mastra's volatile
 * `providerOptions.mastra.createdAt` stamps. Deterministic across processes (object keys are
 * sorted), linear in the prompt's size. The exact hash is not part of the contract.
 *
 * @throws DataTooDeepError `DATA_TOO_DEEP` when the inputs nest more than 272 levels deep
 *   (`ResponseCache` then leaves the step uncached).
 */
export function buildResponseCacheKey(inputs: ResponseCacheKeyInputs): string {
  const hash = createHash('sha256');
  const out = new Feeder(hash);
  const scope = typeof inputs.scope === 'string' ? inputs.scope : undefined;
  const model = inputs.model ?? {};
  out.field('agent', String(inputs.agentId));
  out.field('step', String(inputs.stepNumber));
  out.field('scope', scope ?? '\u0000none');
  // Only when set, so keys of resource and explicit scopes stay what they were.
  if (inputs.scopeFrom !== undefined) out.field('scope-from', inputs.scopeFrom);
  out.field('provider', model.provider ?? '');
  out.field('model', model.modelId ?? '');
  out.field('spec', model.specVersion ?? '');
  out.text += 'tools';
  out.value(inputs.tools ?? []);
  out.text += 'choice';
  out.value(inputs.toolChoice ?? null);
  // Call settings join the hash only when set, so keys without them stay what they were.
  if (inputs.modelSettings !== undefined) {
    out.text += 'settings';
    out.value(inputs.modelSettings);
  }
  if (inputs.providerOptions !== undefined) {
    out.text += 'popts';
    out.value({ providerOptions: inputs.providerOptions });
  }
  if (inputs.responseFormat !== undefined) {
    out.text += 'format';
    out.value(inputs.responseFormat);
  }
  const prompt = Array.isArray(inputs.prompt) ? inputs.prompt : [];
  out.text += `prompt[${prompt.length}`;
  // Bounded, so a pathological prompt fails with a coded error instead of a stack overflow.
  for (const message of prompt) out.value(message);
  out.flush();
  const digest = hash.digest('hex').slice(0, 32);
  const agentId = String(inputs.agentId);
  if (scope === undefined) return `${KEY_PREFIX}${agentId}:${digest}`;
  const scopeDigest = createHash('sha256').update(scope).digest('hex').slice(0, 8);
  return `${KEY_PREFIX}${agentId}:${scopeDigest}:${digest}`;
}

/**
 * Writes values into the hash in a canonical, type-tagged, length-prefixed form (so `ab`+`c`
 * and `a`+`bc` never hash alike). Text is gathered into one string and handed to the hash in
 * large pieces — one native call per ~16 KB instead of several per prompt part. Bytes are
 * hashed as bytes (the key holds only their digest), URLs by full href, object keys in sorted
 * order; `providerOptions` records lose their volatile `mastra.createdAt` stamp.
 */
class Feeder {
  text = '';
  readonly #hash: Hash;

  constructor(hash: Hash) {
    this.#hash = hash;
  }

  field(name: string, value: string): void {
    this.text += `${name}${value.length}:${value}`;
  }

  flush(): void {
    if (this.text.length === 0) return;
    this.#hash.update(this.text);
    this.text = '';
  }

  bytes(view: Uint8Array): void {
    this.text += `b${view.byteLength}:`;
    this.flush();
    this.#hash.update(view);
  }

  value(value: unknown, depth = 0): void {
    switch (typeof value) {
      case 'string':
        this.text += `s${value.length}:${value}`;
        if (this.text.length > 4096) this.flush();
        return;
      case 'number':
      case 'boolean':
      case 'bigint':
        this.text += `${(typeof value)[0]}${String(value)};`;
        return;
      case 'undefined':
        this.text += 'u;';
        return;
      case 'object':
        break;
      default:
        // Functions and symbols never reach a provider; they do not change the answer.
        this.text += 'x;';
        return;
    }
    if (value === null) {
      this.text += 'n;';
      return;
    }
    if (depth >= KEY_MAX_DEPTH) {
      throw new DataTooDeepError(
        'The step (prompt, tools or settings) a response-cache key is derived from',
        KEY_MAX_DEPTH,
        'ResponseCache skips such a step (it is not cached); a custom key function can cache it anyway.',
      );
    }
    if (Array.isArray(value)) {
      this.text += `[${value.length}`;
      for (const item of value) this.value(item, depth + 1);
      this.text += ']';
      return;
    }
    if (value instanceof Uint8Array || value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
      this.bytes(asBytes(value));
      return;
    }
    if (value instanceof URL) {
      this.text += `l${value.href.length}:${value.href}`;
      return;
    }
    if (value instanceof Date) {
      this.text += `d${value.getTime()};`;
      return;
    }
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    // Prompt parts have a handful of keys; sorting keeps the key independent of their order.
    if (keys.length > 1) keys.sort();
    this.text += '{';
    for (const key of keys) {
      let field = record[key];
      if (key === 'providerOptions' && isRecord(field)) field = withoutVolatileStamps(field);
      if (field === undefined) continue;
      this.text += `k${key.length}:${key}`;
      this.value(field, depth + 1);
    }
    this.text += '}';
  }
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

/** A byte view over any binary value, without copying. */
function asBytes(value: Uint8Array | ArrayBuffer | ArrayBufferView): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
