import type { MastraDBMessage } from '../../messages/types.js';
import type { ProcessInputArgs, Processor } from '../../pipeline/types.js';
import { textOf } from '../message-text.js';
import { type MemoryTurnSource, resolveTurn } from './turn-context.js';

/**
 * `semantic-recall`: embeds the newest user message (one embedding call per turn), finds the
 * `topK` most similar stored messages (cosine, resource or thread scope) and loads each with its
 * `messageRange` neighbours. Matches from this thread join the remembered history in
 * chronological order; matches from the resource's other threads are added as one system
 * message, so they inform the answer without posing as this conversation. After the turn is
 * saved, its messages are embedded (one batched call) — see `save-turn.ts`.
 */
export class SemanticRecall implements Processor<'semantic-recall'> {
  readonly id = 'semantic-recall' as const;
  readonly name = 'Semantic Recall';
  readonly #source: MemoryTurnSource;

  constructor(source: MemoryTurnSource) {
    this.#source = source;
  }

  /** Add similar past messages. */
  async processInput({ messageList, abortSignal, requestContext }: ProcessInputArgs): Promise<undefined> {
    const turn = resolveTurn(this.#source, requestContext);
    if (!turn) return undefined;
    const config = turn.config.semanticRecall;
    if (!config) return undefined;
    const input = messageList.get.input.db();
    let query = '';
    for (let i = input.length - 1; i >= 0 && query === ''; i--) {
      const message = input[i] as MastraDBMessage;
      if (message.role === 'user') query = textOf(message);
    }
    if (query.trim() === '') return undefined;
    const { matches } = await turn.memory.searchSimilar(query, {
      threadId: turn.threadId,
      resourceId: turn.resourceId,
      config,
      abortSignal,
    });
    const wanted = matches
      .map((m) => m.messageId ?? m.id)
      .filter((id) => messageList.getMessageById(id) === undefined);
    if (wanted.length === 0) return undefined;
    const { messages } = await turn.storage.listMessages({
      threadId: turn.threadId,
      perPage: 0,
      include: wanted.map((id) => ({
        id,
        withPreviousMessages: config.before,
        withNextMessages: config.after,
      })),
    });
    const sameThread: MastraDBMessage[] = [];
    const otherThreads: MastraDBMessage[] = [];
    for (const message of messages) {
      if (messageList.getMessageById(message.id) !== undefined) continue;
      if (message.role !== 'user' && message.role !== 'assistant') continue;
      // Only this tenant's rows, whatever a thread holds (see message-history).
      if (message.resourceId !== turn.resourceId) continue;
      (message.threadId === turn.threadId ? sameThread : otherThreads).push(message);
    }
    if (sameThread.length > 0) {
      // Recalled messages are older than the loaded history: re-add everything remembered in time order.
      const remembered = messageList.get.remembered.db();
      const all = [...remembered, ...sameThread].sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
      );
      messageList.removeByIds(remembered.map((m) => m.id));
      messageList.add(all, 'memory');
    }
    if (otherThreads.length > 0) {
      const lines = otherThreads.map((m) => `[${m.createdAt.toISOString()}] ${m.role}: ${textOf(m)}`);
      messageList.addSystem(
        `Messages remembered from other conversations with this user (context only, not part of this conversation):\n<remembered_from_other_conversations>\n${lines.join('\n')}\n</remembered_from_other_conversations>`,
      );
    }
    return undefined;
  }
}
