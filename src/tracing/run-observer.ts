/**
 * One run's observer: its OpenTelemetry spans and, when asked for, its run record. It exists only
 * while an SDK is registered or the caller asked for a record; otherwise the run has none and the
 * hot path pays nothing.
 *
 * Span tree (parents are passed explicitly, so the tree holds even without a context manager):
 *
 *   invoke_agent <agent id>
 *   ├─ sluice.processor.processInput …            (hooks outside steps)
 *   ├─ step <n>                                    (one per step attempt)
 *   │  ├─ sluice.processor.<hook> …               (the step's hooks)
 *   │  ├─ sluice.processor.processOutputStream    (one per processor per step, with chunk counts)
 *   │  ├─ chat <model>                            (the model call)
 *   │  └─ execute_tool <name> …
 *   └─ sluice.processor.processOutputResult …
 */
import { createHash } from 'node:crypto';
import {
  type Attributes,
  type Context,
  context,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { describeError } from '../errors/error-chain.js';
import { TripWire } from '../errors/tripwire.js';
import type { MessageList } from '../messages/message-list.js';
import { GEN_AI_ATTRIBUTES as G, SLUICE_ATTRIBUTES as S } from './gen-ai.js';
import { recordedError } from './recording-format.js';
import {
  type HookOutcome,
  type RecordedChunkCounts,
  type RecordedHookInvocation,
  type RecordedMemory,
  type RecordedModelCall,
  type RecordedToolCall,
  RUN_RECORD_VERSION,
  type RunRecord,
} from './run-record.js';
import { SENSITIVE_VALUES, SensitiveValues } from './sensitive.js';
import { type ConversationPicture, diffPictures, pictureOf } from './snapshot.js';

/** What a run observer is told at its start. */
export interface RunObserverOptions {
  tracer: Tracer | undefined;
  agentId?: string;
  runId?: string;
  /** The memory thread: the span's `gen_ai.conversation.id`. */
  threadId?: string;
  resourceId?: string;
  /** Keep a run record. */
  record?: boolean;
  /** Leave guardrail-flagged values unmasked in the record. */
  recordSensitive?: boolean;
  /** Put prompts on model-call spans and tool arguments on tool spans. */
  recordInputs?: boolean;
  /** Put answers on model-call spans and tool results on tool spans. */
  recordOutputs?: boolean;
}

/** What hooks see as `tracingContext`: the current span and, when recording, the flag sink. */
interface ObservedTracingContext {
  currentSpan?: Span;
  [SENSITIVE_VALUES]?: SensitiveValues;
}

/** One hook invocation under observation. */
export interface HookHandle {
  /** What the hook gets as `tracingContext`. */
  readonly tracing: ObservedTracingContext;
  /** Run `call` with the hook's span current, so spans the hook starts are its children. */
  run<T>(call: () => T): T;
  /**
   * End the invocation. `outcome` is what the result said; a hook that reported `passed` but
   * changed the conversation in place is reported `changed`. Returns the outcome reported.
   */
  end(outcome: HookOutcome, error?: unknown): HookOutcome;
}

/** One processor's stream hook over one step: a single span, chunk counts. */
export interface StreamHandle {
  readonly tracing: ObservedTracingContext;
  run<T>(call: () => T): T;
  /** Count one chunk: the chunk given and what the hook returned. */
  count(before: unknown, after: unknown): void;
  /** The hook threw (or aborted) on a chunk: the span ends with that outcome. */
  fail(outcome: HookOutcome, error: unknown): void;
}

/** A model call under observation. */
export interface ModelCallHandle {
  /** The call ended; later calls are ignored. */
  end(result: {
    finishReason?: string;
    usage?: { inputTokens?: number; outputTokens?: number; totalTokens?: number };
    responseModel?: string;
    text?: string;
    error?: unknown;
  }): void;
}

interface StepFrame {
  number: number;
  attempt: number;
  span: Span | undefined;
  ctx: Context;
}

/** Observes one run. Made by {@link createRunObserver}; `undefined` when nothing observes. */
export class RunObserver {
  readonly #o: RunObserverOptions;
  readonly #tracer: Tracer | undefined;
  readonly #started = Date.now();
  readonly #sensitive: SensitiveValues | undefined;
  readonly #root: Span | undefined;
  readonly #rootCtx: Context;
  #step: StepFrame | undefined;
  /**
   * The step attempt that ended last: the error processors handling its failure run after it
   * ended and belong under it (OpenTelemetry allows children to start after their parent ended).
   */
  #lastStep: StepFrame | undefined;
  readonly #attempts = new Map<number, number>();
  readonly #streams = new Map<string, StreamAggregate>();
  readonly #hooks: RecordedHookInvocation[] | undefined;
  readonly #modelCalls: RecordedModelCall[] = [];
  readonly #toolCalls: RecordedToolCall[] = [];
  #memory: RecordedMemory | undefined;

  constructor(options: RunObserverOptions) {
    this.#o = options;
    this.#tracer = options.tracer;
    this.#hooks = options.record === true ? [] : undefined;
    // Flags are collected whenever something could leak them: the record, or span content.
    this.#sensitive =
      options.record === true || options.recordInputs === true || options.recordOutputs === true
        ? new SensitiveValues()
        : undefined;
    const active = context.active();
    if (this.#tracer !== undefined && options.agentId !== undefined) {
      const attributes: Attributes = {
        [G.operationName]: 'invoke_agent',
        [G.agentId]: options.agentId,
        [G.agentName]: options.agentId,
      };
      if (options.runId !== undefined) attributes[S.runId] = options.runId;
      if (options.threadId !== undefined) attributes[G.conversationId] = options.threadId;
      this.#root = this.#tracer.startSpan(
        `invoke_agent ${options.agentId}`,
        { kind: SpanKind.INTERNAL, attributes },
        active,
      );
      this.#rootCtx = trace.setSpan(active, this.#root);
    } else {
      this.#root = undefined;
      this.#rootCtx = active;
    }
  }

  /** True when a run record is kept. */
  get recording(): boolean {
    return this.#hooks !== undefined;
  }

  /** The hook invocations recorded so far (empty when no record is kept). */
  get hookInvocations(): readonly RecordedHookInvocation[] {
    return this.#hooks ?? [];
  }

  /** Context for work of the step `stepNumber` (the step's span), or the run's. */
  #parent(stepNumber: number | undefined): Context {
    if (stepNumber === undefined) return this.#rootCtx;
    const step = this.#step ?? this.#lastStep;
    return step !== undefined && step.number === stepNumber ? step.ctx : this.#rootCtx;
  }

  #attempt(stepNumber: number | undefined): number {
    return stepNumber === undefined ? 0 : (this.#attempts.get(stepNumber) ?? 0);
  }

  #tracing(span: Span | undefined): ObservedTracingContext {
    const tracing: ObservedTracingContext = {};
    if (span !== undefined) tracing.currentSpan = span;
    if (this.#sensitive !== undefined) tracing[SENSITIVE_VALUES] = this.#sensitive;
    return tracing;
  }

  #ms(): number {
    return Date.now() - this.#started;
  }

  // ---- steps ---------------------------------------------------------------------------

  /** A step attempt begins: its span becomes the parent of the step's work. */
  startStep(stepNumber: number): void {
    const seen = this.#attempts.get(stepNumber);
    const attempt = seen === undefined ? 0 : seen + 1;
    this.#attempts.set(stepNumber, attempt);
    let span: Span | undefined;
    let ctx = this.#rootCtx;
    if (this.#tracer !== undefined) {
      span = this.#tracer.startSpan(
        `step ${stepNumber}`,
        { attributes: { [S.stepNumber]: stepNumber, [S.stepAttempt]: attempt } },
        this.#rootCtx,
      );
      ctx = trace.setSpan(this.#rootCtx, span);
    }
    this.#step = { number: stepNumber, attempt, span, ctx };
  }

  /** The step attempt ended (`error` when it failed or was rejected). */
  endStep(stepNumber: number, error?: unknown): void {
    this.closeStreams(stepNumber);
    const step = this.#step;
    if (step === undefined || step.number !== stepNumber) return;
    if (step.span !== undefined) {
      if (error !== undefined) {
        const retried = TripWire.isInstance(error) && error.options.retry === true;
        step.span.setStatus({ code: SpanStatusCode.ERROR, message: describeError(error) });
        if (retried) step.span.setAttribute(S.tripwireReason, error.message);
      }
      step.span.end();
    }
    this.#lastStep = step;
    this.#step = undefined;
  }

  // ---- hooks ---------------------------------------------------------------------------

  /** Observe one (non-stream) hook invocation. */
  startHook(
    processorId: string,
    hook: string,
    stepNumber: number | undefined,
    list: MessageList,
  ): HookHandle {
    const span = this.#tracer?.startSpan(
      `sluice.processor.${hook}`,
      {
        attributes: {
          [S.processorId]: processorId,
          [S.hook]: hook,
          ...(stepNumber !== undefined ? { [S.stepNumber]: stepNumber } : {}),
          ...(this.#o.runId !== undefined ? { [S.runId]: this.#o.runId } : {}),
        },
      },
      this.#parent(stepNumber),
    );
    const ctx = span !== undefined ? trace.setSpan(this.#parent(stepNumber), span) : undefined;
    const before: ConversationPicture = pictureOf(list);
    const startMs = this.#ms();
    const attempt = this.#attempt(stepNumber);
    const tracing = this.#tracing(span);
    return {
      tracing,
      run: (call) => (ctx === undefined ? call() : context.with(ctx, call)),
      end: (reported, error) => {
        const diff = diffPictures(before, pictureOf(list));
        const outcome = reported === 'passed' && diff !== undefined ? 'changed' : reported;
        if (span !== undefined) endSpan(span, outcome, error);
        if (this.#hooks !== undefined) {
          const entry: RecordedHookInvocation = {
            processorId,
            hook,
            ...(stepNumber !== undefined ? { stepNumber } : {}),
            attempt,
            startMs,
            durationMs: this.#ms() - startMs,
            outcome,
          };
          if (diff !== undefined) entry.messages = diff;
          describeFailure(entry, error);
          this.#hooks.push(entry);
        }
        return outcome;
      },
    };
  }

  /** The stream hook of `processorId` for the step `stepNumber` (one span per step, not per chunk). */
  streamHook(processorId: string, stepNumber: number | undefined): StreamHandle {
    const key = `${stepNumber ?? '-'}:${processorId}`;
    let aggregate = this.#streams.get(key);
    if (aggregate === undefined) {
      const parent = this.#parent(stepNumber);
      const span = this.#tracer?.startSpan(
        'sluice.processor.processOutputStream',
        {
          attributes: {
            [S.processorId]: processorId,
            [S.hook]: 'processOutputStream',
            ...(stepNumber !== undefined ? { [S.stepNumber]: stepNumber } : {}),
            ...(this.#o.runId !== undefined ? { [S.runId]: this.#o.runId } : {}),
          },
        },
        parent,
      );
      aggregate = new StreamAggregate(
        processorId,
        stepNumber,
        this.#attempt(stepNumber),
        this.#ms(),
        span,
        span === undefined ? undefined : trace.setSpan(parent, span),
        this.#tracing(span),
      );
      this.#streams.set(key, aggregate);
    }
    return aggregate;
  }

  closeStreams(stepNumber: number | undefined): void {
    for (const [key, aggregate] of this.#streams) {
      if (stepNumber !== undefined && aggregate.stepNumber !== stepNumber) continue;
      this.#streams.delete(key);
      const entry = aggregate.close(this.#ms());
      this.#hooks?.push(entry);
    }
  }

  // ---- model and tool calls ----------------------------------------------------------

  /** Observe one model call of step `stepNumber` (a cached response replayed counts, as a hit). */
  startModelCall(call: {
    stepNumber: number;
    provider: string;
    modelId: string;
    prompt: unknown[];
    settings: Record<string, unknown>;
    cacheHit: boolean;
  }): ModelCallHandle {
    const startMs = this.#ms();
    const attributes: Attributes = {
      [G.operationName]: 'chat',
      [G.providerName]: call.provider,
      [G.requestModel]: call.modelId,
      [S.stepNumber]: call.stepNumber,
      [S.cacheHit]: call.cacheHit,
    };
    if (this.#o.agentId !== undefined) attributes[G.agentId] = this.#o.agentId;
    if (this.#o.threadId !== undefined) attributes[G.conversationId] = this.#o.threadId;
    if (typeof call.settings.temperature === 'number') attributes[G.temperature] = call.settings.temperature;
    if (typeof call.settings.maxOutputTokens === 'number')
      attributes[G.maxTokens] = call.settings.maxOutputTokens;
    const span = this.#tracer?.startSpan(
      `chat ${call.modelId}`,
      { kind: SpanKind.CLIENT, attributes },
      this.#parent(call.stepNumber),
    );
    const attempt = this.#attempt(call.stepNumber);
    const serialisedPrompt = JSON.stringify(call.prompt) ?? '[]';
    let ended = false;
    return {
      end: (result) => {
        // The first end wins: a failed call is ended where it throws, then again on cleanup.
        if (ended) return;
        ended = true;
        if (span !== undefined) {
          if (result.finishReason !== undefined && result.error === undefined)
            span.setAttribute(G.finishReasons, [result.finishReason]);
          if (result.responseModel !== undefined) span.setAttribute(G.responseModel, result.responseModel);
          if (result.usage?.inputTokens !== undefined)
            span.setAttribute(G.inputTokens, result.usage.inputTokens);
          if (result.usage?.outputTokens !== undefined)
            span.setAttribute(G.outputTokens, result.usage.outputTokens);
          // Content only on request, and with flagged values masked: spans leave the process.
          if (this.#o.recordInputs === true)
            span.setAttribute(G.inputMessages, this.#masked(serialisedPrompt));
          if (this.#o.recordOutputs === true && result.text !== undefined) {
            span.setAttribute(
              G.outputMessages,
              this.#masked(
                JSON.stringify([
                  { role: 'assistant', parts: [{ type: 'text', content: result.text }] },
                ]) as string,
              ),
            );
          }
          if (result.error !== undefined) failSpan(span, result.error);
          span.end();
        }
        if (this.#hooks === undefined) return;
        const entry: RecordedModelCall = {
          stepNumber: call.stepNumber,
          attempt,
          provider: call.provider,
          model: call.modelId,
          promptDigest: createHash('sha256').update(serialisedPrompt).digest('hex').slice(0, 16),
          promptMessages: call.prompt.length,
          settings: plain(call.settings),
          startMs,
          durationMs: this.#ms() - startMs,
          cacheHit: call.cacheHit,
        };
        // A call that failed before finishing has no finish reason or usage of its own.
        if (result.finishReason !== undefined && result.error === undefined)
          entry.finishReason = result.finishReason;
        const usage = result.usage;
        if (usage !== undefined && (usage.inputTokens !== undefined || usage.outputTokens !== undefined)) {
          entry.usage = {};
          if (usage.inputTokens !== undefined) entry.usage.inputTokens = usage.inputTokens;
          if (usage.outputTokens !== undefined) entry.usage.outputTokens = usage.outputTokens;
          if (usage.totalTokens !== undefined) entry.usage.totalTokens = usage.totalTokens;
        }
        if (result.error !== undefined) entry.error = describeError(result.error);
        this.#modelCalls.push(entry);
      },
    };
  }

  /** Run one tool call under an `execute_tool <name>` span and note it in the record. */
  async tool<T extends { ok: boolean; result?: unknown; error?: { message: string } }>(
    call: { stepNumber: number; toolName: string; toolCallId: string; args: unknown },
    execute: () => Promise<T>,
  ): Promise<T> {
    const startMs = this.#ms();
    const parent = this.#parent(call.stepNumber);
    const span = this.#tracer?.startSpan(
      `execute_tool ${call.toolName}`,
      {
        attributes: {
          [G.operationName]: 'execute_tool',
          [G.toolName]: call.toolName,
          [G.toolCallId]: call.toolCallId,
          [S.stepNumber]: call.stepNumber,
        },
      },
      parent,
    );
    if (span !== undefined && this.#o.recordInputs === true) {
      span.setAttribute(G.toolArguments, this.#masked(JSON.stringify(call.args) ?? ''));
    }
    let outcome: T | undefined;
    let thrown: unknown;
    try {
      outcome = await (span === undefined ? execute() : context.with(trace.setSpan(parent, span), execute));
      return outcome;
    } catch (error) {
      thrown = error;
      throw error;
    } finally {
      const failure = thrown ?? (outcome !== undefined && !outcome.ok ? outcome.error : undefined);
      if (span !== undefined) {
        if (this.#o.recordOutputs === true && outcome?.ok === true) {
          span.setAttribute(G.toolResult, this.#masked(JSON.stringify(outcome.result) ?? ''));
        }
        if (failure !== undefined) failSpan(span, failure);
        span.end();
      }
      if (this.#hooks !== undefined) {
        const entry: RecordedToolCall = {
          stepNumber: call.stepNumber,
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          args: plain(call.args),
          startMs,
          durationMs: this.#ms() - startMs,
        };
        if (outcome?.ok === true) entry.result = plain(outcome.result);
        if (failure !== undefined) entry.error = describeError(failure);
        this.#toolCalls.push(entry);
      }
    }
  }

  /** The memory the run used (recorded at the end, after the save). */
  memory(memory: RecordedMemory): void {
    this.#memory = memory;
  }

  #masked(text: string): string {
    return this.#sensitive === undefined ? text : this.#sensitive.mask(text);
  }

  // ---- the end -------------------------------------------------------------------------

  /** The run ended: close every span; returns the record when one is kept. */
  end(status: RunRecord['status'], error?: unknown): RunRecord | undefined {
    this.closeStreams(undefined);
    if (this.#step !== undefined) this.endStep(this.#step.number, error);
    if (this.#root !== undefined) {
      this.#root.setAttribute(S.runStatus, status);
      if (status === 'failed' && error !== undefined) failSpan(this.#root, error);
      this.#root.end();
    }
    if (this.#hooks === undefined) return undefined;
    const record: RunRecord = {
      version: RUN_RECORD_VERSION,
      agentId: this.#o.agentId ?? '',
      runId: this.#o.runId ?? '',
      startedAt: new Date(this.#started).toISOString(),
      durationMs: this.#ms(),
      status,
      sensitive: this.#o.recordSensitive === true,
      hooks: this.#hooks,
      modelCalls: this.#modelCalls,
      toolCalls: this.#toolCalls,
    };
    if (this.#memory !== undefined) record.memory = this.#memory;
    if (error !== undefined) {
      record.error = describeError(error);
      const { name, code } = recordedError(error);
      record.errorName = name;
      if (code !== undefined) record.errorCode = code;
    }
    const json = plain(record);
    return this.#o.recordSensitive === true || this.#sensitive === undefined
      ? json
      : this.#sensitive.mask(json);
  }
}

/** Counts of one processor's stream hook over one step. */
class StreamAggregate implements StreamHandle {
  readonly counts: RecordedChunkCounts = { seen: 0, changed: 0, dropped: 0, emitted: 0 };
  #failure: { outcome: HookOutcome; error: unknown } | undefined;

  constructor(
    readonly processorId: string,
    readonly stepNumber: number | undefined,
    readonly attempt: number,
    readonly startMs: number,
    readonly span: Span | undefined,
    readonly ctx: Context | undefined,
    readonly tracing: ObservedTracingContext,
  ) {}

  run<T>(call: () => T): T {
    return this.ctx === undefined ? call() : context.with(this.ctx, call);
  }

  count(before: unknown, after: unknown): void {
    const counts = this.counts;
    counts.seen++;
    if (after === null || after === undefined) counts.dropped++;
    else if (Array.isArray(after)) {
      counts.emitted += after.length;
      if (after.length !== 1 || after[0] !== before) counts.changed++;
    } else {
      counts.emitted++;
      if (after !== before) counts.changed++;
    }
  }

  fail(outcome: HookOutcome, error: unknown): void {
    this.#failure ??= { outcome, error };
  }

  close(nowMs: number): RecordedHookInvocation {
    const counts = this.counts;
    const outcome: HookOutcome =
      this.#failure?.outcome ?? (counts.changed > 0 ? 'changed' : counts.dropped > 0 ? 'dropped' : 'passed');
    const span = this.span;
    if (span !== undefined) {
      span.setAttributes({
        [S.chunksSeen]: counts.seen,
        [S.chunksChanged]: counts.changed,
        [S.chunksDropped]: counts.dropped,
        [S.chunksEmitted]: counts.emitted,
      });
      endSpan(span, outcome, this.#failure?.error);
    }
    const entry: RecordedHookInvocation = {
      processorId: this.processorId,
      hook: 'processOutputStream',
      ...(this.stepNumber !== undefined ? { stepNumber: this.stepNumber } : {}),
      attempt: this.attempt,
      startMs: this.startMs,
      durationMs: nowMs - this.startMs,
      outcome,
      chunks: { ...counts },
    };
    describeFailure(entry, this.#failure?.error);
    return entry;
  }
}

/** End a processor span with its outcome; failures also record the exception. */
function endSpan(span: Span, outcome: HookOutcome, error?: unknown): void {
  span.setAttribute(S.outcome, outcome);
  if (TripWire.isInstance(error)) span.setAttribute(S.tripwireReason, error.message);
  if (outcome === 'failed') failSpan(span, error);
  else if (outcome === 'aborted' && error instanceof Error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
  }
  span.end();
}

function failSpan(span: Span, error: unknown): void {
  if (error instanceof Error) span.recordException(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: describeError(error) });
}

function describeFailure(entry: RecordedHookInvocation, error: unknown): void {
  if (error === undefined) return;
  if (TripWire.isInstance(error)) {
    entry.tripwire = { reason: error.message, retry: error.options.retry === true };
    if (error.options.metadata !== undefined) entry.tripwire.metadata = plain(error.options.metadata);
  } else entry.error = describeError(error);
}

/** A JSON copy (dates become strings, functions vanish), so the record is plain data. */
function plain<T>(value: T): T {
  if (value === undefined) return value;
  try {
    return JSON.parse(JSON.stringify(value)) as T;
  } catch {
    return String(value) as T;
  }
}

/** A run observer, or `undefined` when neither tracing nor recording is on (the common case). */
export function createRunObserver(options: RunObserverOptions): RunObserver | undefined {
  if (options.tracer === undefined && options.record !== true) return undefined;
  return new RunObserver(options);
}
