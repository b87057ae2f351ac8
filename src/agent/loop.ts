/**
 * The agentic loop. It reads top to bottom in the documented order:
 *
 *   processInput (once)
 *   per step: processInputStep → prepareStep → build prompt → processLLMRequest → model call
 *             → per chunk processOutputStream → processLLMResponse → processOutputStep
 *             → tools (+ processToolResult per tool) → step-finish → next step while tools ran
 *             (a step a processor rejects with a granted retry is rolled back and replayed)
 *   processOutputResult (once) → finish
 *
 * Every terminal path — finish, provider error, abort signal, tripwire, hook error — ends in
 * `finalize()`, the one place results are settled and the stream is closed.
 */
import type { LanguageModelV2Message, LanguageModelV2Prompt } from '@ai-sdk/provider';
import type { ResolvedDownloadPolicy } from '../downloads/policy.js';
import { DownloadAssetsError } from '../errors/download-assets-error.js';
import { describeError } from '../errors/error-chain.js';
import { ProcessorError } from '../errors/processor-error.js';
import { ProviderCallError } from '../errors/provider-call-error.js';
import { SluiceError } from '../errors/sluice-error.js';
import type { MessageList } from '../messages/message-list.js';
import type { SystemMessagesSnapshot } from '../messages/system-message-store.js';
import { toLanguageModelPrompt } from '../messages/to-prompt.js';
import type { MastraDBMessage } from '../messages/types.js';
import { normalizeUrl } from '../messages/unavailable-attachments.js';
import type { LanguageModelUsage, MastraLanguageModel } from '../models/types.js';
import type { ProcessorRunner, StepSettings } from '../pipeline/runner.js';
import { TripWire } from '../pipeline/tripwire.js';
import type { CachedLLMStepChunk, ProcessorStreamWriter } from '../pipeline/types.js';
import type { RequestContext } from '../request-context/request-context.js';
import { ChunkBuffer } from '../stream/chunk-buffer.js';
import {
  ChunkFrom,
  type ChunkType,
  type DataChunkType,
  type FinishChunk,
  type StepApiErrorRetryData,
  type StepTripwireData,
  type ToolCallChunk,
  type ToolErrorChunk,
  type ToolResultChunk,
} from '../stream/chunk-types.js';
import {
  type FullOutput,
  MastraModelOutput,
  type RunHandle,
  type RunSettlement,
} from '../stream/model-output.js';
import type { LLMStepResult } from '../stream/step-result.js';
import { ResolvedToolSet, type ToolOutcome } from '../tools/index.js';
import { untilAborted } from '../util/until-aborted.js';
import { markAttachmentUnavailable, withoutUnavailableFiles } from './attachment-fallback.js';
import { buildCallOptions } from './call-options.js';
import { type DownloadedAttachment, downloadAttachments, hasUrlFileParts } from './download-attachments.js';
import { callModel, type Emit, modelLabel, readStep, startCallDeadline } from './model-call.js';
import { PartialObjects, withPartialObjects } from './partial-objects.js';
import { replayCachedResponse } from './replay.js';
import { appendStepToResponse } from './response-message.js';
import { rejectedResponse, retryReminder, tripwireData } from './retry-feedback.js';
import { StepRecorder } from './step-recorder.js';
import { abortWhenAbandoned } from './stop-on-stream-cancel.js';
import {
  parseStructuredOutput,
  type StructuredOutcome,
  settleStructuredOutput,
} from './structured-output.js';
import { toolCallIdsIn } from './tool-call-ids.js';
import { executeStepTools } from './tool-step.js';
import type { AgentExecutionOptions, ToolsInput } from './types.js';
import { addUsage, emptyUsage } from './usage.js';

const AGENT = ChunkFrom.AGENT;

/** Everything one run needs, resolved by the agent before the loop starts. */
export interface RunPlan<OUTPUT> {
  agentId: string;
  runId: string;
  messageId: string;
  messageList: MessageList;
  model: MastraLanguageModel;
  tools: ToolsInput;
  resolveTools: (tools: ToolsInput) => Promise<ResolvedToolSet>;
  maxSteps: number;
  maxRetries: number;
  options: AgentExecutionOptions<OUTPUT>;
  requestContext: RequestContext;
  /** What attachment downloads may reach (the agent's policy merged with the call's). */
  attachmentDownloads?: ResolvedDownloadPolicy;
  createRunner: (
    writer: ProcessorStreamWriter,
    runId: string,
    deliver: (chunk: ChunkType) => Promise<void> | undefined,
  ) => ProcessorRunner;
}

/** What one step has already spent on recovering from provider errors. */
interface StepRecovery {
  /** Undeliverable attachments were swapped for placeholders (done at most once per step). */
  placeholders: boolean;
}

/** Per-run mutable totals, gathered as steps complete. */
interface RunTotals {
  text: string;
  usage: LanguageModelUsage;
  steps: LLMStepResult[];
  toolCalls: ToolCallChunk[];
  toolResults: ToolResultChunk[];
  structured: StructuredOutcome<unknown> | undefined;
  /** Tokens spent on steps a processor rejected and had replayed. */
  rejectedUsage: LanguageModelUsage;
}

/**
 * One attempt at a step, as far as it got: what a retry must undo and feed back. Steps are
 * attempted again when a processor rejects the step (`abort(…, { retry: true })`) or when the
 * model call fails and an error processor asks for a retry.
 */
interface StepAttempt {
  recorder: StepRecorder | undefined;
  /** `step-start` went out, so stream clients must be told about a replay. */
  started: boolean;
  /** The model this attempt called (after step overrides). */
  model?: MastraLanguageModel;
}

/** Start a run: returns the output object at once; the loop proceeds in the background. */
export function startRun<OUTPUT>(plan: RunPlan<OUTPUT>): MastraModelOutput<OUTPUT> {
  const buffer = new ChunkBuffer<ChunkType<OUTPUT>>();
  if (plan.options.stopOnStreamCancel === true) plan = abortWhenAbandoned(plan, buffer);
  const handle: RunHandle<OUTPUT> = { settlement: undefined, settled: Promise.resolve() as never };
  handle.settled = runLoop(plan, buffer, handle);
  return new MastraModelOutput<OUTPUT>({ runId: plan.runId, messageId: plan.messageId, buffer, handle });
}

async function runLoop<OUTPUT>(
  plan: RunPlan<OUTPUT>,
  buffer: ChunkBuffer<ChunkType<OUTPUT>>,
  handle: RunHandle<OUTPUT>,
): Promise<RunSettlement<OUTPUT>> {
  const { runId, messageId, messageList: list, options } = plan;
  const abortSignal = options.abortSignal;
  const onChunk = options.onChunk;
  const totals: RunTotals = {
    text: '',
    usage: emptyUsage(),
    steps: [],
    toolCalls: [],
    toolResults: [],
    structured: undefined,
    rejectedUsage: emptyUsage(),
  };

  // Chunks reach the client through here. Output processors see them first (when any exist).
  // Returns undefined when the chunk went straight out, so the hot path awaits nothing.
  let streamParts: ChunkType[] = [];
  // The step being read: text is recorded as it is finally emitted, after output processors.
  let reading: StepRecorder | undefined;
  // Set once the terminal chunk is out: nothing may follow it, not even from a run body that an
  // abort abandoned mid-hook.
  let ended = false;
  // The step chunks belong to now; `undefined` outside steps.
  let currentStep: number | undefined;
  const push = (chunk: ChunkType): Promise<void> | undefined => {
    if (ended) return undefined;
    if (reading !== undefined && chunk.type === 'text-delta')
      reading.acceptTextDelta(chunk.payload.id, chunk.payload.text);
    buffer.push(chunk as ChunkType<OUTPUT>);
    return onChunk ? runCallback('onChunk', () => onChunk(chunk as ChunkType<OUTPUT>)) : undefined;
  };
  /** The last chunk of the run (finish, tripwire, abort or error). */
  const pushTerminal = (chunk: ChunkType): Promise<void> | undefined => {
    if (ended) return undefined;
    ended = true;
    buffer.push(chunk as ChunkType<OUTPUT>);
    return onChunk ? runCallback('onChunk', () => onChunk(chunk as ChunkType<OUTPUT>)) : undefined;
  };
  const writer = {
    custom: async (chunk: DataChunkType): Promise<void> => {
      // A write that outlives the run (an un-awaited custom() call) has nowhere to go.
      if (ended) return;
      if (typeof chunk?.type !== 'string' || !chunk.type.startsWith('data-')) {
        throw new SluiceError(
          'INVALID_CUSTOM_CHUNK',
          `writer.custom() needs a chunk whose type starts with "data-" (got ${JSON.stringify(chunk?.type)}). Rename it, e.g. "data-${String(chunk?.type ?? 'custom')}".`,
        );
      }
      await emit(chunk);
    },
  } as ProcessorStreamWriter;
  // Structured steps with output processors: partial objects follow the processed text.
  let partial: PartialObjects | undefined;
  /** A chunk that has been through the output processors goes to the client. */
  const deliver = async (out: ChunkType): Promise<void> => {
    if (partial !== undefined && out.type === 'text-delta') {
      const object = partial.next(out.payload.text);
      if (object) {
        streamParts.push(object);
        const processed = await runner.processOutputStream(object, streamParts, currentStep);
        if (processed) await pushEach(processed);
      }
    }
    await push(out);
  };
  const pushEach = async (out: ChunkType | ChunkType[]): Promise<void> => {
    if (!Array.isArray(out)) return push(out);
    for (const chunk of out) await push(chunk);
  };
  const runner = plan.createRunner(writer, runId, deliver);
  const processChunk = async (chunk: ChunkType): Promise<void> => {
    streamParts.push(chunk);
    const out = await runner.processOutputStream(chunk, streamParts, currentStep);
    if (out === undefined) return;
    if (!Array.isArray(out)) return deliver(out);
    // A processor turned the chunk into several: each is delivered in order.
    for (const each of out) await deliver(each);
  };
  const emit: Emit = runner.passesChunksThrough ? push : processChunk;

  const responseCreatedAt = new Date();
  // The assistant message this run's steps are appended to; a new one starts when something
  // (a signal, a processor's message) was added after it, so the conversation keeps its order.
  let responseId = messageId;

  // Failures of the model call itself (not of a processor or tool), with the provider's own
  // error: these, and only these, go to the error processors.
  const apiFailures = new WeakMap<object, unknown>();
  const apiFailure = (failure: Error, providerError: unknown): Error => {
    apiFailures.set(failure, providerError);
    return failure;
  };
  // Attachments no error processor could recover in this run (normalized URLs): the model gets a
  // placeholder. Downloads that worked are kept for the run's later attempts and steps.
  const unavailable = new Set<string>();
  const downloads = new Map<string, DownloadedAttachment>();

  /** Download what the model cannot fetch itself; a failure is a model-call failure. */
  const fetchAttachments = async (
    prompt: LanguageModelV2Prompt,
    model: MastraLanguageModel,
  ): Promise<LanguageModelV2Prompt> => {
    const outbound = unavailable.size > 0 ? withoutUnavailableFiles(prompt, unavailable) : prompt;
    if (!hasUrlFileParts(outbound)) return outbound;
    try {
      return await downloadAttachments(outbound, {
        supportedUrls: await model.supportedUrls(),
        policy: plan.attachmentDownloads,
        abortSignal,
        cache: downloads,
      });
    } catch (error) {
      throw error instanceof DownloadAssetsError ? apiFailure(error, error) : error;
    }
  };

  // The steps run as one unit raced against the abort signal: whatever the body is awaiting
  // (a provider, a tool, a processor hook), an abort ends the run at once.
  const runSteps = async (): Promise<void> => {
    await push({ type: 'start', runId, from: AGENT, payload: { id: plan.agentId, messageId } });

    // 1. processInput — once, before the loop.
    await runner.processInput();
    // System messages as processInput left them; every step (and every replay) starts from these.
    const baseSystemMessages = list.snapshotSystemMessages();

    for (let stepNumber = 0; ; stepNumber++) {
      if (!(await runStepWithRetries(stepNumber, baseSystemMessages))) break;
    }
    // The object-result that reached the client (or a structuring processor's report) is the object.
    settleStructuredOutput(list, totals, buffer.chunks);

    // 10. processOutputResult — once, at the end of a successful run.
    const last = totals.steps.at(-1);
    currentStep = undefined;
    await runner.processOutputResult({
      text: totals.text,
      usage: totals.usage,
      finishReason: last?.finishReason ?? 'unknown',
      steps: totals.steps,
    });

    // Output processors see the run's closing `finish` chunk too (a stream accumulator reports
    // on it). They may replace it; it cannot be dropped, since clients need a terminal chunk.
    const output = buildOutput('success', undefined, undefined);
    let chunk: FinishChunk = finishChunk(output);
    if (!runner.passesChunksThrough) {
      streamParts.push(chunk);
      const processed = await runner.processOutputStream(chunk, streamParts, currentStep);
      // Chunks a processor releases beside the finish chunk go out before it.
      if (Array.isArray(processed)) {
        for (const each of processed) {
          if (each.type === 'finish') chunk = each;
          else await push(each);
        }
      } else if (processed?.type === 'finish') chunk = processed;
    }
    closing = { output, chunk };
  };

  // The successful end, prepared before finalize so processors can see the finish chunk.
  let closing: { output: FullOutput<OUTPUT>; chunk: FinishChunk } | undefined;

  function finishChunk(output: FullOutput<OUTPUT>): FinishChunk {
    return {
      type: 'finish',
      runId,
      from: AGENT,
      payload: {
        messageId,
        stepResult: { reason: output.finishReason },
        output: { usage: output.usage },
        metadata: { providerMetadata: output.providerMetadata, request: output.request },
        response: output.response,
        providerMetadata: output.providerMetadata,
        totalUsage: output.totalUsage,
        processorRetryCount: runner.retries.stepRetries,
        apiErrorRetryCount: runner.retries.apiErrorRetries,
      },
    };
  }

  /**
   * One step, attempted again in two cases, each with its own budget:
   *
   * - A processor rejects it with `abort(reason, { retry: true })` and `maxProcessorRetries`
   *   allows: the replay sends the earlier request unchanged, then the rejected answer, then the
   *   reason as `<system-reminder reason="processor-retry" processor="<id>">`. None of that
   *   feedback is stored.
   * - The model call fails (HTTP error, reset, broken stream, attachment download) and an error
   *   processor returns `{ retry: true }` within the error budget: the call is made again from the
   *   conversation as the error processors left it. An attachment no processor recovers is
   *   replaced by `[Attachment unavailable: <name>]` and the call made once more (outside the budget).
   *
   * Either way the failed attempt is rolled back first (its messages, response parts and totals),
   * so the result and the conversation hold only the accepted attempt's output; clients that saw
   * the attempt's chunks get a `step-finish` with reason `'retry'` before the replacement.
   */
  const runStepWithRetries = async (
    stepNumber: number,
    baseSystem: SystemMessagesSnapshot,
  ): Promise<boolean> => {
    // Transient signals queued before the step (processInput, the previous step's output hooks)
    // belong to every attempt of it, so a replay's prompt still starts with the first one's.
    const carried = runner.takeTransientSignals();
    const feedback: LanguageModelV2Message[] = [];
    const recovery: StepRecovery = { placeholders: false };
    for (;;) {
      const checkpoint = takeCheckpoint();
      const attempt: StepAttempt = { recorder: undefined, started: false };
      try {
        return await runStep(stepNumber, baseSystem, carried, feedback, attempt);
      } catch (error) {
        if (abortSignal?.aborted) throw error;
        const apiError = apiFailures.get(error as object);
        if (apiError !== undefined) {
          restoreCheckpoint(checkpoint, attempt);
          // Signals the failed attempt's output hooks queued speak of output the model never sees.
          runner.takeTransientSignals();
          if (!(await recoverFromApiError(error as Error, apiError, stepNumber, attempt, recovery)))
            throw error;
          // Transient signals an error processor sent (e.g. "continue" after a prefill rejection)
          // hold for every later attempt of this step.
          carried.push(...runner.takeTransientSignals());
          continue;
        }
        if (!TripWire.isInstance(error) || !runner.retries.takeStepRetry(error)) throw error;
        await runner.reportViolation(error);
        restoreCheckpoint(checkpoint, attempt);
        feedback.push(...rejectedResponse(attempt.recorder, error), retryReminder(error));
        // Signals sent during the rejected attempt's output hooks are the newest: they go last.
        feedback.push(...runner.takeTransientSignals());
        if (attempt.started) await announceRetry({ tripwire: tripwireData(error) }, attempt);
      }
    }
  };

  /**
   * After a failed model call (attempt already rolled back): true when the step should be tried
   * again — an error processor asked for it, or an undeliverable attachment was swapped for its
   * placeholder. The error processors decide first, before anything reaches the client.
   */
  const recoverFromApiError = async (
    failure: Error,
    apiError: unknown,
    stepNumber: number,
    attempt: StepAttempt,
    recovery: StepRecovery,
  ): Promise<boolean> => {
    const processorId = await runner.processAPIError({
      error: apiError,
      model: attempt.model ?? plan.model,
      stepNumber,
      steps: totals.steps,
      messageId: responseId,
    });
    if (processorId !== undefined) {
      if (attempt.started) {
        await announceRetry(
          {
            apiError: {
              processorId,
              message: apiError instanceof Error ? apiError.message : failure.message,
              retryCount: runner.retries.apiErrorRetries,
            },
          },
          attempt,
        );
      }
      return true;
    }
    // Undeliverable attachments: once per step, every URL that failed in the round gets its
    // placeholder and the call is made again (outside the error budget).
    if (apiError instanceof DownloadAssetsError && !recovery.placeholders) {
      recovery.placeholders = true;
      for (const failed of [apiError, ...apiError.alsoFailed]) {
        unavailable.add(normalizeUrl(failed.details.url));
        markAttachmentUnavailable(list, failed.details.url);
        console.warn(
          `[sluice] ${failed.message} No error processor recovered it; the model gets "[Attachment unavailable: ${failed.details.name}]" instead.`,
        );
      }
      return true;
    }
    return false;
  };

  const runStep = async (
    stepNumber: number,
    baseSystemMessages: SystemMessagesSnapshot,
    carried: LanguageModelV2Message[],
    feedback: LanguageModelV2Message[],
    attempt: StepAttempt,
  ): Promise<boolean> => {
    throwIfAborted(abortSignal);
    streamParts = [];
    reading = undefined;
    partial = undefined;
    currentStep = stepNumber;
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
    const toolSet = activeOnly(await resolveStepTools(settings.tools), settings.activeTools);
    // A processor may move this step's output to another response message (`messageId`).
    if (settings.messageId && settings.messageId !== messageId) responseId = settings.messageId;

    // 4. Prompt conversion (+ transient signals, + retry feedback at the end), then
    //    processLLMRequest (transient rewrite or cached response).
    // The runner keeps the list's system messages in step with `systemMessages` overrides.
    const basePrompt = toLanguageModelPrompt(list.getAllSystemMessages(), list.get.all.db());
    const transient = runner.takeTransientSignals();
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
    const request = await runner.processLLMRequest({
      prompt,
      model: stepModel,
      stepNumber,
      steps: totals.steps,
    });
    // Attachments the model cannot fetch itself are downloaded now (a cached response needs none).
    const outbound = request.response ? request.prompt : await fetchAttachments(request.prompt, stepModel);

    // 5 + 6. Model call; every chunk goes through processOutputStream on its way out.
    const recorder = new StepRecorder(runId, options.includeRawChunks === true, () => toolCallIdsIn(list));
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
    const source = request.response
      ? { stream: replayCachedResponse(request.response), request: { body: request.response.request } }
      : await callModel(stepModel, call, maxRetries, stepNumber, callSignal).catch((error: unknown) => {
          deadline?.clear();
          throw ProviderCallError.isInstance(error) ? apiFailure(error, error.cause) : error;
        });
    attempt.started = true;
    await emit({
      type: 'step-start',
      runId,
      from: AGENT,
      payload: {
        messageId,
        startedAt,
        request: source.request ?? {},
        inputMessages: outbound,
      },
    });
    const stepChunks: CachedLLMStepChunk[] | undefined = runner.wantsResponseChunks ? [] : undefined;
    // Partial `object` chunks are parsed from the text as it leaves the processors.
    const structuredStep = settings.structuredOutput !== undefined;
    partial = structuredStep && !runner.passesChunksThrough ? new PartialObjects(runId) : undefined;
    const stepEmit = structuredStep && runner.passesChunksThrough ? withPartialObjects(emit, runId) : emit;
    // Text is recorded as it leaves the processors until the step's last chunk, so text a
    // processor holds back and releases later (e.g. on step-finish) still counts.
    reading = recorder;
    await readStep(source, recorder, stepChunks, stepEmit, callSignal);
    deadline?.clear();
    throwIfAborted(abortSignal);
    const timedOut = deadline?.expired();
    if (timedOut) throw apiFailure(timedOut, timedOut.cause);
    if (recorder.streamError) {
      const cause = recorder.streamError.error;
      throw apiFailure(
        new ProviderCallError({ cause, modelLabel: modelLabel(stepModel), stepNumber }),
        cause,
      );
    }
    if (!recorder.sawFinish && !request.response) {
      const cause = new Error('the response stream ended without a finish event (connection closed early?)');
      throw apiFailure(
        new ProviderCallError({ cause, modelLabel: modelLabel(stepModel), stepNumber }),
        cause,
      );
    }
    totals.usage = addUsage(totals.usage, recorder.usage);
    totals.toolCalls.push(...recorder.toolCalls);

    // The step's output joins the conversation before tools run, so results can attach to it.
    responseId = appendStepToResponse(list, responseId, responseCreatedAt, recorder);
    recorder.seal();

    const step = buildStepResult(stepNumber, recorder, source.request, stepModel);
    totals.steps.push(step);

    // 7. processLLMResponse — same per-processor state as processLLMRequest.
    await runner.processLLMResponse({
      chunks: stepChunks ?? [],
      model: stepModel,
      stepNumber,
      steps: totals.steps,
      fromCache: request.response !== undefined,
      warnings: recorder.warnings,
      request: source.request?.body,
      rawResponse: request.response
        ? request.response.rawResponse
        : (source as { response?: unknown }).response,
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
    const outcome = await executeStepTools({
      calls: recorder.toolCalls,
      rawInput: recorder.rawToolInput,
      toolSet,
      messageList: list,
      requestContext: plan.requestContext,
      abortSignal,
      agentId: plan.agentId,
      runId,
      emit,
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
    });
    step.toolResults.push(...outcome.results);
    step.toolErrors.push(...outcome.errors);
    totals.toolResults.push(...outcome.results);
    throwIfAborted(abortSignal);

    const continues = outcome.executed > 0 && !outcome.pendingClientCalls && stepNumber + 1 < plan.maxSteps;

    // Structured output is read from the final step's answer.
    if (!continues && settings.structuredOutput) {
      totals.structured = await parseStructuredOutput(recorder.text, settings.structuredOutput);
      if (totals.structured.ok) {
        await emit({ type: 'object-result', runId, from: AGENT, object: totals.structured.value });
      }
    }

    await emit({
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
    reading = undefined;
    partial = undefined;
    settleStepText(step, recorder);
    if (options.onStepFinish) {
      await runCallback('onStepFinish', () =>
        options.onStepFinish?.({ ...step, runId, model: modelLabel(stepModel) }),
      );
    }
    return continues;
  };

  /** Text released after the step was stored (held back by a processor) joins it now. */
  function settleStepText(step: LLMStepResult, recorder: StepRecorder): void {
    totals.text += recorder.text;
    step.text = recorder.text;
    const late = recorder.takeLateParts();
    if (late.length === 0) return;
    const stored = list.getMessageById(responseId);
    if (stored) {
      list.add(
        { ...stored, content: { ...stored.content, parts: [...stored.content.parts, ...late] } },
        'response',
      );
    }
  }

  /** The step's tools; a bad `tools` override is blamed on the processor that returned it. */
  async function resolveStepTools(tools: ToolsInput | undefined): Promise<ResolvedToolSet> {
    try {
      return await plan.resolveTools(tools ?? {});
    } catch (error) {
      const culprit = runner.toolsOverriddenBy;
      if (!culprit) throw error;
      throw new ProcessorError(
        'PROCESSOR_INVALID_RESULT',
        `Processor "${culprit.processorId}" ${culprit.hook} returned "tools" that cannot be used: ${error instanceof Error ? error.message : String(error)}`,
        { processorId: culprit.processorId, hook: culprit.hook, stepNumber: currentStep },
        { cause: error },
      );
    }
  }

  /** What a step replay must undo: messages added, the response's parts, the run totals. */
  interface Checkpoint {
    /** Messages added after this mark belong to the attempt. */
    mark: number;
    response: MastraDBMessage | undefined;
    responseId: string;
    text: string;
    usage: LanguageModelUsage;
    steps: number;
    toolCalls: number;
    toolResults: number;
    structured: StructuredOutcome<unknown> | undefined;
  }

  /** O(1): every step takes one, since error processors (on by default) may ask for a retry. */
  function takeCheckpoint(): Checkpoint {
    return {
      mark: list.insertionMark(),
      response: list.getMessageById(responseId),
      responseId,
      text: totals.text,
      usage: totals.usage,
      steps: totals.steps.length,
      toolCalls: totals.toolCalls.length,
      toolResults: totals.toolResults.length,
      structured: totals.structured,
    };
  }

  function restoreCheckpoint(checkpoint: Checkpoint, attempt: StepAttempt): void {
    list.rollbackTo(checkpoint.mark);
    if (checkpoint.response) list.add(checkpoint.response, 'response');
    responseId = checkpoint.responseId;
    // The rejected attempt's tokens were spent: they count in totalUsage, not in usage.
    if (attempt.recorder) totals.rejectedUsage = addUsage(totals.rejectedUsage, attempt.recorder.usage);
    totals.text = checkpoint.text;
    totals.usage = checkpoint.usage;
    totals.steps.length = checkpoint.steps;
    totals.toolCalls.length = checkpoint.toolCalls;
    totals.toolResults.length = checkpoint.toolResults;
    totals.structured = checkpoint.structured;
    reading = undefined;
  }

  /** Tell stream clients the step they just saw was rejected (or failed) and will be attempted again. */
  async function announceRetry(
    why: { tripwire: StepTripwireData } | { apiError: StepApiErrorRetryData },
    attempt: StepAttempt,
  ): Promise<void> {
    const recorder = attempt.recorder;
    await emit({
      type: 'step-finish',
      runId,
      from: AGENT,
      payload: {
        messageId,
        stepResult: { reason: 'retry', isContinued: true },
        output: {
          text: recorder?.text ?? '',
          toolCalls: recorder?.toolCalls ?? [],
          usage: recorder?.usage ?? emptyUsage(),
        },
        metadata: {},
        totalUsage: addUsage(totals.usage, totals.rejectedUsage),
        ...why,
      },
    });
  }

  try {
    await untilAborted(runSteps(), abortSignal);
    return await finalize({ status: 'success' });
  } catch (error) {
    if (TripWire.isInstance(error)) {
      await settleWithin(runner.reportViolation(error), abortSignal);
      return finalize({ status: 'tripwire', tripwire: tripwireData(error) });
    }
    if (abortSignal?.aborted) return finalize({ status: 'aborted' });
    return finalize({ status: 'failed', error: toError(error) });
  }

  /** The one finalization point: settles every promise and closes the stream, on every path. */
  async function finalize(end: {
    status: RunSettlement<OUTPUT>['status'];
    error?: Error;
    tripwire?: StepTripwireData;
  }): Promise<RunSettlement<OUTPUT>> {
    // No hook runs after this point; work processors started for the run (timers) stops now.
    runner.endRun();
    let { status, error } = end;
    const { tripwire } = end;
    const structured = totals.structured;
    let objectError: Error | undefined;
    if (status === 'success' && structured && !structured.ok && structured.strategy === 'strict') {
      objectError = structured.error;
    }
    // Callbacks are awaited, but never past an abort: once the signal fires, finalization goes
    // on whether or not they settle (a late rejection is ignored).
    const bounded = (pending: unknown) => settleWithin(pending, abortSignal);
    if (status === 'success' && options.onFinish) {
      try {
        await untilAborted(
          runCallback('onFinish', () => options.onFinish?.(buildFinishEvent())),
          abortSignal,
        );
      } catch (callbackError) {
        if (!abortSignal?.aborted) {
          status = 'failed';
          error = callbackError as Error;
        }
      }
    }
    const output = status === 'success' && closing ? closing.output : buildOutput(status, error, tripwire);
    try {
      if (status === 'success') {
        await bounded(
          pushTerminal(closing && closing.output === output ? closing.chunk : finishChunk(output)),
        );
      } else if (status === 'tripwire' && tripwire) {
        await bounded(
          pushTerminal({
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
        await bounded(pushTerminal({ type: 'abort', runId, from: AGENT, payload: {} }));
        await bounded(quietly(() => options.onAbort?.({ steps: totals.steps })));
      } else if (status === 'failed') {
        await bounded(pushTerminal({ type: 'error', runId, from: AGENT, payload: { error } }));
        await bounded(quietly(() => options.onError?.({ error })));
      }
    } catch {
      // onChunk failing on the terminal chunk must not keep the run from settling.
    }
    const settlement = { status, output, objectError };
    handle.settlement = settlement;
    buffer.close();
    return settlement;
  }

  function buildOutput(
    status: RunSettlement<OUTPUT>['status'],
    error: Error | undefined,
    tripwire: StepTripwireData | undefined,
  ): FullOutput<OUTPUT> {
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
    return {
      runId,
      text: blocked ? '' : totals.text,
      usage: totals.usage,
      totalUsage: addUsage(totals.usage, totals.rejectedUsage),
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
        messages: blocked ? [] : list.get.response.core(),
        uiMessages: blocked ? [] : list.get.response.ui(),
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

  function buildFinishEvent() {
    const last = totals.steps.at(-1) as LLMStepResult;
    const structured = totals.structured;
    return {
      ...last,
      text: totals.text,
      usage: totals.usage,
      steps: totals.steps,
      totalUsage: addUsage(totals.usage, totals.rejectedUsage),
      object: (structured?.ok ? structured.value : structured?.fallback) as OUTPUT | undefined,
      runId,
    };
  }
}

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

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(describeError(error));
}

function callbackFailure(name: string, error: unknown): SluiceError {
  const message = describeError(error);
  return new SluiceError(
    'CALLBACK_FAILED',
    `The ${name} callback threw: ${message}. Fix or guard the callback.`,
    {
      cause: error,
      details: { callback: name },
    },
  );
}

async function runCallback(name: string, fn: () => unknown): Promise<void> {
  try {
    await fn();
  } catch (error) {
    throw callbackFailure(name, error);
  }
}

/**
 * Waits for `pending` (when it is a promise) until it settles or `signal` aborts, whichever is
 * first; never rejects. Why: after an abort, callbacks and hooks outside the run's abort race
 * (onFinish, onChunk on the terminal chunk, onError, onAbort, onViolation) must not hold the run.
 */
async function settleWithin(pending: unknown, signal: AbortSignal | undefined): Promise<void> {
  if (!(pending instanceof Promise)) return;
  try {
    await untilAborted(pending, signal);
  } catch {
    // The callback's own failure is handled where it is called; an abort just stops the wait.
  }
}

async function quietly(fn: () => unknown): Promise<void> {
  try {
    await fn();
  } catch {
    // Error/abort callbacks run while the run is already failing; their own failure adds nothing.
  }
}

function joinDefined(values: Array<string | undefined>): string | undefined {
  const present = values.filter((v): v is string => v !== undefined);
  return present.length === 0 ? undefined : present.join('');
}
