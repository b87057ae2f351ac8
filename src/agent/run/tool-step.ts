import { assertCustomChunk } from '../../errors/invalid-custom-chunk.js';
import type { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage, ToolInvocationUIPart } from '../../messages/types.js';
import type { RequestContext } from '../../request-context/request-context.js';
import {
  ChunkFrom,
  type ChunkType,
  type DataChunkType,
  type ToolCallChunk,
  type ToolErrorChunk,
  type ToolResultChunk,
} from '../../stream/chunk-types.js';
import { lookupTool } from '../../tools/execute-tool-calls.js';
import type { ResolvedToolSet } from '../../tools/resolved-tool-set.js';
import type { ToolOutcome } from '../../tools/types.js';
import type { RunObserver } from '../../tracing/run-observer.js';
import { type RecordedToolResults, replayRecordedResult } from './recorded-tool-results.js';

const AGENT = ChunkFrom.AGENT;

/** What one tool round produced. */
export interface ToolStepOutcome {
  results: ToolResultChunk[];
  errors: ToolErrorChunk[];
  /** Calls that produced a result or an error the model must see. */
  executed: number;
  /** Calls to tools without `execute` (client tools): the loop stops for the client. */
  pendingClientCalls: boolean;
}

type NamedOutcome = ToolOutcome & { toolCallId: string; toolName: string };

/**
 * Run one step's tool calls concurrently, then, in call order, record each outcome in the
 * message list, give successes to `processToolResult`, and emit `tool-result` / `tool-error`.
 * A bad call never crashes the run: it becomes an error result the model sees.
 */
export async function executeStepTools(args: {
  calls: ToolCallChunk[];
  /** Raw argument text per call (keyed by the call itself, so equal ids cannot mix them up). */
  rawInput: Map<ToolCallChunk, string>;
  toolSet: ResolvedToolSet;
  messageList: MessageList;
  requestContext: RequestContext;
  abortSignal: AbortSignal | undefined;
  agentId: string;
  runId: string;
  emit: (chunk: ChunkType) => Promise<void> | undefined;
  onResult: (outcome: NamedOutcome) => Promise<void>;
  /** Sees each success as `execute` returned it, just before `onResult` (processToolResult). */
  onRawResult?: (result: { toolCallId: string; toolName: string; args: unknown; result: unknown }) => void;
  /** A replayed step's recorded results, by call position: those calls do not execute. */
  recorded?: RecordedToolResults;
  /** Hears every call's outcome as the tool gave it, by call position (`recordTo`). */
  onSettled?: (outcomes: ReadonlyArray<NamedOutcome | undefined>) => void;
  /** Each executed call gets an `execute_tool` span and a record entry. */
  observer?: RunObserver;
  stepNumber?: number;
}): Promise<ToolStepOutcome> {
  const { calls, toolSet, messageList, runId, emit } = args;
  const outcome: ToolStepOutcome = { results: [], errors: [], executed: 0, pendingClientCalls: false };
  const pending: Array<Promise<NamedOutcome> | undefined> = [];
  // A chunk a tool writes passes the output processors. If one of them aborts or fails, the tool
  // sees the error, but the run must end with it too, not as a tool error the model reads.
  let fatal: { error: unknown } | undefined;
  const emitFromTool = async (chunk: ChunkType): Promise<void> => {
    try {
      await emit(chunk);
    } catch (error) {
      fatal ??= { error };
      throw error;
    }
  };
  // One snapshot for every tool of the step, not one copy of the conversation per call.
  const messages: MastraDBMessage[] = calls.length > 0 ? messageList.get.all.db() : [];

  for (let index = 0; index < calls.length; index++) {
    const call = calls[index] as ToolCallChunk;
    const { toolCallId, toolName, providerExecuted } = call.payload;
    if (providerExecuted) {
      pending.push(undefined);
      continue;
    }
    const found = lookupTool(toolSet, toolName, toolCallId);
    const input = args.rawInput.get(call) ?? JSON.stringify(call.payload.args ?? {});
    if (found.status === 'not-found') {
      const { error } = found;
      pending.push(
        Promise.resolve({ ok: false, args: call.payload.args ?? input, error, toolCallId, toolName }),
      );
      continue;
    }
    // A client-side tool: the run stops so the client can answer the call.
    if (found.status === 'not-executable') {
      outcome.pendingClientCalls = true;
      pending.push(undefined);
      continue;
    }
    const { tool } = found;
    // A replayed cached step: the call gets the result it had when the step was recorded.
    const recorded = args.recorded?.[index];
    if (recorded !== undefined && recorded.toolName === toolName) {
      pending.push(
        replayRecordedResult(tool, recorded, toolCallId).then((r) => ({ ...r, toolCallId, toolName })),
      );
      continue;
    }
    const writer = {
      custom: async (chunk: DataChunkType) => {
        assertCustomChunk(chunk, `Tool "${toolName}"`);
        await emitFromTool(chunk);
      },
      write: async (data: unknown) => {
        await emitFromTool({
          type: 'tool-output',
          runId,
          from: AGENT,
          payload: { output: data, toolCallId, toolName },
        });
      },
    };
    const execute = () =>
      tool.execute(
        { toolCallId, input },
        {
          requestContext: args.requestContext,
          abortSignal: args.abortSignal,
          writer,
          agent: { agentId: args.agentId, toolCallId, messages },
        },
      );
    const observer = args.observer;
    pending.push(
      (observer === undefined
        ? execute()
        : observer.tool(
            { stepNumber: args.stepNumber ?? 0, toolName, toolCallId, args: call.payload.args ?? input },
            execute,
          )
      ).then((result) => ({ ...result, toolCallId, toolName })),
    );
  }

  const settled = await Promise.all(pending);
  // Heard before a fatal error ends the run: a recording of the failed run keeps the outcomes.
  args.onSettled?.(settled);
  if (fatal) throw fatal.error;
  for (const result of settled) {
    if (!result) continue;
    outcome.executed++;
    if (result.ok) {
      messageList.updateToolInvocation(
        invocation(result.toolCallId, result.toolName, result.args, result.result, false, result.modelOutput),
      );
      args.onRawResult?.({
        toolCallId: result.toolCallId,
        toolName: result.toolName,
        args: result.args,
        result: result.result,
      });
      await args.onResult(result);
      // Read back: processToolResult may have replaced the result via updateToolInvocation.
      const final = findResult(messageList, result.toolCallId) ?? result.result;
      const chunk: ToolResultChunk = {
        type: 'tool-result',
        runId,
        from: AGENT,
        payload: {
          toolCallId: result.toolCallId,
          toolName: result.toolName,
          args: asArgs(result.args),
          result: final,
        },
      };
      outcome.results.push(chunk);
      await emit(chunk);
    } else {
      messageList.updateToolInvocation(
        invocation(result.toolCallId, result.toolName, result.args, result.error.message, true),
      );
      const chunk: ToolErrorChunk = {
        type: 'tool-error',
        runId,
        from: AGENT,
        payload: {
          toolCallId: result.toolCallId,
          toolName: result.toolName,
          args: asArgs(result.args),
          error: result.error,
        },
      };
      outcome.errors.push(chunk);
      await emit(chunk);
    }
  }
  return outcome;
}

function invocation(
  toolCallId: string,
  toolName: string,
  args: unknown,
  result: unknown,
  isError: boolean,
  modelOutput?: unknown,
): ToolInvocationUIPart {
  const part: ToolInvocationUIPart = {
    type: 'tool-invocation',
    toolInvocation: isError
      ? { state: 'result', toolCallId, toolName, args: args ?? {}, result, isError: true }
      : { state: 'result', toolCallId, toolName, args: args ?? {}, result },
  };
  if (modelOutput !== undefined) part.providerMetadata = { mastra: { modelOutput: modelOutput as never } };
  return part;
}

function asArgs(args: unknown): Record<string, unknown> | undefined {
  return typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : undefined;
}

/** The stored result of a tool call, searching the newest response messages first. */
function findResult(list: MessageList, toolCallId: string): unknown {
  const messages = list.get.response.db();
  for (let i = messages.length - 1; i >= 0; i--) {
    const parts = messages[i]?.content.parts ?? [];
    for (let j = parts.length - 1; j >= 0; j--) {
      const part = parts[j];
      if (part?.type === 'tool-invocation' && part.toolInvocation.toolCallId === toolCallId) {
        return part.toolInvocation.state === 'result' ? part.toolInvocation.result : undefined;
      }
    }
  }
  return undefined;
}
