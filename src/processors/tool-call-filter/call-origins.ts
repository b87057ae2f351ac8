import type { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type { StepResult } from '../../stream/step-result.js';

/** What the stored conversation says about one completed tool call. */
export interface CallOrigin {
  /** Made by a step of the current run (the list holds its message with source `'response'`). */
  current: boolean;
  /** The tool's `toModelOutput` value (`providerMetadata.mastra.modelOutput`), when non-nullish. */
  modelOutput: unknown;
}

function storedModelOutput(metadata: Record<string, unknown> | undefined): unknown {
  const mastra = metadata?.mastra;
  if (typeof mastra !== 'object' || mastra === null) return undefined;
  return (mastra as Record<string, unknown>).modelOutput ?? undefined;
}

/**
 * Where each completed tool call of a prompt came from, read from the `MessageList` the prompt
 * was built from.
 *
 * The prompt no longer says which message a call belongs to, so calls are matched by
 * `toolCallId`, first come first served: the list and the prompt hold completed calls in the
 * same order, so even an id reused across runs (history first, this run after) pairs up right.
 * A call the list does not hold did not exist before this run (the loop's retry feedback, or
 * an earlier processor added it to this prompt), so it counts as current. Without a list, a
 * call counts as current when one of this run's `steps` made a call with its id.
 */
export class CallOrigins {
  readonly #messageList: MessageList | undefined;
  readonly #steps: readonly StepResult[];
  #byId: Map<string, CallOrigin[]> | undefined;
  #stepIds: Set<string> | undefined;
  readonly #taken = new Map<string, number>();

  /** Nothing is read until the first `next()`: a prompt without tool calls costs nothing. */
  constructor(messageList: MessageList | undefined, steps: readonly StepResult[]) {
    this.#messageList = messageList;
    this.#steps = steps;
  }

  /** The origin of the next prompt occurrence of `toolCallId`. */
  next(toolCallId: string): CallOrigin {
    this.#byId ??= this.#index();
    const list = this.#byId.get(toolCallId);
    const index = this.#taken.get(toolCallId) ?? 0;
    const found = list?.[index];
    if (found) {
      this.#taken.set(toolCallId, index + 1);
      return found;
    }
    if (this.#messageList) return { current: true, modelOutput: undefined };
    if (!this.#stepIds) {
      this.#stepIds = new Set();
      for (const step of this.#steps)
        for (const call of step.toolCalls) this.#stepIds.add(call.payload.toolCallId);
    }
    return { current: this.#stepIds.has(toolCallId), modelOutput: undefined };
  }

  /** The completed calls of the list, in order, by id (linear in its parts). */
  #index(): Map<string, CallOrigin[]> {
    const byId = new Map<string, CallOrigin[]>();
    const messageList = this.#messageList;
    if (!messageList) return byId;
    const response = new Set<MastraDBMessage>(messageList.get.response.db());
    for (const message of messageList.get.all.db()) {
      if (message.role !== 'assistant') continue;
      const current = response.has(message);
      for (const part of message.content.parts) {
        if (part.type !== 'tool-invocation' || part.toolInvocation.state !== 'result') continue;
        const entry = { current, modelOutput: storedModelOutput(part.providerMetadata) };
        const id = part.toolInvocation.toolCallId;
        const list = byId.get(id);
        if (list) list.push(entry);
        else byId.set(id, [entry]);
      }
    }
    return byId;
  }
}
