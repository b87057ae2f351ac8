import type { MastraDBMessage } from '../../messages/types.js';
import type { ProcessInputArgs, Processor } from '../../pipeline/types.js';
import { type MemoryTurnSource, resolveTurn } from './turn-context.js';

/**
 * `memory-input-filter`, the first input processor of a call with memory: when the thread
 * already has history, input messages whose ids are already stored in it (a client re-sending
 * the conversation) are dropped, so history is neither duplicated in the prompt nor saved twice.
 * New user messages and client tool results pass. `retainFullInput: true` turns the dropping
 * off. Input messages stored in another thread are marked to be saved as copies under new ids.
 */
export class MemoryInputFilter implements Processor<'memory-input-filter'> {
  readonly id = 'memory-input-filter' as const;
  readonly name = 'Memory Input Filter';
  readonly #source: MemoryTurnSource;

  constructor(source: MemoryTurnSource) {
    this.#source = source;
  }

  /** Drop re-sent stored messages from the input. */
  async processInput({ messageList, requestContext }: ProcessInputArgs): Promise<undefined> {
    const turn = resolveTurn(this.#source, requestContext);
    if (!turn) return undefined;
    // Ids the list made up this call cannot be stored yet: plain-text input costs no lookup.
    const ids: string[] = [];
    for (const message of messageList.get.input.db())
      if (!turn.generatedIds.has(message.id)) ids.push(message.id);
    if (ids.length === 0) return undefined;
    const stored = await turn.storage.getMessagesByIds(ids);
    const echoed: string[] = [];
    for (const copy of stored) {
      // Stored in another thread (a client forking a conversation): saved as a copy under a new
      // id, so the other thread keeps its message (an upsert by id would move it here).
      if (copy.threadId !== turn.threadId) {
        turn.foreignIds.add(copy.id);
        continue;
      }
      if (turn.config.retainFullInput) continue;
      // The stored tool call the client answers (its result merged into the re-sent message)
      // is not an echo: it carries what the client added, and is stored again with it.
      const sent = messageList.getMessageById(copy.id);
      if (sent && answersStoredCall(sent, copy)) continue;
      echoed.push(copy.id);
    }
    if (echoed.length > 0) messageList.removeByIds(echoed);
    return undefined;
  }
}

/** True when `sent` has a tool result for a call `stored` holds without one. */
function answersStoredCall(sent: MastraDBMessage, stored: MastraDBMessage): boolean {
  const pending = new Set<string>();
  for (const part of stored.content.parts) {
    if (part.type === 'tool-invocation' && part.toolInvocation.state !== 'result')
      pending.add(part.toolInvocation.toolCallId);
  }
  if (pending.size === 0) return false;
  for (const part of sent.content.parts) {
    if (
      part.type === 'tool-invocation' &&
      part.toolInvocation.state === 'result' &&
      pending.has(part.toolInvocation.toolCallId)
    )
      return true;
  }
  return false;
}
