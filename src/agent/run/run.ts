/**
 * The agentic run. It reads top to bottom in the documented order:
 *
 *   processInput (once)
 *   per step (`step.ts`): processInputStep → prepareStep → build prompt → processLLMRequest
 *             → model call → per chunk processOutputStream → processLLMResponse
 *             → processOutputStep → tools (+ processToolResult per tool) → step-finish
 *             → next step while tools ran
 *             (a rejected or failed attempt is rolled back and replayed: `step-retry.ts`)
 *   processOutputResult (once) → finish
 *
 * Every terminal path — finish, provider error, abort signal, tripwire, hook error — ends in
 * `finalize()` (`finalize.ts`), the one place results are settled and the stream is closed.
 * The run's state lives in named parts (`context.ts`): `RunState` (totals, response id,
 * checkpoints), `ChunkPath` (how chunks reach the client), the runner (hooks, retry budget).
 */
import { RunUsage } from '../../cost/run-usage.js';
import { describeError } from '../../errors/error-chain.js';
import { TripWire } from '../../errors/tripwire.js';
import { settleStructuredOutput } from '../../processors/structured-output/structured-output.js';
import { ChunkBuffer } from '../../stream/chunk-buffer.js';
import { ChunkFrom, type ChunkType } from '../../stream/chunk-types.js';
import { MastraModelOutput, type RunHandle, type RunSettlement } from '../../stream/model-output.js';
import { replaySourceOf } from '../../tracing/replay-source.js';
import { RunRecorder } from '../../tracing/run-recorder.js';
import { untilAborted } from '../../util/until-aborted.js';
import { abortWhenAbandoned } from '../stop-on-stream-cancel.js';
import { ApiFailures, RunAttachments } from './attachments.js';
import { settleWithin } from './callbacks.js';
import { ChunkPath } from './chunk-path.js';
import type { RunContext, RunPlan } from './context.js';
import { buildOutput, finalize, finishChunk } from './finalize.js';
import { observeRun } from './observe.js';
import { adoptProcessedText, responseText } from './result-text.js';
import { tripwireData } from './retry-feedback.js';
import { RunOutcome } from './run-outcome.js';
import { RunState } from './run-state.js';
import { runStepWithRetries } from './step-retry.js';

export type { RunPlan } from './context.js';

/** Start a run: returns the output object at once; the run proceeds in the background. */
export function startRun<OUTPUT>(plan: RunPlan<OUTPUT>): MastraModelOutput<OUTPUT> {
  const buffer = new ChunkBuffer<ChunkType<OUTPUT>>({ replay: plan.options.replayBuffer !== false });
  if (plan.options.stopOnStreamCancel === true) plan = abortWhenAbandoned(plan, buffer);
  const handle: RunHandle<OUTPUT> = { settlement: undefined, settled: Promise.resolve() as never };
  handle.settled = execute(createRun(plan, buffer), handle);
  return new MastraModelOutput<OUTPUT>({ runId: plan.runId, messageId: plan.messageId, buffer, handle });
}

/** The run's parts. The chunk path exists before the runner (which writes through it). */
function createRun<OUTPUT>(
  plan: RunPlan<OUTPUT>,
  buffer: ChunkBuffer<ChunkType<OUTPUT>>,
): RunContext<OUTPUT> {
  const { runId, options } = plan;
  const path = new ChunkPath<OUTPUT>(buffer, options.onChunk, runId);
  const usage = new RunUsage(runId, plan.requestContext, plan.memory);
  const runner = plan.createRunner(path.writer, runId, path.deliver, options.abortSignal, usage);
  path.connect(runner);
  const observer = observeRun(plan as RunPlan<unknown>, runId);
  runner.observe(observer);
  plan.background?.attach({
    emit: path.emit,
    queueTransientMessage: (message) => runner.queueTransientMessage(message),
  });
  const failures = new ApiFailures();
  const replaySource = replaySourceOf(plan.model);
  return {
    plan,
    runId,
    messageId: plan.messageId,
    list: plan.messageList,
    options,
    abortSignal: options.abortSignal,
    runner,
    path,
    state: new RunState<OUTPUT>(plan.messageId),
    attachments: new RunAttachments(plan.attachmentDownloads, options.abortSignal, failures),
    failures,
    usage,
    outcome: new RunOutcome(),
    observer,
    ...(options.recordTo !== undefined
      ? { recorder: new RunRecorder(options.recordTo, plan.agentId, runId) }
      : {}),
    ...(replaySource !== undefined ? { replay: { model: plan.model, run: replaySource.startRun() } } : {}),
  };
}

/** The run body raced against the abort signal, then the one finalization, whatever happened. */
async function execute<OUTPUT>(
  run: RunContext<OUTPUT>,
  handle: RunHandle<OUTPUT>,
): Promise<RunSettlement<OUTPUT>> {
  const abortSignal = run.abortSignal;
  try {
    // Whatever the body is awaiting (a provider, a tool, a processor hook), an abort ends the
    // run at once.
    await untilAborted(runSteps(run), abortSignal);
    return await finalize(run, handle, { status: 'success' });
  } catch (error) {
    if (TripWire.isInstance(error)) {
      await settleWithin(run.runner.reportViolation(error), abortSignal);
      return finalize(run, handle, { status: 'tripwire', tripwire: tripwireData(error) });
    }
    if (abortSignal?.aborted) return finalize(run, handle, { status: 'aborted' });
    return finalize(run, handle, { status: 'failed', error: toError(error) });
  }
}

async function runSteps<OUTPUT>(run: RunContext<OUTPUT>): Promise<void> {
  const { runner, path, state, list, runId, messageId } = run;
  await path.push({
    type: 'start',
    runId,
    from: ChunkFrom.AGENT,
    payload: { id: run.plan.agentId, messageId },
  });

  // 1. processInput — once, before the loop.
  await runner.processInput();
  // System messages as processInput left them; every step (and every replay) starts from these.
  const baseSystemMessages = list.snapshotSystemMessages();

  // 2–9, per step (step.ts), each attempted again when a processor or error processor asks.
  // `untilIdle`: once the steps are done, background results of the run still in flight are
  // waited for, and each one reconciled starts a follow-up turn.
  for (let stepNumber = 0; ; stepNumber++) {
    if (await runStepWithRetries(run, stepNumber, baseSystemMessages)) continue;
    // A follow-up turn is a model call, so it counts against maxSteps like any step.
    if (stepNumber + 1 >= run.plan.maxSteps) break;
    if (!(await run.plan.background?.awaitFollowUp(run.abortSignal))) break;
  }
  path.endSteps();
  // The object-result that reached the client (or a structuring processor's report) is the object.
  settleStructuredOutput(list, state.totals, path.delivered);

  // 10. processOutputResult — once, at the end of a successful run. It post-processes the final
  //     response: text it changes there becomes the result's text (not the streamed chunks').
  const totals = state.totals;
  const textBefore = responseText(list.get.response.db());
  await runner.processOutputResult({
    text: totals.text,
    usage: totals.usage,
    finishReason: totals.steps.at(-1)?.finishReason ?? 'unknown',
    steps: totals.steps,
  });
  adoptProcessedText(totals, textBefore, list.get.response.db());

  // The closing `finish` chunk, seen by the output processors before finalization sends it.
  const output = buildOutput(run, 'success', undefined, undefined);
  state.closing = { output, chunk: await path.processFinish(finishChunk(run, output)) };
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(describeError(error));
}
