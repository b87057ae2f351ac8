import type { CoreMessage } from '../../messages/types.js';
import type {
  ProcessInputArgs,
  ProcessInputStepArgs,
  ProcessInputStepResult,
  Processor,
} from '../../pipeline/types.js';
import { WORKING_MEMORY_MARKER, workingMemorySystemMessage } from '../working-memory.js';
import { type MemoryTurnSource, resolveTurn } from './turn-context.js';

/**
 * `working-memory`: adds the working memory (instructions for the `updateWorkingMemory` tool,
 * the template and the stored data) as a system message of its own, after the agent's
 * instructions. Later input processors see it in `systemMessages`; it is never stored as a
 * thread message. When the model updates it during the call, the next step's system message
 * shows the update.
 */
export class WorkingMemoryProcessor implements Processor<'working-memory'> {
  readonly id = 'working-memory' as const;
  readonly name = 'Working Memory';
  readonly #source: MemoryTurnSource;

  constructor(source: MemoryTurnSource) {
    this.#source = source;
  }

  /** Add the working-memory system message. */
  async processInput({ messageList, requestContext }: ProcessInputArgs): Promise<undefined> {
    const turn = resolveTurn(this.#source, requestContext);
    if (!turn) return undefined;
    const { memory, threadId, resourceId, callConfig, config } = turn;
    const [template, data] = await Promise.all([
      memory.getWorkingMemoryTemplate({ memoryConfig: callConfig }),
      memory.getWorkingMemory({ threadId, resourceId, memoryConfig: callConfig }),
    ]);
    if (template) messageList.addSystem(workingMemorySystemMessage(template, data, config.readOnly));
    return undefined;
  }

  /** After the tool stored an update, replace the working-memory system message with the new data. */
  async processInputStep({
    requestContext,
    systemMessages,
  }: ProcessInputStepArgs): Promise<ProcessInputStepResult | undefined> {
    const turn = resolveTurn(this.#source, requestContext);
    if (!turn?.workingMemoryChanged) return undefined;
    const { memory, threadId, resourceId, callConfig, config } = turn;
    const [template, data] = await Promise.all([
      memory.getWorkingMemoryTemplate({ memoryConfig: callConfig }),
      memory.getWorkingMemory({ threadId, resourceId, memoryConfig: callConfig }),
    ]);
    if (!template) return undefined;
    const fresh = workingMemorySystemMessage(template, data, config.readOnly);
    let replaced = false;
    const next: CoreMessage[] = systemMessages.map((message) => {
      if (
        message.role === 'system' &&
        typeof message.content === 'string' &&
        message.content.startsWith(WORKING_MEMORY_MARKER)
      ) {
        replaced = true;
        return { ...message, content: fresh };
      }
      return message;
    });
    return replaced ? { systemMessages: next } : undefined;
  }
}
