import type { JSONSchema7, LanguageModelV2Prompt } from '@ai-sdk/provider';
import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { RunUsageContext } from '../../cost/run-usage.js';
import type { ModelConfig, ProviderOptions } from '../../models/call-settings.js';
import { resolveModel } from '../../models/resolve-model.js';
import type { LanguageModelUsage, MastraLanguageModel } from '../../models/types.js';
import { activeTracer } from '../../pipeline/tracing.js';
import type { TracingContext } from '../../pipeline/types.js';
import { GEN_AI_ATTRIBUTES } from '../../tracing/gen-ai.js';
import { GuardrailCheckError, GuardrailTimeoutError } from './errors.js';
import { parseLenientJson } from './lenient-json.js';

/** `structuredOutputOptions` of the LLM-backed guardrails. */
export interface GuardrailStructuredOutputOptions {
  /**
   * `true`: describe the JSON shape in the prompt instead of asking the provider for JSON mode
   * (for models without native JSON output). Default `false`.
   */
  jsonPromptInjection?: boolean;
}

/** Arguments of {@link askJudge}. */
export interface AskJudgeArgs {
  /** The guardrail asking; named in every error. */
  processorId: string;
  /** The helper model: a model object or router string (resolved once per object and reused). */
  model: ModelConfig;
  /** The system prompt: what to judge and the JSON shape to answer with. */
  instructions: string;
  /** The text to judge, as the user message. */
  prompt: string;
  /** JSON Schema of the answer; sent as the provider's JSON response format unless prompt-injected. */
  schema?: JSONSchema7;
  providerOptions?: ProviderOptions;
  structuredOutputOptions?: GuardrailStructuredOutputOptions;
  /** Budget of the call in milliseconds; past it the call is cancelled with `GuardrailTimeoutError`. */
  timeoutMs?: number;
  /** The run's signal: when it fires the call stops and its reason is thrown as is (not a check failure). */
  abortSignal?: AbortSignal;
  /**
   * The hook's tracing context: with an OpenTelemetry SDK registered, the helper call is a
   * GenAI model-call span `chat <model>` (child of the hook's span) with the processor id, the
   * model and the outcome.
   */
  tracingContext?: TracingContext;
  /**
   * The hook's `usageRecorder`: the helper call is reported to it once it ends (answered or
   * not), so cost budgets (`TokenCostControl`) count it as a `helper` call of `processorId`.
   */
  usageRecorder?: RunUsageContext;
}

const JSON_ONLY = 'Answer with one JSON object only: no prose before or after it, no code fences.';

// Resolved helper models, per model object (router strings are resolved per distinct string).
const resolvedObjects = new WeakMap<object, Promise<MastraLanguageModel>>();
const resolvedIds = new Map<string, Promise<MastraLanguageModel>>();

function helperModel(config: ModelConfig): Promise<MastraLanguageModel> {
  const cache = typeof config === 'string' ? resolvedIds : resolvedObjects;
  const key = config as never;
  let model = (cache as Map<unknown, Promise<MastraLanguageModel>>).get(key);
  if (model === undefined) {
    model = resolveModel(config as never);
    (cache as Map<unknown, Promise<MastraLanguageModel>>).set(key, model);
    // A model that failed to resolve (a missing key, say) is tried again next time.
    model.catch(() => (cache as Map<unknown, Promise<MastraLanguageModel>>).delete(key));
  }
  return model;
}

/**
 * Asks a guardrail's helper model once and returns its answer as a parsed JSON object.
 *
 * One streaming call through the codebase's model adapters (any AI SDK spec version, router
 * strings), with the instructions as the system message and `prompt` as the user message. The
 * answer is parsed leniently (`parseLenientJson`: fences and prose around the JSON are fine).
 *
 * @throws GuardrailTimeoutError when `timeoutMs` runs out (the call is cancelled).
 * @throws GuardrailCheckError when the model fails, returns an error part, or answers without a
 *   JSON object (the message names the processor and quotes the start of the answer).
 * @throws the run signal's reason when `abortSignal` fires (aborting is not a check failure).
 */
export async function askJudge(args: AskJudgeArgs): Promise<unknown> {
  const span = judgeSpan(args);
  if (span === undefined) return judge(args);
  try {
    const value = await judge(args);
    span.setAttribute(JUDGE_SPAN_ATTRIBUTES.outcome, 'answered');
    return value;
  } catch (error) {
    span.setAttribute(
      JUDGE_SPAN_ATTRIBUTES.outcome,
      GuardrailTimeoutError.isInstance(error) ? 'timeout' : 'failed',
    );
    if (error instanceof Error) span.recordException(error);
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: error instanceof Error ? error.message : String(error),
    });
    throw error;
  } finally {
    span.end();
  }
}

/** Attribute names of the helper-call span. */
export const JUDGE_SPAN_ATTRIBUTES = {
  processorId: 'sluice.processor.id',
  model: 'sluice.guardrail.model',
  outcome: 'sluice.guardrail.outcome',
} as const;

/** A span for the helper call when tracing is on (no span at all otherwise). */
function judgeSpan(args: AskJudgeArgs): Span | undefined {
  const tracer = activeTracer();
  if (tracer === undefined) return undefined;
  const parent = args.tracingContext?.currentSpan as Span | undefined;
  const model = args.model as { provider?: unknown; modelId?: unknown } | string;
  const name =
    typeof model === 'string'
      ? model
      : typeof model.modelId === 'string'
        ? `${String(model.provider ?? '')}/${model.modelId}`
        : 'model';
  // A router string "provider/model" names both; a model object carries them.
  const slash = name.indexOf('/');
  const provider =
    typeof model === 'string' ? (slash > 0 ? name.slice(0, slash) : '') : String(model.provider ?? '');
  const modelId =
    typeof model === 'string'
      ? name.slice(slash + 1)
      : typeof model.modelId === 'string'
        ? model.modelId
        : name;
  // Named and attributed as a GenAI model call, so backends show judge calls as such.
  return tracer.startSpan(
    `chat ${modelId}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        [GEN_AI_ATTRIBUTES.operationName]: 'chat',
        [GEN_AI_ATTRIBUTES.providerName]: provider,
        [GEN_AI_ATTRIBUTES.requestModel]: modelId,
        [JUDGE_SPAN_ATTRIBUTES.processorId]: args.processorId,
        [JUDGE_SPAN_ATTRIBUTES.model]: name,
      },
    },
    parent !== undefined && typeof parent.spanContext === 'function'
      ? trace.setSpan(context.active(), parent)
      : undefined,
  );
}

async function judge(args: AskJudgeArgs): Promise<unknown> {
  const { processorId, abortSignal, timeoutMs } = args;
  abortSignal?.throwIfAborted();
  const controller = new AbortController();
  let timedOut = false;
  const onRunAbort = () => controller.abort(abortSignal?.reason);
  abortSignal?.addEventListener('abort', onRunAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const budget = new Promise<never>((_, reject) => {
    controller.signal.addEventListener(
      'abort',
      () =>
        reject(
          timedOut
            ? new GuardrailTimeoutError(processorId, timeoutMs ?? 0, 'its helper model')
            : controller.signal.reason,
        ),
      { once: true },
    );
  });
  budget.catch(() => {});
  if (timeoutMs !== undefined) {
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  }
  try {
    const text = await Promise.race([callModel(args, controller.signal), budget]);
    const value = parseLenientJson(text);
    if (value === undefined) {
      const start = text.trim().slice(0, 120);
      throw new GuardrailCheckError(
        processorId,
        `${processorId}: the helper model's answer has no JSON object (it began ${JSON.stringify(start)}). Use a model that follows JSON instructions, set structuredOutputOptions.jsonPromptInjection, or check "instructions".`,
        { details: { failure: 'unparseable', answer: start } },
      );
    }
    return value;
  } catch (error) {
    if (abortSignal?.aborted) throw abortSignal.reason;
    if (timedOut) throw new GuardrailTimeoutError(processorId, timeoutMs ?? 0, 'its helper model');
    if (GuardrailCheckError.isInstance(error) || GuardrailTimeoutError.isInstance(error)) throw error;
    throw new GuardrailCheckError(
      processorId,
      `${processorId}: the helper model failed: ${error instanceof Error ? error.message : String(error)}. Check the model and its API key, or use mode: 'offline'.`,
      { cause: error, details: { failure: 'model-error' } },
    );
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    abortSignal?.removeEventListener('abort', onRunAbort);
  }
}

async function callModel(args: AskJudgeArgs, signal: AbortSignal): Promise<string> {
  const model = await helperModel(args.model);
  const inject = args.structuredOutputOptions?.jsonPromptInjection === true;
  let system = `${args.instructions}\n\n${JSON_ONLY}`;
  if (inject && args.schema !== undefined)
    system += `\nJSON Schema of the answer: ${JSON.stringify(args.schema)}`;
  const prompt: LanguageModelV2Prompt = [
    { role: 'system', content: system },
    { role: 'user', content: [{ type: 'text', text: args.prompt }] },
  ];
  let usage: LanguageModelUsage | undefined;
  // Reported once, when the call ends however it ends (a rejected request included).
  const report = () =>
    args.usageRecorder?.report({ model, kind: 'helper', usage, processorId: args.processorId });
  let source: Awaited<ReturnType<MastraLanguageModel['doStream']>>;
  try {
    source = await model.doStream({
      prompt,
      responseFormat: inject ? undefined : { type: 'json', ...(args.schema ? { schema: args.schema } : {}) },
      providerOptions: args.providerOptions,
      abortSignal: signal,
    });
  } catch (error) {
    report();
    throw error;
  }
  const reader = source.stream.getReader();
  let text = '';
  let finished = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        finished = true;
        break;
      }
      const part = next.value;
      if (part.type === 'text-delta') text += part.delta;
      else if (part.type === 'finish') usage = part.usage;
      else if (part.type === 'error') throw part.error;
    }
  } finally {
    if (!finished) reader.cancel().catch(() => {});
    reader.releaseLock();
    report();
  }
  return text;
}
