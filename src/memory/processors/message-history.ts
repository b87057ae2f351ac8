import type { MastraDBMessage } from '../../messages/types.js';
import type {
  ProcessInputArgs,
  ProcessInputStepArgs,
  ProcessOutputResultArgs,
  Processor,
} from '../../pipeline/types.js';
import { type MemoryTurnSource, resolveTurn } from './turn-context.js';

/**
 * `message-history`. Input lane: loads the newest `lastMessages` stored messages of the thread
 * into the list with source `memory` (`messageList.get.remembered`), before the request's input;
 * tool calls that never got a result are left out (`filterIncompleteToolCalls`). Output lane
 * (last, after every output processor): marks the turn complete; the agent's finalization then
 * saves what the list holds (see `save-turn.ts`).
 */
export class MessageHistory implements Processor<'message-history'> {
  readonly id = 'message-history' as const;
  readonly name = 'Message History';
  readonly #source: MemoryTurnSource;

  constructor(source: MemoryTurnSource) {
    this.#source = source;
  }

  /** Load the recent history. */
  async processInput({ messageList, requestContext }: ProcessInputArgs): Promise<undefined> {
    const turn = resolveTurn(this.#source, requestContext);
    if (!turn) return undefined;
    const limit = turn.config.lastMessages;
    if (limit === false || limit === 0 || !turn.existing) return undefined;
    // Only the owner's messages: a thread that holds another resource's rows (written before
    // stores checked ownership, or by another writer) never sends them to this tenant's model.
    const stored = await turn.storage.getLastMessages({
      threadId: turn.threadId,
      resourceId: turn.resourceId,
      limit,
    });
    // A stored message the request carries too (a tool call the client re-sent with its result)
    // keeps the request's copy: the stored one is older.
    const fresh = stored.filter((m) => messageList.getMessageById(m.id) === undefined);
    const loaded = turn.config.filterIncompleteToolCalls ? withoutIncompleteToolCalls(fresh) : fresh;
    if (loaded.length > 0) messageList.add(loaded, 'memory');
    return undefined;
  }

  /** The loop has started: every `processInput` ran, so a failure from here on keeps the input. */
  processInputStep({ requestContext }: ProcessInputStepArgs): undefined {
    const turn = resolveTurn(this.#source, requestContext);
    if (turn) turn.inputReached = true;
    return undefined;
  }

  /** Every output processor before this one ran without aborting: the turn may be saved. */
  processOutputResult({ requestContext }: ProcessOutputResultArgs): undefined {
    const turn = resolveTurn(this.#source, requestContext);
    if (turn) turn.outputReached = true;
    return undefined;
  }
}

/** Messages without tool invocations still waiting for a result; messages left empty are dropped. */
export function withoutIncompleteToolCalls<M extends MastraDBMessage>(messages: readonly M[]): M[] {
  const out: M[] = [];
  for (const message of messages) {
    const parts = message.content.parts;
    if (!parts.some((p) => p.type === 'tool-invocation' && p.toolInvocation.state !== 'result')) {
      out.push(message);
      continue;
    }
    const kept = parts.filter((p) => p.type !== 'tool-invocation' || p.toolInvocation.state === 'result');
    if (!kept.some((p) => p.type !== 'step-start')) continue;
    out.push({ ...message, content: { ...message.content, parts: kept, toolInvocations: undefined } });
  }
  return out;
}
