/**
 * The pipeline's one seam to observation (OpenTelemetry spans and run records). Hook callers ask
 * {@link runnerObserver} once per run; with no SDK registered and no record asked for it is
 * `undefined` and hooks are called directly, so the hot path pays nothing. Otherwise each hook
 * invocation goes through the observer (`startHook` … `end`), and each processor's stream hook
 * is counted per step (`streamHook`), never one span per chunk. The observer itself lives in
 * `src/tracing/run-observer.ts`.
 *
 * Whether tracing is on is decided once per run: with no SDK registered the global provider
 * has no delegate and no span (not even a no-op one) is created.
 */

import { context, type Span, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import { describeError } from '../errors/error-chain.js';
import { createRunObserver, type RunObserver } from '../tracing/run-observer.js';
import type { HookOutcome } from '../tracing/run-record.js';

export type { RunObserver } from '../tracing/run-observer.js';
export type { HookOutcome } from '../tracing/run-record.js';

const TRACER_NAME = 'sluice';

/**
 * The observer a runner starts with: spans (no run or step parents) when an SDK is registered,
 * else none. An agent run replaces it with its own (`ProcessorRunner.observe`), which adds the
 * run and step spans and the run record.
 */
export function runnerObserver(runId: string | undefined): RunObserver | undefined {
  return createRunObserver({ tracer: activeTracer(), runId });
}

/** Span attribute names, stable for dashboards and tests. */
export const HOOK_SPAN_ATTRIBUTES = {
  processorId: 'sluice.processor.id',
  hook: 'sluice.processor.hook',
  stepNumber: 'sluice.step.number',
  outcome: 'sluice.processor.outcome',
  runId: 'sluice.run.id',
} as const;

/** The tracer to use for this run, or `undefined` when no OpenTelemetry SDK is registered. */
export function activeTracer(): Tracer | undefined {
  const provider = trace.getTracerProvider() as { getDelegateTracer?: (name: string) => Tracer | undefined };
  if (
    typeof provider.getDelegateTracer === 'function' &&
    provider.getDelegateTracer(TRACER_NAME) === undefined
  ) {
    return undefined;
  }
  return trace.getTracer(TRACER_NAME);
}

/** End a hook span with its outcome; failures also record the exception. */
export function endHookSpan(span: Span, outcome: HookOutcome, error?: unknown): void {
  span.setAttribute(HOOK_SPAN_ATTRIBUTES.outcome, outcome);
  if (outcome === 'failed') {
    if (error instanceof Error) span.recordException(error);
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: describeError(error),
    });
  } else if (outcome === 'aborted' && error instanceof Error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
  }
  span.end();
}

/** Span attribute names of processor workflows (the phase run's span and its step spans). */
export const WORKFLOW_SPAN_ATTRIBUTES = {
  workflowId: 'sluice.workflow.id',
  phase: 'sluice.workflow.phase',
  stepId: 'sluice.workflow.step.id',
} as const;

/**
 * Start the span of one workflow step, a child of the workflow's phase span (the span of the
 * processor hook the workflow runs in). Ended with {@link endHookSpan}.
 */
export function startWorkflowStepSpan(
  parent: Span,
  step: { workflowId: string; stepId: string; phase: string; hook?: string; processorId?: string },
): Span {
  const span = trace.getTracer(TRACER_NAME).startSpan(
    'sluice.workflow.step',
    {
      attributes: {
        [WORKFLOW_SPAN_ATTRIBUTES.workflowId]: step.workflowId,
        [WORKFLOW_SPAN_ATTRIBUTES.stepId]: step.stepId,
        [WORKFLOW_SPAN_ATTRIBUTES.phase]: step.phase,
      },
    },
    trace.setSpan(context.active(), parent),
  );
  if (step.processorId !== undefined) span.setAttribute(HOOK_SPAN_ATTRIBUTES.processorId, step.processorId);
  if (step.hook !== undefined) span.setAttribute(HOOK_SPAN_ATTRIBUTES.hook, step.hook);
  return span;
}
