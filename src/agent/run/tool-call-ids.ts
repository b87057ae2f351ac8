import type { MessageList } from '../../messages/message-list.js';

/**
 * Every tool-call id already in the conversation (remembered, current turn and context), added
 * to `ids`: pass the run's set of issued ids so ids of a rejected, replayed attempt (gone from
 * the conversation, but seen by the client and shown in the retry prompt) stay taken.
 */
export function toolCallIdsIn(list: MessageList, ids: Set<string> = new Set()): Set<string> {
  for (const message of list.get.all.db()) {
    for (const part of message.content.parts) {
      if (part.type === 'tool-invocation') ids.add(part.toolInvocation.toolCallId);
    }
  }
  return ids;
}

/**
 * Gives each tool call of a step an id unique in the conversation. Some OpenAI-compatible
 * servers send an empty id for every call, or number calls `call_0`, `call_1` afresh in each
 * response; keyed by such ids, two calls would share arguments, results and stored parts. A
 * colliding id becomes `<id>_<n>` (an empty one `call_<n>`); a unique id is kept as is, so
 * well-behaved providers see their own ids. The next prompt sends the unique ids back with
 * both the call and its result, which keeps every call paired with its own result.
 *
 * Streamed input parts (`tool-input-*`) and provider-executed results carry the provider's
 * id; they are mapped to the internal id of the matching call (oldest open one first).
 */
export class ToolCallIds {
  #taken: Set<string> | undefined;
  readonly #conversationIds: () => Set<string>;
  /** Next suffix to try per base id: keeps allocation linear across a step. */
  readonly #nextSuffix = new Map<string, number>();
  /** Internal ids of calls whose input is streaming and whose `tool-call` has not come yet. */
  readonly #streaming = new Map<string, string[]>();
  /** The newest input stream per provider id: its deltas and end go there. */
  readonly #latestInput = new Map<string, string>();
  /** Provider-executed calls still waiting for their in-stream result. */
  readonly #awaitingResult = new Map<string, string[]>();
  /** The newest call per provider id. */
  readonly #latestCall = new Map<string, string>();

  /** `conversationIds` is read once, at the step's first tool part (most steps have none). */
  constructor(conversationIds: () => Set<string> = () => new Set()) {
    this.#conversationIds = conversationIds;
  }

  /** A `tool-input-start` part: reserve the id its `tool-call` will carry. */
  inputStart(providerId: string): string {
    const id = this.#allocate(providerId);
    push(this.#streaming, providerId, id);
    this.#latestInput.set(providerId, id);
    return id;
  }

  /** A `tool-input-delta` / `tool-input-end` part. */
  inputPart(providerId: string): string {
    return this.#latestInput.get(providerId) ?? providerId;
  }

  /** A `tool-call` part: the id reserved by its input stream, or a fresh one. */
  call(providerId: string, providerExecuted: boolean | undefined): string {
    const id = shift(this.#streaming, providerId) ?? this.#allocate(providerId);
    this.#latestCall.set(providerId, id);
    if (providerExecuted) push(this.#awaitingResult, providerId, id);
    return id;
  }

  /** A provider-executed `tool-result` part. */
  result(providerId: string): string {
    return shift(this.#awaitingResult, providerId) ?? this.#latestCall.get(providerId) ?? providerId;
  }

  #allocate(providerId: string): string {
    if (this.#taken === undefined) this.#taken = this.#conversationIds();
    const taken = this.#taken;
    if (providerId !== '' && !taken.has(providerId)) {
      taken.add(providerId);
      return providerId;
    }
    const base = providerId === '' ? 'call' : providerId;
    let n = this.#nextSuffix.get(base) ?? 1;
    let id = `${base}_${n}`;
    while (taken.has(id)) id = `${base}_${++n}`;
    this.#nextSuffix.set(base, n + 1);
    taken.add(id);
    return id;
  }
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const queue = map.get(key);
  if (queue) queue.push(value);
  else map.set(key, [value]);
}

function shift(map: Map<string, string[]>, key: string): string | undefined {
  const queue = map.get(key);
  if (!queue) return undefined;
  const value = queue.shift();
  if (queue.length === 0) map.delete(key);
  return value;
}
