/**
 * The memory processors built as the reference documents them — `new MessageHistory({ storage,
 * lastMessages })` — and called directly (`processInput({ messages, abort, requestContext })`),
 * outside a call of an agent with memory. Such a processor is bound to a store, not to a call:
 * it finds the conversation on the hook's request context, as the runtime leaves it there
 * (`'MastraMemory'`: `{ thread, resourceId }`, else `mastra__threadId` / `mastra__resourceId`).
 * Without a conversation it does nothing.
 */
import { ConfigurationError } from '../../errors/configuration-error.js';
import { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage } from '../../messages/types.js';
import { MASTRA_RESOURCE_ID_KEY, MASTRA_THREAD_ID_KEY } from '../../request-context/request-context.js';
import type { MemoryStorage } from '../../stores/types.js';
import { type MemoryConfig, type ResolvedMemoryConfig, resolveMemoryConfig } from '../config.js';
import { MEMORY_CONTEXT_KEY } from '../context-key.js';
import type { MemoryTurnContext, MemoryTurnSource } from './turn-context.js';

/** What every memory processor built from options is given: the store it reads. */
export interface MemoryProcessorStorageOptions {
  /** The memory store (InMemoryStore, SqliteStore, PostgresStore). */
  storage: MemoryStorage;
}

/** True for the runtime's sources (a turn, or a lookup by request context), false for options. */
export function isTurnSource(
  value: MemoryTurnSource | MemoryProcessorStorageOptions,
): value is MemoryTurnSource {
  return (
    typeof value === 'function' ||
    (typeof value === 'object' &&
      value !== null &&
      (value as Partial<MemoryTurnContext>).generatedIds instanceof Set)
  );
}

/** The settings of a directly built processor, checked as `new Memory({ options })` checks them. */
export function directConfig(config: MemoryConfig, owner: string): ResolvedMemoryConfig {
  return resolveMemoryConfig(config, owner);
}

/**
 * Refuse options a directly built processor does not know (a typo, or a documented option
 * Sluice does not implement), naming the fix; `unsupported` maps such options to their fix.
 */
export function checkOptionNames(
  options: object,
  known: readonly string[],
  owner: string,
  unsupported: Readonly<Record<string, string>> = {},
): void {
  if (typeof options !== 'object' || options === null) return;
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    const fix = unsupported[key] ?? `use ${known.join(', ')}.`;
    throw new ConfigurationError(
      'MEMORY_INVALID_CONFIG',
      `${owner}: option "${key}" is not supported; ${fix}`,
      {
        details: { option: key },
      },
    );
  }
}

/** The store of a directly built processor, or an error naming the option. */
export function directStorage(options: MemoryProcessorStorageOptions, owner: string): MemoryStorage {
  const storage = (options as Partial<MemoryProcessorStorageOptions> | undefined)?.storage;
  if (typeof (storage as { getLastMessages?: unknown } | undefined)?.getLastMessages !== 'function') {
    throw new ConfigurationError(
      'MEMORY_INVALID_CONFIG',
      `${owner}: "storage" must be a memory store (InMemoryStore, SqliteStore or PostgresStore), e.g. ${owner.slice(0, -1)}{ storage: new InMemoryStore() }).`,
      { details: { option: 'storage' } },
    );
  }
  return storage as MemoryStorage;
}

interface ContextReader {
  get(key: string): unknown;
}

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The thread and resource the request context names, if it names a thread. */
export function conversationOf(
  requestContext: unknown,
): { threadId: string; resourceId: string | undefined } | undefined {
  const reader = requestContext as Partial<ContextReader> | null | undefined;
  if (typeof reader?.get !== 'function') return undefined;
  const memory = reader.get(MEMORY_CONTEXT_KEY) as { thread?: unknown; resourceId?: unknown } | undefined;
  const thread = memory?.thread;
  const threadId =
    nonEmpty(reader.get(MASTRA_THREAD_ID_KEY)) ??
    nonEmpty(thread) ??
    nonEmpty((thread as { id?: unknown } | undefined)?.id);
  if (threadId === undefined) return undefined;
  const resourceId = nonEmpty(reader.get(MASTRA_RESOURCE_ID_KEY)) ?? nonEmpty(memory?.resourceId);
  return { threadId, resourceId };
}

/** The list a hook called without one works on: the given messages as the request's input. */
export function listOf(
  messageList: MessageList | undefined,
  messages: readonly MastraDBMessage[] | undefined,
): MessageList {
  if (messageList !== undefined) return messageList;
  const list = new MessageList();
  if (messages !== undefined && messages.length > 0) list.add([...messages], 'input');
  return list;
}
