import type { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage } from '../../messages/types.js';
import { newId } from '../../util/ids.js';
import type { StepRecorder } from './step-recorder.js';

/**
 * Append one step's parts to the run's assistant message and return that message's id. The
 * stored copy is re-read so edits processors made to it (redactions, metadata) survive;
 * replacing by id keeps list indexes right. When messages were added after it (a signal, a
 * processor's message), the step starts a new assistant message so the order stays true.
 */
export function appendStepToResponse(
  list: MessageList,
  responseId: string,
  createdAt: Date,
  recorder: StepRecorder,
): string {
  const stored = list.getMessageById(responseId);
  const id = stored && list.lastMessage() !== stored ? newId() : responseId;
  const base: MastraDBMessage =
    stored && id === responseId
      ? stored
      : {
          id,
          role: 'assistant',
          createdAt: id === responseId ? createdAt : new Date(),
          content: { format: 2, parts: [] },
        };
  list.add(
    {
      ...base,
      content: { ...base.content, parts: [...base.content.parts, { type: 'step-start' }, ...recorder.parts] },
    },
    'response',
  );
  return id;
}
