/**
 * One attempt at one step, hooks 2–9 in the documented order, top to bottom:
 *
 *   processInputStep → prepareStep → build prompt → processLLMRequest → model call
 *   → per chunk processOutputStream → processLLMResponse → processOutputStep
 *   → tools (+ processToolResult per tool) → step-finish
 *
 * Returns true when another step follows (tools ran and the budget allows). A failure throws;
 * `step-retry.ts` decides whether the step is attempted again.
 */
import type { LanguageModelV2Message, LanguageModelV2Prompt } from '@ai-sdk/provider';
import { ProcessorError } from '../../errors/processor-error.js';
import { ProviderCallError } from '../../errors/provider-call-error.js';
import { ReplayedFailureError } from '../../errors/recording-errors.js';
import { SluiceError } from '../../errors/sluice-error.js';
import type { SystemMessagesSnapshot } from '../../messages/system-message-store.js';
import { toLanguageModelPrompt } from '../../messages/to-prompt.js';
import { addUsage } from '../../models/add-usage.js';
import type { MastraLanguageModel } from '../../models/types.js';
import type { StepSettings } from '../../pipeline/runner.js';
import type { CachedLLMStepChunk } from '../../pipeline/types.js';
import { parseStructuredOutput } from '../../processors/structured-output/structured-output.js';
import { ChunkFrom, type StepStartChunk, type ToolErrorChunk } from '../../stream/chunk-types.js';
import type { LLMStepResult } from '../../stream/step-result.js';
import { ResolvedToolSet } from '../../tools/resolved-tool-set.js';
import type { ToolOutcome } from '../../tools/types.js';
import type { ToolsInput } from '../types.js';
import { buildCallOptions, toSpecToolChoice } from './call-options.js';
import { runCallback } from './callbacks.js';
import type { RunContext } from './context.js';
import { llmCallSettings } from './llm-call-settings.js';
import { callModel, modelLabel, readStep, startCallDeadline } from './model-call.js';
import { recordedToolResults, recordedToolResultsOf } from './recorded-tool-results.js';
import { replayCachedResponse } from './replay.js';
import { appendStepToResponse } from './response-message.js';
import { StepRecorder } from './step-recorder.js';
import { StepSettlement } from './step-settlement.js';
import { toolCallIdsIn } from './tool-call-ids.js';
import { executeStepTools } from './tool-step.js';

const AGENT = ChunkFrom.AGENT;

/**
 * One attempt at a step, as far as it got: what a retry must undo and feed back. Steps are
 * attempted again when a processor rejects the step (`abort(…, { retry: true })`) or when the
 * model call fails and an error processor asks for a retry.
 */
export interface StepAttempt {
  recorder: StepRecorder | undefined;
  /** `step-start` went out, so stream clients must be told about a replay. */
  started: boolean;
  /** The model this attempt called (after step overrides). */
  model?: MastraLanguageModel;
  /** Hooks waiting for this attempt to be accepted or to fail. */
  settlement?: StepSettlement;
}

/** What the step's prompt carries beyond the conversation (see `step-retry.ts`). */
export interface StepExtras {
  /** Transient signals queued before the step; every attempt of it sends them. */
  carried: LanguageModelV2Message[];
  /** A rejected attempt's answer and the processor's reason, for the replay. */
  feedback: LanguageModelV2Message[];
}

export async function runStep<OUTPUT>(
  run: RunContext<OUTPUT>,
  stepNumber: number,
  baseSystemMessages: SystemMessagesSnapshot,
  extras: StepExtras,
  attempt: StepAttempt,
): Promise<boolean> {
  const { runner, path, state, list, options, plan, runId, messageId, abortSignal } = run;
  const totals = state.totals;
  throwIfAborted(abortSignal);
  path.startStep(stepNumber);
  list.restoreSystemMessages(baseSystemMessages);

  // 2 + 3. processInputStep, then prepareStep: per-step overrides, system messages reset.
  const settings = await runner.processInputStep({
    stepNumber,
    steps: totals.steps,
    systemMessages: list.getSystemMessages(),
    model: plan.model,
    toolChoice: options.toolChoice ?? 'auto',
    activeTools: options.activeTools,
    tools: plan.tools,
    providerOptions: options.providerOptions,
    modelSettings: options.modelSettings,
    structuredOutput: options.structuredOutput as StepSettings['structuredOutput'],
    runId,
    messageId,
  });
  // The runner resolves a model override (object or router string) as it is returned.
  const stepModel = settings.model;
  const stepTools = activeOnly(await resolveStepTools(run, settings.tools, stepNumber), settings.activeTools);
  const toolSet = plan.background ? plan.background.wrapToolSet(stepTools) : stepTools;
  // A processor may move this step's output to another response message (`messageId`).
  if (settings.messageId && settings.messageId !== messageId) state.responseId = settings.messageId;

  // 4. Prompt conversion (+ transient signals, + retry feedback at the end), then
  //    processLLMRequest (transient rewrite or cached response).
  // The runner keeps the list's system messages in step with `systemMessages` overrides.
  const basePrompt = toLanguageModelPrompt(list.getAllSystemMessages(), list.get.all.db());
  const transient = runner.takeTransientSignals();
  const { carried, feedback } = extras;
  const prompt =
    carried.length === 0 && transient.length === 0 && feedback.length === 0
      ? basePrompt
      : [...basePrompt, ...carried, ...transient, ...feedback];
  if (!prompt.some((m) => m.role !== 'system')) {
    throw new SluiceError(
      'EMPTY_PROMPT',
      `Step ${stepNumber} has no user or assistant messages to send: the input held none (only system messages?) or input processors removed them all. Pass at least one user message, and check what processInput / processInputStep return (an empty array removes every message).`,
      { details: { stepNumber } },
    );
  }
  attempt.model = stepModel;
  const settlement = new StepSettlement();
  attempt.settlement = settlement;
  const request = await runner.processLLMRequest({
    prompt,
    model: stepModel,
    stepNumber,
    steps: totals.steps,
    step: {
      tools: toolSet.modelTools(),
      toolChoice: toSpecToolChoice(settings.toolChoice),
      callSettings: await llmCallSettings(settings),
      onStepSettled: settlement.add,
      onRunSettled: run.outcome.add,
    },
  });
  // Attachments the model cannot fetch itself are downloaded now (a cached response needs none).
  const outbound = request.response ? request.prompt : await run.attachments.fetch(request.prompt, stepModel);

  // 5 + 6. Model call; every chunk goes through processOutputStream on its way out.
  const recorder = new StepRecorder(runId, options.includeRawChunks === true, () =>
    toolCallIdsIn(list, state.toolCallIds),
  );
  attempt.recorder = recorder;
  // `modelSettings.timeoutMs`: the call (request and stream) runs under a signal with a deadline.
  const deadline = request.response
    ? undefined
    : startCallDeadline(settings.modelSettings?.timeoutMs, abortSignal, stepModel, stepNumber);
  const callSignal = deadline?.signal ?? abortSignal;
  const call = await buildCallOptions({
    prompt: outbound,
    settings,
    toolSet,
    abortSignal: callSignal,
  });
  const startedAt = Date.now();
  const maxRetries = settings.modelSettings?.maxRetries ?? plan.maxRetries;
  const failures = run.failures;
  const stepChunks: CachedLLMStepChunk[] | undefined = runner.wantsResponseChunks ? [] : undefined;
  // The deadline's timer ends with the call however the call ends (a hook or onChunk may throw).
  // Usage is reported once per call as it ends, however it ends (nothing per chunk).
  let source: StepSource | undefined;
  const usage = run.usage;
  // A model answering from recordings (`replayModel`) answers through the run's own replay.
  const replay = run.replay !== undefined && run.replay.model === stepModel ? run.replay.run : undefined;
  const chat = run.observer?.startModelCall({
    stepNumber,
    provider: stepModel.provider,
    modelId: stepModel.modelId,
    prompt: outbound,
    settings: { ...settings.modelSettings },
    cacheHit: request.response !== undefined,
  });
  // `recordTo`: the request is recorded as the call starts; a cached answer, marked as such.
  const recording = run.recorder?.startCall(stepModel, stepNumber, call, request.response !== undefined);
  try {
    if (request.response) {
      usage.reportCacheHit(stepNumber, stepModel);
      // A replayed run whose cache answered passes over the recording's call for it.
      replay?.cacheServed(call);
      source = {
        stream: replayCachedResponse(request.response),
        request: { body: request.response.request },
      };
    } else if (replay !== undefined) {
      // A mismatch is no provider failure: it ends the run as itself, retried by nothing. A
      // provider failure the recording holds is replayed as one (see `ReplayedFailureError`).
      try {
        source = replay.call(call, { stepNumber, hooks: run.observer?.hookInvocations ?? [] });
      } catch (error) {
        if (!ReplayedFailureError.isReplayedFailure(error) || error.aborted) throw error;
        recording?.refused(error);
        throw failures.mark(
          new ProviderCallError({ cause: error, modelLabel: modelLabel(stepModel), stepNumber }),
          error,
        );
      }
    } else {
      source = await callModel(stepModel, plan.callMethod, call, maxRetries, stepNumber, callSignal, () =>
        usage.reportStepCall(stepNumber, stepModel, undefined),
      ).catch((error: unknown) => {
        // `recordTo`: a call the provider refused is recorded with what it threw.
        recording?.refused(ProviderCallError.isInstance(error) ? error.cause : error);
        throw ProviderCallError.isInstance(error) ? failures.mark(error, error.cause) : error;
      });
    }
    // `recordTo`: every part of the answer, as the run reads it.
    if (recording !== undefined) source = recording.answered(source);
    attempt.started = true;
    // What the client receives of this attempt starts here (see `releasedChunks`).
    settlement.releasedFrom(path.delivered);
    await path.emit({
      type: 'step-start',
      runId,
      from: AGENT,
      payload: withInputMessages(
        { messageId, startedAt, request: source.request ?? {} },
        state.prompts.record(outbound),
      ),
    });
    // Text is recorded as it leaves the processors until the step's last chunk, so text a
    // processor holds back and releases later (e.g. on step-finish) still counts. Partial
    // `object` chunks are parsed from the text as it leaves the processors.
    const stepOut = path.startReading(recorder, settings.structuredOutput !== undefined);
    await readStep(source, recorder, stepChunks, stepOut, callSignal);
  } catch (error) {
    chat?.end({ error });
    throw error;
  } finally {
    deadline?.clear();
    chat?.end({
      finishReason: recorder.finishReason,
      usage: recorder.usage,
      text: recorder.text,
      error: recorder.streamError?.error,
    });
    if (source !== undefined && !request.response)
      usage.reportStepCall(stepNumber, stepModel, recorder.usage);
  }
  throwIfAborted(abortSignal);
  const timedOut = deadline?.expired();
  if (timedOut) throw failures.mark(timedOut, timedOut.cause);
  // A model-call failure the error processors see, naming model and step.
  const providerFailure = (cause: unknown) =>
    failures.mark(new ProviderCallError({ cause, modelLabel: modelLabel(stepModel), stepNumber }), cause);
  if (recorder.streamError) throw providerFailure(recorder.streamError.error);
  if (!recorder.sawFinish && !request.response) {
    throw providerFailure(
      new Error('the response stream ended without a finish event (connection closed early?)'),
    );
  }
  totals.usage = addUsage(totals.usage, recorder.usage);
  totals.toolCalls.push(...recorder.toolCalls);

  // The step's output joins the conversation before tools run, so results can attach to it.
  state.responseId = appendStepToResponse(list, state.responseId, state.responseCreatedAt, recorder);
  recorder.seal();

  const step = buildStepResult(stepNumber, recorder, source?.request, stepModel);
  totals.steps.push(step);

  // 7. processLLMResponse — same per-processor state as processLLMRequest.
  await runner.processLLMResponse({
    chunks: stepChunks ?? [],
    model: stepModel,
    stepNumber,
    steps: totals.steps,
    fromCache: request.response !== undefined,
    warnings: recorder.warnings,
    request: source?.request?.body,
    rawResponse: request.response
      ? request.response.rawResponse
      : (source as { response?: unknown } | undefined)?.response,
    onStepSettled: settlement.add,
  });

  // 8. processOutputStep — after the LLM step, before tools.
  await runner.processOutputStep({
    stepNumber,
    finishReason: recorder.finishReason,
    toolCalls: recorder.toolCalls.map((c) => ({
      toolName: c.payload.toolName,
      toolCallId: c.payload.toolCallId,
      args: c.payload.args,
    })),
    text: recorder.text,
    usage: recorder.usage,
    systemMessages: settings.systemMessages,
    steps: totals.steps,
    providerMetadata: recorder.providerMetadata,
  });

  // 9a. Provider-executed tools already ran inside the model call; processToolResult still sees
  //     each result (their chunks are out, but the next model call reads the processed value).
  for (const done of recorder.providerToolResults) {
    await runner.processToolResult({
      stepNumber,
      ...done,
      providerExecuted: true,
      systemMessages: settings.systemMessages,
      steps: totals.steps,
    });
  }

  // 9b. Tools run concurrently; each success passes processToolResult before its chunk goes out.
  //     A step without tool calls has no tool work at all.
  const outcome =
    recorder.toolCalls.length === 0
      ? NO_TOOL_WORK
      : await executeStepTools({
          calls: recorder.toolCalls,
          rawInput: recorder.rawToolInput,
          toolSet,
          messageList: list,
          requestContext: plan.requestContext,
          abortSignal,
          agentId: plan.agentId,
          runId,
          emit: path.emit,
          onResult: (result: ToolOutcome & { toolCallId: string; toolName: string }) =>
            runner.processToolResult({
              stepNumber,
              toolName: result.toolName,
              toolCallId: result.toolCallId,
              args: result.args,
              result: result.ok ? result.result : undefined,
              systemMessages: settings.systemMessages,
              steps: totals.steps,
            }),
          recorded: request.response
            ? recordedToolResults(request.response)
            : replay !== undefined
              ? recordedToolResultsOf(replay.toolOutcomes())
              : undefined,
          ...(run.recorder !== undefined ? { onSettled: run.recorder.toolOutcomes.bind(run.recorder) } : {}),
          onRawResult: settlement.recordToolResult,
          observer: run.observer,
          stepNumber,
        });
  plan.background?.toolsRecorded();
  if (outcome !== NO_TOOL_WORK) {
    step.toolResults.push(...outcome.results);
    step.toolErrors.push(...outcome.errors);
    totals.toolResults.push(...outcome.results);
  }
  throwIfAborted(abortSignal);

  const continues = outcome.executed > 0 && !outcome.pendingClientCalls && stepNumber + 1 < plan.maxSteps;

  // Structured output is read from the final step's answer.
  if (!continues && settings.structuredOutput) {
    totals.structured = await parseStructuredOutput(recorder.text, settings.structuredOutput);
    if (totals.structured.ok) {
      await path.emit({ type: 'object-result', runId, from: AGENT, object: totals.structured.value });
    }
  }

  await path.emit({
    type: 'step-finish',
    runId,
    from: AGENT,
    payload: {
      messageId,
      stepResult: {
        reason: step.finishReason,
        rawReason: step.rawFinishReason,
        warnings: step.warnings,
        isContinued: continues,
      },
      output: { text: step.text, toolCalls: step.toolCalls, usage: step.usage },
      metadata: {
        request: step.request,
        providerMetadata: step.providerMetadata,
        modelId: step.response.modelId,
      },
      providerMetadata: step.providerMetadata,
      totalUsage: totals.usage,
    },
  });
  throwIfAborted(abortSignal);
  path.stopReading();
  settleStepText(run, step, recorder);
  if (options.onStepFinish) {
    await runCallback('onStepFinish', () =>
      options.onStepFinish?.({ ...step, runId, model: modelLabel(stepModel) }),
    );
  }
  // The step is complete and accepted: hooks waiting for that (a cache write) act now.
  await settlement.accept(step);
  return continues;
}

/** Text released after the step was stored (held back by a processor) joins it now. */
function settleStepText<OUTPUT>(run: RunContext<OUTPUT>, step: LLMStepResult, recorder: StepRecorder): void {
  const { list, state } = run;
  state.totals.text += recorder.text;
  step.text = recorder.text;
  const late = recorder.takeLateParts();
  if (late.length === 0) return;
  const stored = list.getMessageById(state.responseId);
  if (stored) {
    list.add(
      { ...stored, content: { ...stored.content, parts: [...stored.content.parts, ...late] } },
      'response',
    );
  }
}

/** What a step without tool calls did with tools: nothing (never mutated). */
const NO_TOOL_WORK = Object.freeze({
  results: [],
  errors: [],
  executed: 0,
  pendingClientCalls: false,
}) as unknown as Awaited<ReturnType<typeof executeStepTools>>;

/** True when `tools` names at least one tool. */
function hasTools(tools: ToolsInput | undefined): boolean {
  if (tools === undefined) return false;
  for (const _ in tools) return true;
  return false;
}

/** The step's tools; a bad `tools` override is blamed on the processor that returned it. */
async function resolveStepTools<OUTPUT>(
  run: RunContext<OUTPUT>,
  tools: ToolsInput | undefined,
  stepNumber: number,
): Promise<ResolvedToolSet> {
  // No tools: nothing to convert or look up.
  if (!hasTools(tools)) return new ResolvedToolSet();
  try {
    return await run.plan.resolveTools(tools as ToolsInput);
  } catch (error) {
    const culprit = run.runner.toolsOverriddenBy;
    if (!culprit) throw error;
    throw new ProcessorError(
      'PROCESSOR_INVALID_RESULT',
      `Processor "${culprit.processorId}" ${culprit.hook} returned "tools" that cannot be used: ${error instanceof Error ? error.message : String(error)}`,
      { processorId: culprit.processorId, hook: culprit.hook, stepNumber },
      { cause: error },
    );
  }
}

/** Where a step's chunks come from: the model call, or a cached response replayed. */
type StepSource =
  | Awaited<ReturnType<typeof callModel>>
  | { stream: ReturnType<typeof replayCachedResponse>; request: { body?: unknown } };

/** Only the active tools can be sent, and only they can run. */
function activeOnly(toolSet: ResolvedToolSet, activeTools: string[] | undefined): ResolvedToolSet {
  if (!activeTools) return toolSet;
  const active = new Set(activeTools);
  const filtered = new ResolvedToolSet();
  for (const [name, tool] of toolSet) if (active.has(name)) filtered.set(name, tool);
  return filtered;
}

function buildStepResult(
  stepNumber: number,
  recorder: StepRecorder,
  request: { body?: unknown } | undefined,
  model: MastraLanguageModel,
): LLMStepResult {
  return {
    stepNumber,
    text: recorder.text,
    reasoning: recorder.reasoning,
    reasoningText: recorder.reasoningText,
    toolCalls: recorder.toolCalls,
    toolResults: [],
    toolErrors: [] as ToolErrorChunk[],
    sources: recorder.sources,
    files: recorder.files,
    content: recorder.content,
    usage: recorder.usage,
    finishReason: recorder.finishReason,
    rawFinishReason: recorder.rawFinishReason,
    warnings: recorder.warnings,
    request: request ?? {},
    response: { ...recorder.response, modelId: recorder.response.modelId ?? model.modelId },
    providerMetadata: recorder.providerMetadata,
    stepType: stepNumber === 0 ? 'initial' : 'tool-result',
  };
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new Error('aborted');
}

/**
 * `payload.inputMessages` rebuilt on read from the run's prompt history, so the chunk log does
 * not hold one copy of the conversation per step (see `PromptHistory`). Enumerable, so spreads
 * and `JSON.stringify` see it; assigning it replaces it with a plain value.
 */
function withInputMessages(
  payload: StepStartChunk['payload'],
  read: () => LanguageModelV2Prompt,
): StepStartChunk['payload'] {
  return Object.defineProperty(payload, 'inputMessages', {
    enumerable: true,
    configurable: true,
    get: read,
    set(this: StepStartChunk['payload'], value: LanguageModelV2Prompt | undefined) {
      Object.defineProperty(this, 'inputMessages', {
        value,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    },
  });
}
