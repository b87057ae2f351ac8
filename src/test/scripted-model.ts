import type { Transformer } from 'node:stream/web';
import type {
  LanguageModelV2,
  LanguageModelV2CallOptions,
  LanguageModelV2Content,
  LanguageModelV2StreamPart,
  LanguageModelV2Usage,
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
  SharedV2ProviderMetadata,
  SharedV3Warning,
  SharedV4ProviderMetadata,
  SharedV4Warning,
} from '@ai-sdk/provider';
import { SluiceError } from '../errors/index.js';
import { toV2Warnings } from '../models/warnings.js';

// ---------------------------------------------------------------------------------------------
// Script types
// ---------------------------------------------------------------------------------------------

/** Finish reasons a script may end a step with. */
export type ScriptedFinishReason = 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'error' | 'other';

/** One scripted tool call. `args` may be a raw string, so invalid JSON can be scripted too. */
export interface ScriptedToolCall {
  toolName: string;
  /** Arguments as an object (serialised with `JSON.stringify`) or the raw JSON text. */
  args: object | string;
  /** Default: `call-<callIndex>-<n>` (deterministic). */
  toolCallId?: string;
}

/**
 * Token usage of a scripted step. Missing counts are estimated deterministically as
 * `ceil(characters / 4)` of the prompt (input) and of the produced text, reasoning and tool
 * arguments (output).
 */
export interface ScriptedUsage {
  inputTokens?: number;
  outputTokens?: number;
  /** Part of `outputTokens` spent on reasoning. */
  reasoningTokens?: number;
  /** Part of `inputTokens` read from the provider's prompt cache. */
  cachedInputTokens?: number;
}

/**
 * One friendly event of a scripted step. A bare string is a text delta. Consecutive text (or
 * reasoning) deltas share one text (or reasoning) block; any other event closes the block.
 */
export type ScriptedEvent =
  | string
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | ({ type: 'tool-call' } & ScriptedToolCall)
  /** Emits an `error` stream part at this point (the stream goes on). */
  | { type: 'error'; error: unknown }
  /** Emits any raw spec-V4 part at this point. */
  | { type: 'part'; part: LanguageModelV4StreamPart }
  /** Overrides the step's final `finish` part (it is always emitted last). */
  | {
      type: 'finish';
      finishReason?: ScriptedFinishReason;
      usage?: ScriptedUsage;
      providerMetadata?: SharedV4ProviderMetadata;
    };

/** The full form of a scripted step. */
export interface ScriptedStepObject {
  /** Content as friendly events. When given, `text`, `reasoning` and `toolCalls` are ignored. */
  events?: readonly ScriptedEvent[];
  /** Text, as one delta or a list of deltas. Emitted after `reasoning`. */
  text?: string | readonly string[];
  /** Reasoning, as one delta or a list of deltas. Emitted first. */
  reasoning?: string | readonly string[];
  /** Tool calls, emitted after the text as `tool-input-*` parts plus a `tool-call` part each. */
  toolCalls?: readonly ScriptedToolCall[];
  usage?: ScriptedUsage;
  /** Default: `'tool-calls'` when the step calls tools, else `'stop'`. */
  finishReason?: ScriptedFinishReason;
  /** The provider's raw finish reason reported beside the unified one. Default: none. */
  rawFinishReason?: string;
  /** `doStream`/`doGenerate` reject with exactly this value (e.g. an `APICallError`). */
  throwBeforeStream?: unknown;
  /**
   * Fails mid-stream after `after` parts (every emitted part counts, `stream-start` and
   * `response-metadata` included). `mode: 'part'` (default) emits an `error` part followed by a
   * `finish` part with reason `error`, like providers do; `mode: 'throw'` errors the stream.
   * `doGenerate` rejects with `error` in both modes.
   */
  errorAfterChunks?: { after: number; error: unknown; mode?: 'part' | 'throw' };
  /** Delay before each part, in milliseconds. */
  delayMs?: number;
  warnings?: SharedV4Warning[];
  /** Provider metadata of the `finish` part. */
  providerMetadata?: SharedV4ProviderMetadata;
  /** Default: `scripted-response-<callIndex>`. */
  responseId?: string;
  /** Model id reported in `response-metadata`. Default: the model's id. */
  modelId?: string;
  /** Timestamp reported in `response-metadata`. Default: `new Date(0)` (deterministic). */
  timestamp?: Date;
  /** Raw escape hatch: emit exactly these spec-V4 parts (content fields above are ignored). */
  parts?: readonly LanguageModelV4StreamPart[];
}

/** One model call's script: plain text, a list of friendly events, or the full object form. */
export type ScriptedStep = string | readonly ScriptedEvent[] | ScriptedStepObject;

/** Call options of any spec version a scripted model can implement. */
export type ScriptedCallOptions =
  | LanguageModelV2CallOptions
  | LanguageModelV3CallOptions
  | LanguageModelV4CallOptions;

/** The generation settings of a recorded call (only those that were set). */
export interface ScriptedCallSettings {
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  stopSequences?: string[];
  seed?: number;
}

/** One recorded model call, with the full options the model received. */
export interface ScriptedCall<O extends ScriptedCallOptions = LanguageModelV4CallOptions> {
  /** Zero-based position among all calls to this model. */
  readonly index: number;
  readonly method: 'stream' | 'generate';
  readonly options: O;
  readonly prompt: O['prompt'];
  readonly tools: O['tools'];
  readonly toolChoice: O['toolChoice'];
  readonly responseFormat: O['responseFormat'];
  readonly providerOptions: O['providerOptions'];
  readonly headers: O['headers'];
  readonly abortSignal: AbortSignal | undefined;
  readonly settings: ScriptedCallSettings;
}

/** Options of {@link ScriptedModel}, {@link scriptedModelV2} and {@link scriptedModelV3}. */
export interface ScriptedModelOptions<O extends ScriptedCallOptions = LanguageModelV4CallOptions> {
  /** One step per call, in order; or a function choosing the step from the recorded call. */
  steps: readonly ScriptedStep[] | ((call: ScriptedCall<O>) => ScriptedStep | PromiseLike<ScriptedStep>);
  /** Default: `'scripted'`. */
  provider?: string;
  /** Default: `'scripted-model'`. */
  modelId?: string;
  /** URL patterns the "provider" downloads itself. Default: `{}`. */
  supportedUrls?: Record<string, RegExp[]> | PromiseLike<Record<string, RegExp[]>>;
}

// ---------------------------------------------------------------------------------------------
// The shared engine
// ---------------------------------------------------------------------------------------------

interface StepPlan {
  parts: LanguageModelV4StreamPart[];
  /** Set in `throw` mode: the stream errors with it after the parts. */
  terminalError?: { error: unknown };
  delayMs: number;
}

/**
 * Shared engine of the scripted models: consumes one step per call, records every call, and
 * turns the step into spec-V4 parts. The spec-specific classes convert from there.
 */
export abstract class ScriptedModelBase<O extends ScriptedCallOptions> {
  readonly provider: string;
  readonly modelId: string;
  readonly supportedUrls: Record<string, RegExp[]> | PromiseLike<Record<string, RegExp[]>>;
  /** Every call so far, in order. */
  readonly calls: ScriptedCall<O>[] = [];
  readonly #steps: ScriptedModelOptions<O>['steps'];

  constructor(options: ScriptedModelOptions<O>) {
    this.#steps = options.steps;
    this.provider = options.provider ?? 'scripted';
    this.modelId = options.modelId ?? 'scripted-model';
    this.supportedUrls = options.supportedUrls ?? {};
  }

  /** The most recent call. Throws when the model has not been called yet. */
  get lastCall(): ScriptedCall<O> {
    const call = this.calls[this.calls.length - 1];
    if (call === undefined)
      throw new Error(`${this.constructor.name} "${this.modelId}" has not been called yet.`);
    return call;
  }

  /** The prompt of every call so far, in order. */
  get prompts(): Array<O['prompt']> {
    return this.calls.map((call) => call.prompt);
  }

  /** Records the call, picks its step and plans its parts (rejecting per the script). */
  protected async planCall(method: 'stream' | 'generate', options: O): Promise<StepPlan> {
    const call = recordCall(this.calls.length, method, options);
    this.calls.push(call);
    const step = normalizeStep(await this.#stepFor(call));
    if (step.throwBeforeStream !== undefined) throw step.throwBeforeStream;
    throwIfAborted(options.abortSignal);
    return planStep(step, call, this.modelId);
  }

  /** Runs a call as a spec-V4 part stream. */
  protected async streamV4(options: O): Promise<ReadableStream<LanguageModelV4StreamPart>> {
    const plan = await this.planCall('stream', options);
    return createPartStream(plan, options.abortSignal);
  }

  /** Runs a call as a spec-V4 generate result. */
  protected async generateV4(options: O): Promise<LanguageModelV4GenerateResult> {
    const plan = await this.planCall('generate', options);
    if (plan.delayMs > 0) await sleep(plan.delayMs * plan.parts.length, options.abortSignal);
    throwIfAborted(options.abortSignal);
    if (plan.terminalError !== undefined) throw plan.terminalError.error;
    return foldParts(plan.parts);
  }

  async #stepFor(call: ScriptedCall<O>): Promise<ScriptedStep> {
    const steps = this.#steps;
    if (typeof steps === 'function') return steps(call);
    const step = steps[call.index];
    if (step === undefined) {
      throw new SluiceError(
        'SCRIPTED_MODEL_EXHAUSTED',
        `${this.constructor.name} "${this.modelId}" received call #${call.index + 1}, but only ${steps.length} ` +
          `step${steps.length === 1 ? ' was' : 's were'} scripted. Add a step, or pass \`steps\` as a function.`,
        { details: { calls: call.index + 1, steps: steps.length } },
      );
    }
    return step;
  }
}

/**
 * A scripted spec-V4 language model for tests: each `doStream`/`doGenerate` call consumes the
 * next {@link ScriptedStep} and emits proper V4 parts (`stream-start`, `response-metadata`,
 * `text-*`, `reasoning-*`, `tool-input-*` + `tool-call`, `finish`). Every call is recorded in
 * `calls`; `abortSignal` is honoured (the stream errors with the abort reason).
 *
 * @example
 * const model = new ScriptedModel({ steps: [
 *   { toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' } }] },
 *   'It is sunny in Oslo.',
 * ] });
 */
export class ScriptedModel extends ScriptedModelBase<LanguageModelV4CallOptions> implements LanguageModelV4 {
  readonly specificationVersion = 'v4' as const;

  /** Streams the next scripted step. */
  async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    return { stream: await this.streamV4(options) };
  }

  /** Returns the next scripted step as one result. */
  doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    return this.generateV4(options);
  }
}

/**
 * A scripted spec-V3 language model: the same script as {@link ScriptedModel}, emitted as real
 * V3 parts (nested usage, `{ unified, raw }` finish reason). URL-only files, reasoning files and
 * custom parts have no V3 form and are dropped.
 */
export class ScriptedModelV3
  extends ScriptedModelBase<LanguageModelV3CallOptions>
  implements LanguageModelV3
{
  readonly specificationVersion = 'v3' as const;

  /** Streams the next scripted step as spec-V3 parts. */
  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const stream = await this.streamV4(options);
    return { stream: stream.pipeThrough(new TransformStream(V4_TO_V3)) };
  }

  /** Returns the next scripted step as a spec-V3 result. */
  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const result = await this.generateV4(options);
    const content: LanguageModelV3Content[] = [];
    for (const item of result.content) {
      const converted = v4ContentToV3(item);
      if (converted !== undefined) content.push(converted);
    }
    return {
      content,
      finishReason: toV3FinishReason(result.finishReason),
      usage: result.usage,
      providerMetadata: result.providerMetadata,
      response: result.response,
      warnings: result.warnings.map(toV3Warning),
    };
  }
}

/**
 * A scripted spec-V2 language model: the same script as {@link ScriptedModel}, emitted as real
 * V2 parts (flat usage, string finish reason). Parts with no V2 form are dropped.
 */
export class ScriptedModelV2
  extends ScriptedModelBase<LanguageModelV2CallOptions>
  implements LanguageModelV2
{
  readonly specificationVersion = 'v2' as const;

  /** Streams the next scripted step as spec-V2 parts. */
  async doStream(
    options: LanguageModelV2CallOptions,
  ): Promise<{ stream: ReadableStream<LanguageModelV2StreamPart> }> {
    const stream = await this.streamV4(options);
    return { stream: stream.pipeThrough(new TransformStream(V4_TO_V2)) };
  }

  /** Returns the next scripted step as a spec-V2 result. */
  async doGenerate(
    options: LanguageModelV2CallOptions,
  ): Promise<Awaited<ReturnType<LanguageModelV2['doGenerate']>>> {
    const result = await this.generateV4(options);
    const content: LanguageModelV2Content[] = [];
    for (const item of result.content) {
      const converted = v4ContentToV2(item);
      if (converted !== undefined) content.push(converted);
    }
    return {
      content,
      finishReason: toV3FinishReason(result.finishReason).unified,
      usage: toV2Usage(result.usage),
      providerMetadata: result.providerMetadata as V2Metadata,
      response: result.response,
      warnings: toV2Warnings(result.warnings),
    };
  }
}

/** Builds a scripted spec-V2 model (see {@link ScriptedModelV2}). */
export function scriptedModelV2(options: ScriptedModelOptions<LanguageModelV2CallOptions>): ScriptedModelV2 {
  return new ScriptedModelV2(options);
}

/** Builds a scripted spec-V3 model (see {@link ScriptedModelV3}). */
export function scriptedModelV3(options: ScriptedModelOptions<LanguageModelV3CallOptions>): ScriptedModelV3 {
  return new ScriptedModelV3(options);
}

// ---------------------------------------------------------------------------------------------
// Planning: script → spec-V4 parts
// ---------------------------------------------------------------------------------------------

const SETTING_KEYS = [
  'maxOutputTokens',
  'temperature',
  'topP',
  'topK',
  'presencePenalty',
  'frequencyPenalty',
  'stopSequences',
  'seed',
] as const;

function recordCall<O extends ScriptedCallOptions>(
  index: number,
  method: 'stream' | 'generate',
  options: O,
): ScriptedCall<O> {
  const settings: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) if (options[key] !== undefined) settings[key] = options[key];
  return {
    index,
    method,
    options,
    prompt: options.prompt,
    tools: options.tools,
    toolChoice: options.toolChoice,
    responseFormat: options.responseFormat,
    providerOptions: options.providerOptions,
    headers: options.headers,
    abortSignal: options.abortSignal,
    settings: settings as ScriptedCallSettings,
  };
}

function isEventList(step: ScriptedStep): step is readonly ScriptedEvent[] {
  return Array.isArray(step);
}

function normalizeStep(step: ScriptedStep): ScriptedStepObject {
  if (typeof step === 'string') return { text: step };
  if (isEventList(step)) return { events: step };
  if (typeof step !== 'object' || step === null) {
    throw new TypeError(
      `Invalid scripted step: expected a string, an event list or an object, got ${typeof step}.`,
    );
  }
  return step;
}

function eventsOf(step: ScriptedStepObject): readonly ScriptedEvent[] {
  if (step.events !== undefined) return step.events;
  const events: ScriptedEvent[] = [];
  for (const text of asList(step.reasoning)) events.push({ type: 'reasoning', text });
  for (const text of asList(step.text)) events.push({ type: 'text', text });
  for (const call of step.toolCalls ?? []) events.push({ type: 'tool-call', ...call });
  return events;
}

function asList(value: string | readonly string[] | undefined): readonly string[] {
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : value;
}

function planStep(
  step: ScriptedStepObject,
  call: ScriptedCall<ScriptedCallOptions>,
  modelId: string,
): StepPlan {
  let parts = step.parts !== undefined ? [...step.parts] : contentParts(step, call, modelId);
  let terminalError: StepPlan['terminalError'];
  const failure = step.errorAfterChunks;
  if (failure !== undefined) {
    const after = Math.max(0, Math.floor(failure.after));
    if (failure.mode === 'throw') {
      parts = parts.slice(0, after);
      terminalError = { error: failure.error };
    } else {
      let finishAt = parts.length;
      for (let i = parts.length - 1; i >= 0; i--) {
        if (parts[i].type === 'finish') {
          finishAt = i;
          break;
        }
      }
      const finish = parts[finishAt] as Extract<LanguageModelV4StreamPart, { type: 'finish' }> | undefined;
      parts = parts.slice(0, Math.min(after, finishAt));
      parts.push({ type: 'error', error: failure.error });
      parts.push({
        type: 'finish',
        usage: finish?.usage ?? toV4Usage(undefined, 0, 0),
        finishReason: { unified: 'error', raw: undefined },
        providerMetadata: finish?.providerMetadata,
      });
    }
  }
  return { parts, terminalError, delayMs: step.delayMs ?? 0 };
}

function contentParts(
  step: ScriptedStepObject,
  call: ScriptedCall<ScriptedCallOptions>,
  modelId: string,
): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [
    { type: 'stream-start', warnings: step.warnings ?? [] },
    {
      type: 'response-metadata',
      id: step.responseId ?? `scripted-response-${call.index}`,
      modelId: step.modelId ?? modelId,
      timestamp: step.timestamp ?? new Date(0),
    },
  ];
  let open: { kind: 'text' | 'reasoning'; id: string } | undefined;
  const counters = { text: 0, reasoning: 0, tool: 0 };
  let calledTools = false;
  let outputChars = 0;
  let finish: Extract<ScriptedEvent, { type: 'finish' }> | undefined;
  const close = () => {
    if (open === undefined) return;
    parts.push({ type: open.kind === 'text' ? 'text-end' : 'reasoning-end', id: open.id });
    open = undefined;
  };

  for (const raw of eventsOf(step)) {
    const event = typeof raw === 'string' ? ({ type: 'text', text: raw } as const) : raw;
    switch (event.type) {
      case 'text':
      case 'reasoning': {
        if (open?.kind !== event.type) {
          close();
          open = { kind: event.type, id: `${event.type}-${counters[event.type]++}` };
          parts.push({ type: event.type === 'text' ? 'text-start' : 'reasoning-start', id: open.id });
        }
        parts.push({
          type: event.type === 'text' ? 'text-delta' : 'reasoning-delta',
          id: open.id,
          delta: event.text,
        });
        outputChars += event.text.length;
        break;
      }
      case 'tool-call': {
        close();
        calledTools = true;
        const id = event.toolCallId ?? `call-${call.index}-${counters.tool++}`;
        const input = typeof event.args === 'string' ? event.args : JSON.stringify(event.args);
        outputChars += event.toolName.length + input.length;
        parts.push({ type: 'tool-input-start', id, toolName: event.toolName });
        parts.push({ type: 'tool-input-delta', id, delta: input });
        parts.push({ type: 'tool-input-end', id });
        parts.push({ type: 'tool-call', toolCallId: id, toolName: event.toolName, input });
        break;
      }
      case 'error':
        close();
        parts.push({ type: 'error', error: event.error });
        break;
      case 'part':
        parts.push(event.part);
        break;
      case 'finish':
        finish = event;
        break;
    }
  }
  close();

  const usage = finish?.usage ?? step.usage;
  parts.push({
    type: 'finish',
    usage: toV4Usage(usage, estimateTokens(promptChars(call.prompt)), estimateTokens(outputChars)),
    finishReason: {
      unified: finish?.finishReason ?? step.finishReason ?? (calledTools ? 'tool-calls' : 'stop'),
      raw: step.rawFinishReason,
    },
    providerMetadata: finish?.providerMetadata ?? step.providerMetadata,
  });
  return parts;
}

function toV4Usage(
  usage: ScriptedUsage | undefined,
  inputEstimate: number,
  outputEstimate: number,
): LanguageModelV4Usage {
  const input = usage?.inputTokens ?? inputEstimate;
  const output = usage?.outputTokens ?? outputEstimate;
  const cached = usage?.cachedInputTokens;
  const reasoning = usage?.reasoningTokens;
  return {
    inputTokens: {
      total: input,
      noCache: cached === undefined ? input : input - cached,
      cacheRead: cached,
      cacheWrite: undefined,
    },
    outputTokens: { total: output, text: reasoning === undefined ? output : output - reasoning, reasoning },
  };
}

function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

/** Characters of text in a prompt of any spec version (files are not counted). */
function promptChars(prompt: ScriptedCallOptions['prompt'] | undefined): number {
  let chars = 0;
  for (const message of prompt ?? []) {
    if (typeof message.content === 'string') {
      chars += message.content.length;
      continue;
    }
    for (const part of message.content as ReadonlyArray<{
      type: string;
      text?: unknown;
      input?: unknown;
      output?: unknown;
    }>) {
      if (typeof part.text === 'string') chars += part.text.length;
      else if (part.type === 'tool-call') chars += jsonLength(part.input);
      else if (part.type === 'tool-result') chars += jsonLength(part.output);
    }
  }
  return chars;
}

function jsonLength(value: unknown): number {
  if (typeof value === 'string') return value.length;
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------------------------------------
// Emission: parts → stream / generate result
// ---------------------------------------------------------------------------------------------

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

function createPartStream(
  plan: StepPlan,
  signal: AbortSignal | undefined,
): ReadableStream<LanguageModelV4StreamPart> {
  const { parts, terminalError, delayMs } = plan;
  let index = 0;
  let finished = false;
  let onAbort: (() => void) | undefined;
  const finish = () => {
    finished = true;
    if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
  };
  return new ReadableStream<LanguageModelV4StreamPart>({
    start(controller) {
      if (signal === undefined) return;
      onAbort = () => {
        if (finished) return;
        finish();
        controller.error(abortReason(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
    },
    pull(controller) {
      const step = () => {
        if (finished) return;
        if (index < parts.length) {
          controller.enqueue(parts[index++]);
          if (index < parts.length || terminalError !== undefined) return;
        }
        // Erroring discards queued parts, so a terminal error waits for the next pull (after the
        // consumer has read the last part); a plain close can happen right away.
        finish();
        if (terminalError !== undefined) controller.error(terminalError.error);
        else controller.close();
      };
      // Synchronous when there is no delay: a scripted model should cost what a fast provider does.
      if (delayMs > 0) return sleep(delayMs, signal).then(step);
      step();
    },
    cancel() {
      finish();
    },
  });
}

function foldParts(parts: readonly LanguageModelV4StreamPart[]): LanguageModelV4GenerateResult {
  const content: LanguageModelV4Content[] = [];
  const blocks = new Map<string, { type: 'text' | 'reasoning'; text: string }>();
  const result: LanguageModelV4GenerateResult = {
    content,
    finishReason: { unified: 'other', raw: undefined },
    usage: toV4Usage(undefined, 0, 0),
    warnings: [],
  };
  for (const part of parts) {
    switch (part.type) {
      case 'stream-start':
        result.warnings = part.warnings;
        break;
      case 'response-metadata':
        result.response = { id: part.id, modelId: part.modelId, timestamp: part.timestamp };
        break;
      case 'text-start':
      case 'reasoning-start': {
        const block = {
          type: part.type === 'text-start' ? ('text' as const) : ('reasoning' as const),
          text: '',
        };
        blocks.set(`${block.type}:${part.id}`, block);
        content.push(block);
        break;
      }
      case 'text-delta':
      case 'reasoning-delta': {
        const block = blocks.get(`${part.type === 'text-delta' ? 'text' : 'reasoning'}:${part.id}`);
        if (block !== undefined) block.text += part.delta;
        break;
      }
      case 'tool-call':
      case 'tool-result':
      case 'tool-approval-request':
      case 'file':
      case 'reasoning-file':
      case 'source':
      case 'custom':
        content.push(part);
        break;
      case 'error':
        throw part.error;
      case 'finish':
        result.finishReason = part.finishReason;
        result.usage = part.usage;
        result.providerMetadata = part.providerMetadata;
        break;
      default:
        break;
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Spec-version conversion: V4 → V3 / V2
// ---------------------------------------------------------------------------------------------

function toV3FinishReason(reason: LanguageModelV4FinishReason): LanguageModelV3FinishReason {
  return reason.unified === 'interrupted'
    ? { unified: 'other', raw: reason.raw ?? 'interrupted' }
    : (reason as LanguageModelV3FinishReason);
}

function toV3Warning(warning: SharedV4Warning): SharedV3Warning {
  return warning.type === 'deprecated'
    ? { type: 'other', message: `deprecated setting ${warning.setting}: ${warning.message}` }
    : warning;
}

function toV2Usage(usage: LanguageModelV4Usage): LanguageModelV2Usage {
  const input = usage.inputTokens.total;
  const output = usage.outputTokens.total;
  return {
    inputTokens: input,
    outputTokens: output,
    totalTokens: input === undefined && output === undefined ? undefined : (input ?? 0) + (output ?? 0),
    reasoningTokens: usage.outputTokens.reasoning,
    cachedInputTokens: usage.inputTokens.cacheRead,
  };
}

const V4_TO_V3: Transformer<LanguageModelV4StreamPart, LanguageModelV3StreamPart> = {
  transform(part, controller) {
    switch (part.type) {
      case 'stream-start':
        controller.enqueue({ type: 'stream-start', warnings: part.warnings.map(toV3Warning) });
        return;
      case 'finish':
        controller.enqueue({
          type: 'finish',
          usage: part.usage,
          finishReason: toV3FinishReason(part.finishReason),
          providerMetadata: part.providerMetadata,
        });
        return;
      case 'file':
        if (part.data.type === 'data') {
          controller.enqueue({
            type: 'file',
            mediaType: part.mediaType,
            data: part.data.data,
            providerMetadata: part.providerMetadata,
          });
        }
        return;
      case 'reasoning-file':
      case 'custom':
      case 'ping':
        return;
      default:
        controller.enqueue(part);
    }
  },
};

type V2Metadata = SharedV2ProviderMetadata | undefined;

const V4_TO_V2: Transformer<LanguageModelV4StreamPart, LanguageModelV2StreamPart> = {
  transform(part, controller) {
    switch (part.type) {
      case 'stream-start':
        controller.enqueue({ type: 'stream-start', warnings: toV2Warnings(part.warnings) });
        return;
      case 'finish':
        controller.enqueue({
          type: 'finish',
          usage: toV2Usage(part.usage),
          finishReason: toV3FinishReason(part.finishReason).unified,
          providerMetadata: part.providerMetadata as V2Metadata,
        });
        return;
      case 'file':
        if (part.data.type === 'data')
          controller.enqueue({ type: 'file', mediaType: part.mediaType, data: part.data.data });
        return;
      case 'tool-result':
        if (part.preliminary === true) return;
        controller.enqueue({
          type: 'tool-result',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          result: part.result,
          isError: part.isError,
          providerExecuted: true,
          providerMetadata: part.providerMetadata as V2Metadata,
        });
        return;
      case 'reasoning-file':
      case 'custom':
      case 'ping':
      case 'tool-approval-request':
        return;
      default:
        controller.enqueue(part as LanguageModelV2StreamPart);
    }
  },
};

function v4ContentToV3(item: LanguageModelV4Content): LanguageModelV3Content | undefined {
  switch (item.type) {
    case 'file':
      return item.data.type === 'data'
        ? {
            type: 'file',
            mediaType: item.mediaType,
            data: item.data.data,
            providerMetadata: item.providerMetadata,
          }
        : undefined;
    case 'reasoning-file':
    case 'custom':
      return undefined;
    default:
      return item;
  }
}

function v4ContentToV2(item: LanguageModelV4Content): LanguageModelV2Content | undefined {
  switch (item.type) {
    case 'file':
      return item.data.type === 'data'
        ? { type: 'file', mediaType: item.mediaType, data: item.data.data }
        : undefined;
    case 'tool-result':
      return {
        type: 'tool-result',
        toolCallId: item.toolCallId,
        toolName: item.toolName,
        result: item.result,
        isError: item.isError,
        providerExecuted: true,
        providerMetadata: item.providerMetadata as V2Metadata,
      };
    case 'text':
      return { type: 'text', text: item.text, providerMetadata: item.providerMetadata as V2Metadata };
    case 'reasoning':
    case 'tool-call':
    case 'source':
      return item as LanguageModelV2Content;
    default:
      return undefined;
  }
}
