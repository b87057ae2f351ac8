/**
 * The one finalization point. Every terminal path — finish, provider error, abort signal,
 * tripwire, hook error — ends here: results are settled, the terminal chunk goes out, the stream
 * closes. What a run produced is complete here and nowhere earlier (memory saves from here).
 */

import { toModelMessages } from '../../messages/to-model-messages.js';
import { toUIMessages } from '../../messages/to-ui.js';
import type { StepTripwireData } from '../../stream/chunk-types.js';
import { ChunkFrom, type FinishChunk } from '../../stream/chunk-types.js';
import type { FullOutput, RunHandle, RunSettlement } from '../../stream/model-output.js';
import type { LLMStepResult } from '../../stream/step-result.js';
import { untilAborted } from '../../util/until-aborted.js';
import { quietly, runCallback, settleWithin } from './callbacks.js';
import type { RunContext } from './context.js';
import { saveMemoryTurn } from './memory-turn.js';
import { finishObserving } from './observe.js';

const AGENT = ChunkFrom.AGENT;
/** Longest finalization waits for usage-ledger writes still in flight. */
const USAGE_FLUSH_MS = 2_000;

/** How the run ended, as the run body saw it. */
export interface RunEnd {
  status: RunSettlement<unknown>['status'];
  error?: Error;
  tripwire?: StepTripwireData;
}

/** Settles every promise and closes the stream, on every path. */
export async function finalize<OUTPUT>(
  run: RunContext<OUTPUT>,
  handle: RunHandle<OUTPUT>,
  end: RunEnd,
): Promise<RunSettlement<OUTPUT>> {
  const { runner, state, options, abortSignal, path, runId } = run;
  // No hook runs after this point; work processors started for the run (timers) stops now.
  runner.endRun();
  run.plan.background?.beginClose();
  // A budget hold no model call claimed (the run ended before its call) is released. The run's
  // usage writes (started as each call ended) stay off the response path: awaited after the
  // stream closed, before the run's promises settle (see the end of this function).
  run.usage.releaseUnclaimedHolds();
  let { status, error } = end;
  const { tripwire } = end;
  const structured = state.totals.structured;
  let objectError: Error | undefined;
  if (status === 'success' && structured && !structured.ok && structured.strategy === 'strict') {
    objectError = structured.error;
  }
  // Callbacks are awaited, but never past an abort: once the signal fires, finalization goes
  // on whether or not they settle (a late rejection is ignored).
  const bounded = (pending: unknown) => settleWithin(pending, abortSignal);
  // Memory saves here, once, as the run ended; a successful turn that could not be saved fails.
  const saveError = await saveMemoryTurn(run, { status, error, tripwire });
  run.plan.background?.end();
  if (saveError) {
    status = 'failed';
    error = saveError;
  }
  if (status === 'success' && options.onFinish) {
    try {
      await untilAborted(
        runCallback('onFinish', () => options.onFinish?.(buildFinishEvent(run))),
        abortSignal,
      );
    } catch (callbackError) {
      if (!abortSignal?.aborted) {
        status = 'failed';
        error = callbackError as Error;
      }
    }
  }
  // `recordTo`: the recording is on disk before the caller hears the run ended, whatever the
  // outcome; a successful run whose recording could not be written fails (a missing test fixture
  // must not pass quietly). Any other run keeps its own outcome and error: the lost recording is
  // a warning.
  if (run.recorder !== undefined) {
    // Never rejects: a write failure comes back as the error.
    const recordError = await run.recorder.finish(status, error);
    if (recordError !== undefined && status === 'success') {
      status = 'failed';
      error = recordError;
    } else if (recordError !== undefined) {
      console.warn(`Agent "${run.plan.agentId}": ${recordError.message}`);
    }
  }
  // Hooks acting on the run's outcome (a cache writing its entries): started now, so they see
  // the response as it is, but not waited for before the terminal chunk: the client's stream
  // ends without waiting on a store; the run's promises settle only once they are done.
  const finalStatus = status;
  const outcomeSettled = bounded(
    run.outcome.settle(() =>
      finalStatus === 'success'
        ? {
            status: 'success',
            // As released to the client: a cache compares it with the processed response.
            text: state.totals.releasedText ?? state.totals.text,
            responseMessages: run.list.get.response.db(),
          }
        : { status: finalStatus },
    ),
  );
  const closing = state.closing;
  const output = status === 'success' && closing ? closing.output : buildOutput(run, status, error, tripwire);
  await bounded(finishObserving(run, output, status, error ?? tripwire?.reason, saveError));
  try {
    if (status === 'success') {
      await bounded(
        path.pushTerminal(closing && closing.output === output ? closing.chunk : finishChunk(run, output)),
      );
    } else if (status === 'tripwire' && tripwire) {
      await bounded(
        path.pushTerminal({
          type: 'tripwire',
          runId,
          from: AGENT,
          payload: {
            reason: tripwire.reason,
            retry: tripwire.retry,
            metadata: tripwire.metadata,
            processorId: tripwire.processorId ?? 'unknown',
          },
        }),
      );
    } else if (status === 'aborted') {
      await bounded(path.pushTerminal({ type: 'abort', runId, from: AGENT, payload: {} }));
      await bounded(quietly(() => options.onAbort?.({ steps: state.totals.steps })));
    } else if (status === 'failed') {
      await bounded(path.pushTerminal({ type: 'error', runId, from: AGENT, payload: { error } }));
      await bounded(quietly(() => options.onError?.({ error })));
    }
  } catch {
    // onChunk failing on the terminal chunk must not keep the run from settling.
  }
  const settlement = { status, output, objectError };
  handle.settlement = settlement;
  path.close();
  // Off the response path, yet nothing is lost: the cache entries are written and the usage
  // records reach their ledgers (so a caller's next budget check sees them) before the run's
  // promises settle; a slow ledger never holds the run for long.
  await Promise.all([outcomeSettled, run.usage.flushWithin(USAGE_FLUSH_MS)]);
  return settlement;
}

/** The run's `finish` chunk for `output`. */
export function finishChunk<OUTPUT>(run: RunContext<OUTPUT>, output: FullOutput<OUTPUT>): FinishChunk {
  const retries = run.runner.retries;
  return {
    type: 'finish',
    runId: run.runId,
    from: AGENT,
    payload: {
      messageId: run.messageId,
      stepResult: { reason: output.finishReason },
      output: { usage: output.usage },
      metadata: { providerMetadata: output.providerMetadata, request: output.request },
      response: output.response,
      providerMetadata: output.providerMetadata,
      totalUsage: output.totalUsage,
      processorRetryCount: retries.stepRetries,
      apiErrorRetryCount: retries.apiErrorRetries,
    },
  };
}

export function buildOutput<OUTPUT>(
  run: RunContext<OUTPUT>,
  status: RunSettlement<OUTPUT>['status'],
  error: Error | undefined,
  tripwire: StepTripwireData | undefined,
): FullOutput<OUTPUT> {
  const { list, state } = run;
  const totals = state.totals;
  const last = totals.steps.at(-1);
  // A blocked run must not leak the blocked content through any accessor.
  const blocked = status === 'tripwire';
  // Blocked output leaves the conversation too, so nothing downstream can persist it.
  if (blocked) list.removeByIds(list.get.response.db().map((m) => m.id));
  const responseMessages = list.get.response.db();
  const structured = totals.structured;
  const finishReason =
    status === 'tripwire'
      ? 'other'
      : status === 'aborted'
        ? 'abort'
        : status === 'failed'
          ? 'error'
          : (last?.finishReason ?? 'unknown');
  type Response = FullOutput<OUTPUT>['response'];
  let core: Response['messages'] | undefined;
  // The views' own copy: dbMessages is the caller's to edit.
  const viewed = blocked ? [] : responseMessages.slice();
  let ui: Response['uiMessages'] | undefined;
  return {
    runId: run.runId,
    text: blocked ? '' : totals.text,
    usage: totals.usage,
    totalUsage: state.totalUsage(),
    finishReason,
    // Blocked content stays out of every accessor, steps included; usage still counts.
    steps: blocked ? [] : totals.steps,
    toolCalls: blocked ? [] : totals.toolCalls,
    toolResults: blocked ? [] : totals.toolResults,
    reasoning: blocked ? [] : totals.steps.flatMap((s) => s.reasoning),
    reasoningText: blocked ? undefined : joinDefined(totals.steps.map((s) => s.reasoningText)),
    sources: blocked ? [] : totals.steps.flatMap((s) => s.sources),
    files: blocked ? [] : totals.steps.flatMap((s) => s.files),
    warnings: last?.warnings ?? [],
    providerMetadata: last?.providerMetadata,
    request: last?.request ?? {},
    content: blocked ? [] : (last?.content ?? []),
    response: {
      id: last?.response.id,
      timestamp: last?.response.timestamp,
      modelId: last?.response.modelId,
      headers: last?.response.headers,
      // The core and UI views are conversions many callers never read: built on first read,
      // from the response as it was now (like dbMessages), not as the list is at that read.
      get messages() {
        core ??= toModelMessages(viewed) as Response['messages'];
        return core;
      },
      set messages(value) {
        core = value;
      },
      get uiMessages() {
        ui ??= toUIMessages(viewed);
        return ui;
      },
      set uiMessages(value) {
        ui = value;
      },
      dbMessages: responseMessages,
    },
    object: (blocked ? undefined : structured?.ok ? structured.value : structured?.fallback) as OUTPUT,
    tripwire,
    error,
    usedFallbackValue: structured?.usedFallback === true,
    messages: list.get.all.db(),
    rememberedMessages: list.get.remembered.db(),
  };
}

function buildFinishEvent<OUTPUT>(run: RunContext<OUTPUT>) {
  const totals = run.state.totals;
  const last = totals.steps.at(-1) as LLMStepResult;
  const structured = totals.structured;
  return {
    ...last,
    text: totals.text,
    usage: totals.usage,
    steps: totals.steps,
    totalUsage: run.state.totalUsage(),
    object: (structured?.ok ? structured.value : structured?.fallback) as OUTPUT | undefined,
    runId: run.runId,
  };
}

function joinDefined(values: Array<string | undefined>): string | undefined {
  const present = values.filter((v): v is string => v !== undefined);
  return present.length === 0 ? undefined : present.join('');
}
