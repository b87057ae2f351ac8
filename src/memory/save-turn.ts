/**
 * What a turn stores, decided once, at the agent's finalization:
 *
 * - **success** — the input and response messages as the list holds them after every processor
 *   (`drainUnsavedMessages()`: remembered messages only when a processor changed them), with
 *   the non-transient `data-*` chunks the client received appended to the last assistant message
 *   in emission order. Left out: system messages (kept apart by the list), transient signals
 *   (never in the list), `processLLMRequest` rewrites (never in the list), `partial-call` tool
 *   invocations and `updateWorkingMemory` tool calls (parts stripped), `<working_memory>` blocks
 *   in assistant text; a message left empty is not stored.
 * - **tripwire** (an abort in any input or output hook) — nothing.
 * - **failed / aborted** once the loop started — only the input as the input processors left it
 *   (what the user wrote is never lost), the failure recorded on the newest user message under
 *   `content.metadata.mastra.failure`; no partial answer. Failing before the loop started (an
 *   input processor threw, history could not be loaded) stores no message: the input never went
 *   through every input processor.
 *
 * A new thread is created (claimed for the call's resource) when the call starts, before the
 * model is called (`beginMemoryTurn`), so a run that then stores nothing leaves an empty thread.
 */
import type { MastraDBMessage, MastraMessagePart } from '../messages/types.js';
import type { StorageMessageInput } from '../stores/types.js';
import { withoutBlocks } from '../util/code-fence.js';
import { UPDATE_WORKING_MEMORY_TOOL } from './working-memory.js';

/** How the run ended, as far as saving is concerned. */
export type TurnStatus = 'success' | 'tripwire' | 'failed' | 'aborted';

/** The failure recorded on the user message of a turn that did not complete. */
export interface TurnFailure {
  status: 'failed' | 'aborted';
  error?: { name: string; message: string; code?: string };
  at: string;
}

/** A `data-*` chunk as the client received it, with the loop step it came in (0-based). */
export interface DeliveredDataChunk {
  type: `data-${string}`;
  data: unknown;
  id?: string;
  transient?: boolean;
  step?: number;
}

/** A data chunk that is stored: not transient, not the run's own `data-signal` notice. */
function isStoredDataChunk(chunk: { type: string; transient?: unknown }): chunk is DeliveredDataChunk {
  return chunk.type.startsWith('data-') && chunk.transient !== true && chunk.type !== 'data-signal';
}

/**
 * The stored data chunks of what the client received, each with the step it came in. One pass.
 * A step attempt that was rejected or failed and attempted again (its `step-finish` has reason
 * `'retry'`) is rolled back like its text: its data chunks are not stored, and the replacement's
 * `step-start` takes its step number.
 */
export function storedDataChunks(
  delivered: readonly { type: string; transient?: unknown; payload?: unknown }[],
): DeliveredDataChunk[] {
  const out: DeliveredDataChunk[] = [];
  let step = -1;
  let attemptStart = 0;
  for (const chunk of delivered) {
    if (chunk.type === 'step-start') {
      step++;
      attemptStart = out.length;
    } else if (chunk.type === 'step-finish' && isRetriedAttempt(chunk.payload)) {
      out.length = attemptStart;
      step--;
    } else if (isStoredDataChunk(chunk)) out.push({ ...chunk, step: Math.max(step, 0) });
  }
  return out;
}

function isRetriedAttempt(payload: unknown): boolean {
  return (payload as { stepResult?: { reason?: unknown } } | undefined)?.stepResult?.reason === 'retry';
}

/**
 * `parts` with each data part placed at the end of the step it was emitted in (steps are the
 * segments `step-start` parts begin); a step the message does not have (a replayed attempt)
 * counts as its last.
 */
function placeDataParts(
  parts: readonly MastraMessagePart[],
  data: ReadonlyArray<{ part: MastraMessagePart; step: number }>,
): MastraMessagePart[] {
  const starts: number[] = [];
  for (let i = 0; i < parts.length; i++) if (parts[i]?.type === 'step-start') starts.push(i);
  if (starts.length <= 1) return [...parts, ...data.map((d) => d.part)];
  const segments = starts.length;
  const byStep: MastraMessagePart[][] = Array.from({ length: segments }, () => []);
  for (const { part, step } of data) (byStep[Math.min(step, segments - 1)] as MastraMessagePart[]).push(part);
  const out: MastraMessagePart[] = [];
  let segment = -1;
  for (let i = 0; i < parts.length; i++) {
    if (i === starts[segment + 1]) {
      if (segment >= 0) out.push(...(byStep[segment] as MastraMessagePart[]));
      segment++;
    }
    out.push(parts[i] as MastraMessagePart);
  }
  out.push(...(byStep[segments - 1] as MastraMessagePart[]));
  return out;
}

/** A message as stored: stamped with the conversation, stripped of what is never stored. */
function cleanForStorage(
  message: MastraDBMessage,
  threadId: string,
  resourceId: string,
): StorageMessageInput | undefined {
  if (message.role === 'system') return undefined;
  const parts = message.content.parts;
  let kept: MastraMessagePart[] = parts;
  if (parts.some(isUnstoredPart)) kept = parts.filter((p) => !isUnstoredPart(p));
  if (
    message.role === 'assistant' &&
    kept.some((p) => p.type === 'text' && p.text.includes('<working_memory>'))
  ) {
    kept = kept.map(withoutWorkingMemoryTags).filter((p) => p.type !== 'text' || p.text !== '');
  }
  if (kept !== parts && !kept.some((p) => p.type !== 'step-start')) return undefined;
  const content =
    kept === parts
      ? message.content
      : {
          ...message.content,
          parts: kept,
          ...(message.content.toolInvocations
            ? {
                toolInvocations: message.content.toolInvocations
                  .filter((t) => t.state === 'result' || t.state === 'call')
                  .filter((t) => t.toolName !== UPDATE_WORKING_MEMORY_TOOL),
              }
            : {}),
        };
  return { ...message, content, threadId, resourceId };
}

/** The text part without working-memory blocks (the same part when it has none). */
function withoutWorkingMemoryTags(part: MastraMessagePart): MastraMessagePart {
  if (part.type !== 'text' || !part.text.includes('<working_memory>')) return part;
  // `<working_memory>…</working_memory>` blocks a model wrote into its text (the legacy update form).
  return { ...part, text: withoutBlocks(part.text, '<working_memory>', '</working_memory>').trim() };
}

function isUnstoredPart(part: MastraMessagePart): boolean {
  if (part.type !== 'tool-invocation') return false;
  return (
    part.toolInvocation.state === 'partial-call' ||
    part.toolInvocation.toolName === UPDATE_WORKING_MEMORY_TOOL
  );
}

/**
 * The messages in conversation order (`position`: their index in the list), with `createdAt`
 * never going back in time: a message stamped earlier than the one before it (a response message
 * stamped when the run started, before a signal sent during `processInput`) takes that one's
 * time, so the store — which orders by time, then by save order — keeps the conversation order.
 */
export function inConversationOrder<M extends MastraDBMessage>(
  messages: M[],
  position: (id: string) => number,
): M[] {
  const sorted = messages
    .map((message, i) => ({ message, at: position(message.id), i }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map((entry) => entry.message);
  let last = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < sorted.length; i++) {
    const message = sorted[i] as M;
    const time = message.createdAt.getTime();
    if (time < last) sorted[i] = { ...message, createdAt: new Date(last) };
    else last = time;
  }
  return sorted;
}

/** The messages of a completed turn, ready for `saveTurn`. */
export function completedTurnMessages(args: {
  unsaved: readonly MastraDBMessage[];
  response: readonly MastraDBMessage[];
  dataChunks: readonly DeliveredDataChunk[];
  threadId: string;
  resourceId: string;
  newMessageId: () => string;
}): StorageMessageInput[] {
  const { threadId, resourceId } = args;
  const out: StorageMessageInput[] = [];
  for (const message of args.unsaved) {
    const cleaned = cleanForStorage(message, threadId, resourceId);
    if (cleaned) out.push(cleaned);
  }
  if (args.dataChunks.length === 0) return out;
  const now = Date.now();
  const data = args.dataChunks.map((chunk) => ({
    part: {
      type: chunk.type,
      data: chunk.data,
      ...(chunk.id !== undefined ? { id: chunk.id } : {}),
      createdAt: now,
    } as MastraMessagePart,
    step: chunk.step ?? Number.MAX_SAFE_INTEGER,
  }));
  // The data parts belong to the answer: the last assistant message of the response.
  const responseIds = new Set(args.response.map((m) => m.id));
  let lastAssistant = -1;
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i]?.role === 'assistant' && responseIds.has(out[i]?.id as string)) {
      lastAssistant = i;
      break;
    }
  }
  if (lastAssistant >= 0) {
    const target = out[lastAssistant] as StorageMessageInput;
    out[lastAssistant] = {
      ...target,
      content: { ...target.content, parts: placeDataParts(target.content.parts, data) },
    };
  } else {
    out.push({
      id: args.newMessageId(),
      role: 'assistant',
      createdAt: new Date(now),
      threadId,
      resourceId,
      content: { format: 2, parts: data.map((d) => d.part) },
    });
  }
  return out;
}

/** The messages of a turn that failed or was aborted: the input, the failure on the last user message. */
export function failedTurnMessages(args: {
  input: readonly MastraDBMessage[];
  failure: TurnFailure;
  threadId: string;
  resourceId: string;
}): StorageMessageInput[] {
  const out: StorageMessageInput[] = [];
  for (const message of args.input) {
    const cleaned = cleanForStorage(message, args.threadId, args.resourceId);
    if (cleaned) out.push(cleaned);
  }
  for (let i = out.length - 1; i >= 0; i--) {
    const message = out[i] as StorageMessageInput;
    if (message.role !== 'user') continue;
    const metadata = message.content.metadata ?? {};
    const mastra = (metadata.mastra ?? {}) as Record<string, unknown>;
    out[i] = {
      ...message,
      content: {
        ...message.content,
        metadata: { ...metadata, mastra: { ...mastra, failure: args.failure } },
      },
    };
    break;
  }
  return out;
}

/** The failure record of an error (name, message and a Sluice `code` when it has one). */
export function describeFailure(status: 'failed' | 'aborted', error: unknown): TurnFailure {
  const failure: TurnFailure = { status, at: new Date().toISOString() };
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    failure.error = {
      name: error.name,
      message: error.message,
      ...(typeof code === 'string' ? { code } : {}),
    };
  } else if (error !== undefined) {
    failure.error = { name: 'Error', message: String(error) };
  }
  return failure;
}
