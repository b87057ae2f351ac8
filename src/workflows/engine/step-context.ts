/** The context a plain step, `.map()` or `.branch()` condition gets. */
import { readThroughSignal } from '../../pipeline/hook-call.js';
import type { StepExecuteContext } from '../types.js';
import type { Invocation } from './invocation.js';
import type { Data } from './later.js';

/** The context a plain step, map or condition gets. */
export function executeContext(inv: Invocation, data: Data, key: string): StepExecuteContext<unknown> {
  const ctx = inv.ctx;
  const context: StepExecuteContext<unknown> = {
    inputData: data,
    phase: inv.phase,
    workflowId: inv.workflowId,
    getStepResult: stepResultReader(inv),
    getInitData: initDataReader(inv),
    abort: inv.run.abortFor(key),
    retryCount: ctx.retryCount ?? 0,
    state: inv.run.stateOf(key),
    requestContext: ctx.requestContext,
    writer: ctx.writer,
    tracingContext: ctx.tracingContext,
    abortSignal: undefined,
  };
  // As the runner does for hook arguments: read through (the signal made on first read) for a
  // run's first few contexts, so short runs never build it; after that the signal itself, since
  // maps and conditions build a context per stream chunk and an accessor each would cost more.
  if (inv.run.lazySignal()) readThroughSignal(context, ctx);
  else context.abortSignal = ctx.abortSignal;
  return context;
}

// The readers are made by factories (anonymous functions): built per stream chunk, and a
// function named by its property costs a name definition each under some transpilers.
function stepResultReader(inv: Invocation): StepExecuteContext<unknown>['getStepResult'] {
  return <T>(step: string | { readonly id: string }) =>
    inv.resultOf(typeof step === 'string' ? step : step.id) as T | undefined;
}

function initDataReader(inv: Invocation): StepExecuteContext<unknown>['getInitData'] {
  return <T>() => inv.init as T;
}
