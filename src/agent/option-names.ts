/**
 * The option names an agent accepts, and what it does with the others. A misspelt
 * `inputProcessors` used to be ignored, so the agent ran without its guardrails; now a name is
 * either a Sluice option, an option the original documents that Sluice does not implement (a
 * warning once per agent, saying what differs: see `documented-options.json`), a legacy call
 * option (refused with its replacement) or a mistake (refused, naming the closest valid names).
 */

import { readFileSync } from 'node:fs';
import type { ConfigurationErrorCode } from '../errors/codes.js';
import { ConfigurationError } from '../errors/configuration-error.js';
import { describeValue } from '../errors/describe-value.js';
import type { AgentMemoryOption } from '../memory/turn.js';
import { nearestNames } from '../util/nearest-names.js';
import type { AgentConfig, AgentExecutionOptions } from './types.js';

// `Record<keyof …, true>`: adding an option to the type without listing it here is a type error,
// so a new option can never be refused as unknown.
const AGENT_CONFIG_KEYS: Record<keyof AgentConfig, true> = {
  id: true,
  name: true,
  description: true,
  instructions: true,
  model: true,
  tools: true,
  maxSteps: true,
  maxRetries: true,
  inputProcessors: true,
  outputProcessors: true,
  errorProcessors: true,
  errorProcessorDefaults: true,
  sandbox: true,
  attachmentDownloads: true,
  maxProcessorRetries: true,
  defaultOptions: true,
  recordTo: true,
  memory: true,
  backgroundTasks: true,
};

const CALL_OPTION_KEYS: Record<keyof AgentExecutionOptions, true> = {
  instructions: true,
  system: true,
  model: true,
  maxSteps: true,
  toolChoice: true,
  activeTools: true,
  toolsets: true,
  modelSettings: true,
  providerOptions: true,
  structuredOutput: true,
  prepareStep: true,
  requestContext: true,
  abortSignal: true,
  runId: true,
  attachmentDownloads: true,
  memory: true,
  inputProcessors: true,
  outputProcessors: true,
  errorProcessors: true,
  maxProcessorRetries: true,
  includeRawChunks: true,
  stopOnStreamCancel: true,
  replayBuffer: true,
  untilIdle: true,
  onStepFinish: true,
  onFinish: true,
  onChunk: true,
  onError: true,
  onAbort: true,
  record: true,
  recordSensitive: true,
  onRunRecord: true,
  recordInputs: true,
  recordOutputs: true,
  recordTo: true,
};

const MEMORY_OPTION_KEYS: Record<keyof AgentMemoryOption, true> = {
  thread: true,
  resource: true,
  options: true,
};

/** Every `new Agent()` option Sluice implements. */
export const AGENT_CONFIG_OPTIONS: readonly string[] = Object.keys(AGENT_CONFIG_KEYS);
/** Every `generate()`/`stream()` option Sluice implements. */
export const CALL_OPTIONS: readonly string[] = Object.keys(CALL_OPTION_KEYS);
/** Every key of the `memory` call option Sluice implements. */
const MEMORY_CALL_OPTIONS: readonly string[] = Object.keys(MEMORY_OPTION_KEYS);

// Read at load rather than imported: JSON import attributes need Node.js 20.10, engines say 20.
const NOTES = JSON.parse(readFileSync(new URL('./documented-options.json', import.meta.url), 'utf8')) as {
  agentConfig: Record<string, string>;
  callOptions: Record<string, string>;
  memoryCallOption: Record<string, string>;
  legacyCallOptions: Record<string, string>;
};

/** One kind of options object: its valid names, its documented-but-unimplemented ones, its title. */
interface OptionSet {
  readonly known: Readonly<Record<string, true>>;
  readonly valid: readonly string[];
  readonly unimplemented: Readonly<Record<string, string>>;
  /** How the message names the object, e.g. `new Agent() options`. */
  readonly title: string;
}

const AGENT_SET: OptionSet = {
  known: AGENT_CONFIG_KEYS,
  valid: AGENT_CONFIG_OPTIONS,
  unimplemented: NOTES.agentConfig,
  title: 'new Agent() options',
};
const CALL_SET: OptionSet = {
  known: CALL_OPTION_KEYS,
  valid: CALL_OPTIONS,
  unimplemented: NOTES.callOptions,
  title: 'generate()/stream() options',
};
const MEMORY_SET: OptionSet = {
  known: MEMORY_OPTION_KEYS,
  valid: MEMORY_CALL_OPTIONS,
  unimplemented: NOTES.memoryCallOption,
  title: 'keys of the memory call option ({ thread, resource, options })',
};

/** Where the options came from, and what a finding becomes. */
export interface OptionCheckContext {
  /** `Agent "support"`: how messages name the agent. */
  readonly owner: string;
  /** The code of a refusal: `AGENT_INVALID_CONFIG` at construction, `AGENT_INVALID_OPTIONS` at a call. */
  readonly code: ConfigurationErrorCode;
  /** Names already warned about by this agent: each documented-but-unimplemented option once. */
  readonly warned: Set<string>;
}

function hasOwn(record: Readonly<Record<string, unknown>>, key: string): boolean {
  return Object.hasOwn(record, key);
}

/**
 * Refuses an unknown key of `value` (one whose value is not `undefined`) and warns, once per
 * agent, about documented options Sluice does not implement. `path` prefixes the key in messages
 * and `details.option` (`defaultOptions.`, `memory.`).
 */
function checkKeys(
  value: object,
  set: OptionSet,
  ctx: OptionCheckContext,
  path: string,
  legacy?: Readonly<Record<string, string>>,
): void {
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (hasOwn(set.known, key) || record[key] === undefined) continue;
    if (hasOwn(set.unimplemented, key)) {
      const id = `${path}${key}`;
      if (!ctx.warned.has(id)) {
        ctx.warned.add(id);
        console.warn(
          `[sluice] ${ctx.owner}: option "${id}" is accepted for compatibility but not implemented: ${set.unimplemented[key]}`,
        );
      }
      continue;
    }
    if (legacy && hasOwn(legacy, key)) throw legacyShape(record, ctx, path);
    const nearest = nearestNames(key, set.valid);
    const hint =
      nearest.length > 0
        ? `did you mean ${nearest.map((name) => `"${name}"`).join(' or ')}?`
        : `valid options: ${set.valid.join(', ')}.`;
    throw new ConfigurationError(
      ctx.code,
      `${ctx.owner}: ${describeValue(`${path}${key}`)} is not one of the ${set.title}; ${hint} Unknown options are refused, not ignored: a misspelt one would silently do nothing.`,
      { details: { option: `${path}${key}`, suggestions: nearest } },
    );
  }
}

/** The legacy `{ threadId, resourceId }` call shape, refused with the `memory` option it maps to. */
function legacyShape(
  record: Record<string, unknown>,
  ctx: OptionCheckContext,
  path: string,
): ConfigurationError {
  const given = Object.keys(NOTES.legacyCallOptions).filter((key) => record[key] !== undefined);
  const thread = describeValue(typeof record.threadId === 'string' ? record.threadId : '<thread id>');
  const resource = describeValue(typeof record.resourceId === 'string' ? record.resourceId : '<owner id>');
  return new ConfigurationError(
    ctx.code,
    `${ctx.owner}: ${given.map((key) => `"${path}${key}"`).join(' and ')} ${given.length > 1 ? 'are' : 'is'} the legacy call shape, which Sluice does not read (${NOTES.legacyCallOptions[given[0] ?? 'threadId']}): pass memory: { thread: ${thread}, resource: ${resource} } instead (the agent needs a memory).`,
    { details: { option: `${path}${given[0]}` } },
  );
}

/**
 * Checks the names of `new Agent()` options, and of `defaultOptions` when it is an object.
 * @throws ConfigurationError `AGENT_INVALID_CONFIG` naming the unknown key and the nearest valid ones.
 */
export function checkAgentConfigNames(config: object, ctx: OptionCheckContext): void {
  checkKeys(config, AGENT_SET, ctx, '');
  const defaults: unknown = (config as { defaultOptions?: unknown }).defaultOptions;
  if (typeof defaults === 'object' && defaults !== null)
    checkCallOptionNames(defaults, ctx, 'defaultOptions.');
}

/**
 * Checks the names of one call's options (or of the agent's `defaultOptions`, with `path`
 * `defaultOptions.`), including the keys of its `memory` option.
 * @throws ConfigurationError with `ctx.code`, naming the unknown key and the nearest valid ones,
 *   or the `memory` shape that replaces a legacy `threadId`/`resourceId`.
 */
export function checkCallOptionNames(options: object, ctx: OptionCheckContext, path = ''): void {
  checkKeys(options, CALL_SET, ctx, path, NOTES.legacyCallOptions);
  const memory: unknown = (options as { memory?: unknown }).memory;
  if (typeof memory === 'object' && memory !== null && !Array.isArray(memory))
    checkKeys(memory, MEMORY_SET, ctx, `${path}memory.`);
}
