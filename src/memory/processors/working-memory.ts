import type { CoreMessage, MastraDBMessage } from '../../messages/types.js';
import type {
  ProcessInputArgs,
  ProcessInputStepArgs,
  ProcessInputStepResult,
  Processor,
} from '../../pipeline/types.js';
import type { MemoryStorage } from '../../stores/types.js';
import type { MemoryScope } from '../config.js';
import {
  WORKING_MEMORY_MARKER,
  type WorkingMemoryTemplate,
  workingMemorySystemMessage,
  workingMemoryTemplate,
} from '../working-memory.js';
import {
  checkOptionNames,
  conversationOf,
  directStorage,
  isTurnSource,
  type MemoryProcessorStorageOptions,
} from './direct.js';
import { type MemoryTurnSource, resolveTurn } from './turn-context.js';

/** Options of a `WorkingMemory` processor built directly (see `direct.ts`). */
export interface WorkingMemoryOptions extends MemoryProcessorStorageOptions {
  /** The template the model fills in. Default: Sluice's Markdown template. */
  template?: WorkingMemoryTemplate;
  /** Default `'resource'`: one scratchpad per resource; `'thread'`: one per thread. */
  scope?: MemoryScope;
  /** `true` shows the working memory without asking the model to update it. Default `false`. */
  readOnly?: boolean;
}

interface DirectWorkingMemory {
  readonly storage: MemoryStorage;
  readonly template: WorkingMemoryTemplate | undefined;
  readonly scope: MemoryScope;
  readonly readOnly: boolean;
}

/**
 * `working-memory`: adds the working memory (instructions for the `updateWorkingMemory` tool,
 * the template and the stored data) as a system message of its own, after the agent's
 * instructions. Later input processors see it in `systemMessages`; it is never stored as a
 * thread message. When the model updates it during the call, the next step's system message
 * shows the update.
 *
 * Built directly — `new WorkingMemory({ storage, template?, scope?, readOnly? })` — it shows the
 * working memory stored for the thread or resource the hook's request context names. Called
 * without a `messageList`, it returns `{ messages, systemMessages }` with the working-memory
 * system message after the given ones.
 */
export class WorkingMemoryProcessor implements Processor<'working-memory'> {
  readonly id = 'working-memory' as const;
  readonly name = 'Working Memory';
  readonly #source: MemoryTurnSource | undefined;
  readonly #direct: DirectWorkingMemory | undefined;

  constructor(source: MemoryTurnSource | WorkingMemoryOptions) {
    if (isTurnSource(source)) {
      this.#source = source;
      return;
    }
    checkOptionNames(source, ['storage', 'template', 'scope', 'readOnly'], 'new WorkingMemory()');
    this.#direct = {
      storage: directStorage(source, 'new WorkingMemory()'),
      template: source.template,
      scope: source.scope ?? 'resource',
      readOnly: source.readOnly === true,
    };
  }

  /**
   * Add the working-memory system message. Called without a `messageList`, returns
   * `{ messages, systemMessages }` with it after the given system messages.
   */
  async processInput({
    messageList,
    messages,
    systemMessages,
    requestContext,
  }: ProcessInputArgs): Promise<{ messages: MastraDBMessage[]; systemMessages: CoreMessage[] } | undefined> {
    const text = await this.#systemMessage(requestContext);
    if (messageList !== undefined) {
      if (text !== undefined) messageList.addSystem(text);
      return undefined;
    }
    const system = systemMessages ?? [];
    return {
      messages: messages ?? [],
      systemMessages: text === undefined ? system : [...system, { role: 'system', content: text }],
    };
  }

  /** The working-memory system message for the call, if it has a conversation with working memory. */
  async #systemMessage(requestContext: unknown): Promise<string | undefined> {
    if (this.#direct !== undefined) return directSystemMessage(this.#direct, requestContext);
    const turn = this.#source && resolveTurn(this.#source, requestContext);
    if (!turn) return undefined;
    const { memory, threadId, resourceId, callConfig, config, preloaded } = turn;
    const [template, data] = await Promise.all([
      memory.getWorkingMemoryTemplate({ memoryConfig: callConfig }),
      // Loaded with the thread at call start when the store can (one round trip).
      preloaded && !turn.workingMemoryChanged
        ? preloaded.workingMemory
        : memory.getWorkingMemory({ threadId, resourceId, memoryConfig: callConfig }),
    ]);
    return template ? workingMemorySystemMessage(template, data, config.readOnly) : undefined;
  }

  /** After the tool stored an update, replace the working-memory system message with the new data. */
  async processInputStep({
    requestContext,
    systemMessages,
  }: ProcessInputStepArgs): Promise<ProcessInputStepResult | undefined> {
    const turn = this.#source && resolveTurn(this.#source, requestContext);
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

/** The system message of a directly built processor: the stored scratchpad of the named conversation. */
async function directSystemMessage(
  direct: DirectWorkingMemory,
  requestContext: unknown,
): Promise<string | undefined> {
  const conversation = conversationOf(requestContext);
  if (!conversation) return undefined;
  const { storage } = direct;
  let data: string | null = null;
  if (direct.scope === 'resource') {
    const resourceId =
      conversation.resourceId ?? (await storage.getThreadById(conversation.threadId))?.resourceId;
    if (resourceId !== undefined) data = (await storage.getResource(resourceId))?.workingMemory || null;
  } else {
    const thread = await storage.getThreadById(conversation.threadId);
    // A context naming another resource's thread reads nothing of it (tenants never share).
    const owned = conversation.resourceId === undefined || thread?.resourceId === conversation.resourceId;
    const stored = owned ? thread?.metadata?.workingMemory : undefined;
    data = typeof stored === 'string' && stored !== '' ? stored : null;
  }
  const template = direct.template ?? (await workingMemoryTemplate({}));
  return workingMemorySystemMessage(template, data, direct.readOnly);
}
