/**
 * One agent run's use of the background runtime: it wraps the step's tools (eligible tools get
 * `_background` in their schema; every tool has `_background` stripped from its arguments),
 * sends eligible calls to the manager as deferred or awaited tasks, reconciles settled results
 * into the conversation (the run's message list while the run is open, the memory store after),
 * sends the work signals, runs the callbacks, and tells the loop when an `untilIdle` follow-up
 * turn is due.
 */
import type { LanguageModelV2Message } from '@ai-sdk/provider';
import type { MessageList } from '../messages/message-list.js';
import type { MemoryStorage } from '../stores/types.js';
import { ChunkFrom, type ChunkType } from '../stream/chunk-types.js';
import { parseToolInput } from '../tools/parse-tool-input.js';
import { ResolvedToolSet } from '../tools/resolved-tool-set.js';
import { ToolExecutionError } from '../tools/tool-execution-error.js';
import type { ResolvedTool, ToolCallContext, ToolCallRequest, ToolOutcome } from '../tools/types.js';
import {
  type AgentBackgroundTasksConfig,
  BACKGROUND_ARG,
  type BackgroundPlan,
  checkBackgroundOverride,
  resolveBackgroundPlan,
  toolBackground,
  withBackgroundArg,
} from './config.js';
import type { BackgroundTaskManager } from './manager.js';
import type { BackgroundTaskExecutor } from './manager-api.js';
import { outcomeOf, replaceStoredResult, resultPart } from './task-results.js';
import type { BackgroundTaskRecord, BackgroundTaskTerminalStatus } from './types.js';
import { clearWorkNotifier, notifyWork, terminalWorkEvent } from './work-signals.js';

/** The `untilIdle` call option. */
export type UntilIdleOption = boolean | { maxIdleMs?: number };

/** What the agent hands a run's background runtime. */
export interface RunBackgroundOptions {
  agentId: string;
  runId: string;
  config: AgentBackgroundTasksConfig | undefined;
  manager: BackgroundTaskManager;
  untilIdle?: UntilIdleOption;
  messageList: MessageList;
  /** The call's memory conversation: where results settled after the run are reconciled. */
  memory?: { storage: MemoryStorage; threadId: string; resourceId: string };
  /** Receives warnings (a throwing callback, a failed reconciliation); default `console.warn`. */
  warn?: (message: string) => void;
}

/** The parts of the run the runtime writes through, given when the run starts. */
export interface RunBackgroundSeams {
  emit(chunk: ChunkType): Promise<void> | undefined;
  queueTransientMessage(message: LanguageModelV2Message): void;
}

interface InFlight {
  task: BackgroundTaskRecord;
  tool: ResolvedTool;
  plan: Extract<BackgroundPlan, { eligible: true }>;
  /** The awaited step is still waiting for it: its settlement goes to the step, not the list. */
  waiter?: (task: BackgroundTaskRecord) => void;
  /** Resolves once the step that started the task has recorded its acknowledgement. */
  recorded: Promise<void>;
}

const AGENT = ChunkFrom.AGENT;

/** A run's background runtime (see the module comment). */
export class RunBackground {
  readonly #o: RunBackgroundOptions;
  #seams: RunBackgroundSeams | undefined;
  readonly #wrappedTools = new WeakMap<ResolvedTool, ResolvedTool>();
  readonly #wrappedSets = new WeakMap<ResolvedToolSet, ResolvedToolSet>();
  readonly #inFlight = new Map<string, InFlight>();
  /** Results reconciled into the list since the last step built its prompt. */
  #fresh: { task: BackgroundTaskRecord; signalled: boolean }[] = [];
  #wake: (() => void) | undefined;
  /** Open while the current step's tool results are not recorded yet. */
  #gate: { promise: Promise<void>; open: () => void } | undefined;
  /** `open` while steps may run; `closing` from finalization until memory is saved; then `ended`. */
  #phase: 'open' | 'closing' | 'ended' = 'open';
  /** Memory reconciliations, chained (see `#reconcileInMemory`). */
  #memoryWrites: Promise<void> = Promise.resolve();
  #ended: () => void = () => {};
  readonly #endedPromise = new Promise<void>((resolve) => {
    this.#ended = resolve;
  });

  constructor(options: RunBackgroundOptions) {
    this.#o = options;
  }

  /** Connect the run's chunk path and runner (called once when the run starts). */
  attach(seams: RunBackgroundSeams): void {
    this.#seams = seams;
  }

  /**
   * The step's tools with background handling. Called once per step before its prompt is built;
   * results reconciled before now are in that prompt, so they need no follow-up turn.
   */
  wrapToolSet(toolSet: ResolvedToolSet): ResolvedToolSet {
    this.#fresh = [];
    let wrapped = this.#wrappedSets.get(toolSet);
    if (wrapped) return wrapped;
    wrapped = new ResolvedToolSet();
    for (const [name, tool] of toolSet) wrapped.set(name, this.#wrapTool(tool));
    this.#wrappedSets.set(toolSet, wrapped);
    return wrapped;
  }

  #wrapTool(tool: ResolvedTool): ResolvedTool {
    const cached = this.#wrappedTools.get(tool);
    if (cached) return cached;
    const execute = tool.execute;
    if (!execute || tool.providerExecuted) {
      this.#wrappedTools.set(tool, tool);
      return tool;
    }
    const eligible = this.#eligible(tool);
    let modelTool = tool.modelTool;
    let inputJsonSchema = tool.inputJsonSchema;
    if (eligible && modelTool.type === 'function') {
      const schema = withBackgroundArg(modelTool.inputSchema as Record<string, unknown>);
      if (schema) {
        modelTool = { ...modelTool, inputSchema: schema as never };
        inputJsonSchema = schema as never;
      }
    }
    const wrapped: ResolvedTool = {
      ...tool,
      modelTool,
      inputJsonSchema,
      execute: (call, context) => this.#execute(tool, call, context),
    };
    this.#wrappedTools.set(tool, wrapped);
    return wrapped;
  }

  /** Eligible for some call (the model's override cannot change eligibility). */
  #eligible(tool: ResolvedTool): boolean {
    return resolveBackgroundPlan({
      toolName: tool.name,
      tool: toolBackground(tool),
      agent: this.#o.config,
      override: undefined,
    }).eligible;
  }

  async #execute(tool: ResolvedTool, call: ToolCallRequest, context: ToolCallContext): Promise<ToolOutcome> {
    const original = tool.execute as NonNullable<ResolvedTool['execute']>;
    const parsed = parseToolInput(call.input);
    if (!parsed.ok) return original(call, context);
    const value = parsed.value;
    const carries =
      typeof value === 'object' && value !== null && !Array.isArray(value) && BACKGROUND_ARG in value;
    let args = value;
    let rawOverride: unknown;
    if (carries) {
      const { [BACKGROUND_ARG]: taken, ...rest } = value as Record<string, unknown>;
      rawOverride = taken;
      args = rest;
    }
    // The parsed value goes on, so the tool's own runner does not parse the JSON again.
    const stripped: ToolCallRequest = { ...call, input: args };
    const checked = checkBackgroundOverride(rawOverride);
    const plan = resolveBackgroundPlan({
      toolName: tool.name,
      tool: toolBackground(tool),
      agent: this.#o.config,
      override: checked.ok ? checked.override : undefined,
      defaults: this.#o.manager.defaults,
    });
    // Ineligible: `_background` is dropped and the call runs exactly as a foreground call.
    if (!plan.eligible) return original(stripped, context);
    if (!checked.ok) {
      return {
        ok: false,
        args,
        error: new ToolExecutionError(
          'TOOL_INVALID_ARGS',
          `Tool "${tool.name}": ${checked.problem} Call it again with a valid "${BACKGROUND_ARG}", or leave it out.`,
          { toolName: tool.name, toolCallId: call.toolCallId },
        ),
      };
    }
    if (plan.disposition === 'foreground') return original(stripped, context);
    // Bad arguments fail now, as they would in the foreground, not later as a failed task.
    if (tool.checkInput) {
      const input = await tool.checkInput(stripped);
      if (!input.ok) return input;
    }
    return this.#startTask(tool, plan, stripped, args, context);
  }

  async #startTask(
    tool: ResolvedTool,
    plan: Extract<BackgroundPlan, { eligible: true }>,
    call: ToolCallRequest,
    args: unknown,
    context: ToolCallContext,
  ): Promise<ToolOutcome> {
    const { agentId, runId, memory } = this.#o;
    const original = tool.execute as NonNullable<ResolvedTool['execute']>;
    const toolCallId = call.toolCallId;
    const executor: BackgroundTaskExecutor = async ({ task, abortSignal, progress }) => {
      const report = (data: unknown) => {
        progress(data);
        if (this.#phase === 'open') {
          void this.#seams
            ?.emit({
              type: 'background-task-progress',
              runId,
              from: AGENT,
              payload: { taskId: task.id, toolCallId, toolName: tool.name, data },
            })
            ?.catch(() => undefined);
        }
      };
      const outcome = await original(
        { toolCallId, input: task.args },
        {
          requestContext: context.requestContext,
          abortSignal,
          agent: context.agent,
          writer: { write: async (data) => report(data), custom: async (chunk) => report(chunk) },
        },
      );
      if (!outcome.ok) throw outcome.error;
      return outcome.result;
    };
    let submitted: Awaited<ReturnType<BackgroundTaskManager['submit']>>;
    try {
      submitted = await this.#o.manager.submit({
        toolName: tool.name,
        toolCallId,
        args,
        disposition: plan.disposition === 'awaited' ? 'awaited' : 'deferred',
        agentId,
        threadId: memory?.threadId,
        resourceId: memory?.resourceId,
        runId,
        timeoutMs: plan.timeoutMs,
        maxRetries: plan.maxRetries,
        execute: executor,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        ok: false,
        args,
        error: new ToolExecutionError(
          'TOOL_EXECUTION_FAILED',
          `Tool "${tool.name}" could not start in the background: ${message}`,
          { toolName: tool.name, toolCallId, cause: error },
        ),
      };
    }
    // backpressure 'fallback-sync': the manager is full, so the call runs here and now.
    if (!submitted.accepted) return original(call, context);
    const { task } = submitted;
    const disposition = task.disposition;
    const entry: InFlight = { task, tool, plan, recorded: this.#stepGate() };
    this.#inFlight.set(task.id, entry);
    const settledHere = submitted.settled.then((final) => this.#settled(entry, final));
    await this.#seams?.emit({
      type: 'background-task-started',
      runId,
      from: AGENT,
      payload: { taskId: task.id, toolCallId, toolName: tool.name, disposition },
    });
    await notifyWork(disposition === 'awaited' ? 'work-awaited' : 'work-deferred', {
      originRunId: runId,
      originToolCallId: toolCallId,
      taskId: task.id,
      invocationKind: 'tool',
      disposition,
      status: 'running',
    });
    if (disposition === 'awaited') {
      const final = await this.#waitInline(entry, plan.waitTimeoutMs, context.abortSignal);
      if (final) {
        await settledHere;
        return await outcomeOf(final, tool, args);
      }
    }
    return { ok: true, args, result: { taskId: task.id, status: 'running' } };
  }

  /** An awaited call's wait: the terminal record, or `undefined` after `waitTimeoutMs` (then it is deferred). */
  #waitInline(entry: InFlight, waitTimeoutMs: number, signal: AbortSignal | undefined) {
    return new Promise<BackgroundTaskRecord | undefined>((resolve) => {
      const timer = setTimeout(() => done(undefined), waitTimeoutMs);
      const onAbort = () => done(undefined);
      const done = (task: BackgroundTaskRecord | undefined) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        entry.waiter = undefined;
        resolve(task);
      };
      entry.waiter = done;
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** A task of this run settled: reconcile, signal, call back, wake a waiting `untilIdle`. */
  async #settled(entry: InFlight, task: BackgroundTaskRecord): Promise<void> {
    const status = task.status as BackgroundTaskTerminalStatus;
    let signalled = false;
    const payload = {
      originRunId: this.#o.runId,
      originToolCallId: task.toolCallId,
      taskId: task.id,
      invocationKind: 'tool' as const,
      disposition: task.disposition,
      status,
    };
    try {
      if (entry.waiter) {
        // The awaited step takes the result as its own tool result.
        entry.waiter(task);
        signalled = await notifyWork(terminalWorkEvent(status), payload);
      } else {
        if (this.#phase === 'open') await entry.recorded;
        if (this.#phase === 'open') {
          await this.#reconcileInList(entry, task);
          signalled = await notifyWork(terminalWorkEvent(status), payload);
          this.#fresh.push({ task, signalled });
        } else {
          await this.#endedPromise;
          await this.#reconcileInMemory(entry, task);
        }
      }
    } catch (error) {
      this.#warn(`reconciling background task ${task.id} (tool "${task.toolName}") failed`, error);
    } finally {
      this.#inFlight.delete(task.id);
      await this.#callbacks(entry, task);
      this.#wake?.();
    }
  }

  async #reconcileInList(entry: InFlight, task: BackgroundTaskRecord): Promise<void> {
    const part = await resultPart(entry.tool, task);
    this.#o.messageList.updateToolInvocation(part);
  }

  /**
   * After the run: the stored tool result (the acknowledgement) is replaced by the real one.
   * One at a time: calls of one step share a stored message, and each replacement reads and
   * rewrites it, so two settling together (crash recovery settles a dead worker's tasks at
   * once) would otherwise each drop the other's result.
   */
  #reconcileInMemory(entry: InFlight, task: BackgroundTaskRecord): Promise<void> {
    const next = this.#memoryWrites.then(() => this.#reconcileOneInMemory(entry, task));
    this.#memoryWrites = next.catch(() => undefined);
    return next;
  }

  async #reconcileOneInMemory(entry: InFlight, task: BackgroundTaskRecord): Promise<void> {
    const memory = this.#o.memory;
    if (!memory) return;
    const part = await resultPart(entry.tool, task);
    // Newest first, a page at a time: the call is usually among the latest messages, but a
    // busy thread may have moved on while the task ran.
    for (let page = 0; ; page++) {
      const { messages, hasMore } = await memory.storage.listMessages({
        threadId: memory.threadId,
        page,
        perPage: 100,
        orderBy: { field: 'createdAt', direction: 'DESC' },
        includeTotal: false,
      });
      if (await replaceStoredResult(memory.storage, messages, task, part)) return;
      if (!hasMore || messages.length === 0) break;
    }
    this.#warn(
      `reconciling background task ${task.id} (tool "${task.toolName}")`,
      `thread "${memory.threadId}" has no stored call ${task.toolCallId}; the task record keeps the result`,
    );
  }

  async #callbacks(entry: InFlight, task: BackgroundTaskRecord): Promise<void> {
    const completed = task.status === 'completed';
    const config = this.#o.config;
    const calls: [string, ((t: BackgroundTaskRecord) => unknown) | undefined][] = completed
      ? [
          ['onComplete', entry.plan.onComplete],
          ['onTaskComplete', config?.onTaskComplete],
        ]
      : [
          ['onFailed', entry.plan.onFailed],
          ['onTaskFailed', config?.onTaskFailed],
        ];
    for (const [name, callback] of calls) {
      if (!callback) continue;
      try {
        await callback(structuredClone(task));
      } catch (error) {
        this.#warn(
          `the ${name} callback for background task ${task.id} (tool "${task.toolName}") threw`,
          error,
        );
      }
    }
  }

  /**
   * `untilIdle`: after the last step, wait while tasks of this run are in flight; resolves
   * `true` when a result was reconciled that the model has not seen (the loop runs a follow-up
   * turn), `false` when nothing is left or `maxIdleMs` passed without a result.
   */
  async awaitFollowUp(abortSignal: AbortSignal | undefined): Promise<boolean> {
    const option = this.#o.untilIdle;
    if (!option) return false;
    const maxIdleMs = typeof option === 'object' ? option.maxIdleMs : undefined;
    for (;;) {
      if (this.#fresh.length > 0) {
        this.#noticeFollowUp(this.#fresh);
        return true;
      }
      if (this.#inFlight.size === 0 || abortSignal?.aborted) return false;
      const woke = await new Promise<boolean>((resolve) => {
        const timer = maxIdleMs === undefined ? undefined : setTimeout(() => finish(false), maxIdleMs);
        const onAbort = () => finish(false);
        const finish = (value: boolean) => {
          if (timer) clearTimeout(timer);
          abortSignal?.removeEventListener('abort', onAbort);
          this.#wake = undefined;
          resolve(value);
        };
        this.#wake = () => finish(true);
        abortSignal?.addEventListener('abort', onAbort, { once: true });
      });
      if (!woke) return false;
    }
  }

  /** The follow-up prompt names the results (unless a work signal already told the model). */
  #noticeFollowUp(fresh: { task: BackgroundTaskRecord; signalled: boolean }[]): void {
    const lines = fresh
      .filter((f) => !f.signalled)
      .map(
        ({ task }) =>
          `Background task ${task.id} (tool "${task.toolName}", call ${task.toolCallId}) ${task.status === 'completed' ? 'completed' : `ended ${task.status}`}; its result is now the call's tool result above.`,
      );
    if (lines.length > 0) {
      this.#seams?.queueTransientMessage({
        role: 'user',
        content: [
          {
            type: 'text',
            text: `<background-task-results>\n${lines.join('\n')}\n</background-task-results>`,
          },
        ],
      });
    }
  }

  /** The gate of the running step (made by its first background task). */
  #stepGate(): Promise<void> {
    if (!this.#gate) {
      let open: () => void = () => {};
      const promise = new Promise<void>((resolve) => {
        open = resolve;
      });
      this.#gate = { promise, open };
    }
    return this.#gate.promise;
  }

  /** The step recorded its tool results (acknowledgements included): reconciliation may replace them. */
  toolsRecorded(): void {
    this.#gate?.open();
    this.#gate = undefined;
  }

  /** Finalization started: later settlements go to memory once it is saved. */
  beginClose(): void {
    if (this.#phase === 'open') this.#phase = 'closing';
    this.toolsRecorded();
    clearWorkNotifier(this.#o.runId);
  }

  /** The turn is saved; pending reconciliations may write to memory now. */
  end(): void {
    this.#phase = 'ended';
    this.#ended();
  }

  #warn(what: string, error: unknown): void {
    const message = `[sluice] Agent "${this.#o.agentId}": ${what}: ${error instanceof Error ? error.message : String(error)}`;
    if (this.#o.warn) this.#o.warn(message);
    else console.warn(message);
  }
}
