/**
 * OpenTelemetry spans for processor hooks: one span per hook invocation, named
 * `sluice.processor.<hook>`, with the processor id, hook, step number and outcome.
 *
 * Whether tracing is on is decided once per run: with no SDK registered the global provider
 * has no delegate and no span (not even a no-op one) is created, so the hot path pays nothing.
 */

import { context, type Span, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import { describeError } from '../errors/error-chain.js';

const TRACER_NAME = 'sluice';

/** What a hook invocation did, as recorded on its span. */
export type HookOutcome = 'passed' | 'changed' | 'dropped' | 'aborted' | 'retried' | 'failed';

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

/** Start the span of one hook invocation. */
export function startHookSpan(
  tracer: Tracer,
  processorId: string,
  hook: string,
  stepNumber: number | undefined,
  runId: string | undefined,
): Span {
  const span = tracer.startSpan(`sluice.processor.${hook}`, {
    attributes: {
      [HOOK_SPAN_ATTRIBUTES.processorId]: processorId,
      [HOOK_SPAN_ATTRIBUTES.hook]: hook,
    },
  });
  if (stepNumber !== undefined) span.setAttribute(HOOK_SPAN_ATTRIBUTES.stepNumber, stepNumber);
  if (runId !== undefined) span.setAttribute(HOOK_SPAN_ATTRIBUTES.runId, runId);
  return span;
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
