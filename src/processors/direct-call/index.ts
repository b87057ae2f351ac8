/**
 * What the built-in processors fall back on when a hook is called directly — a unit test doing
 * `processor.processInput({ messages, abort })`, as the processor documents show — instead of by
 * the runtime, which always passes the full arguments. On the runtime's path every helper here
 * returns what it was given, allocating nothing.
 *
 * The rules, the same for every built-in:
 * - no `abort`: the processor throws the `TripWire` the runtime's `abort` would
 *   (reason defaulting to `Tripwire triggered by <id>`, `processorId` set);
 * - no `state`: one state object per processor instance, shared by its hooks, as in one run;
 * - no `retryCount`: 0; no `systemMessages` / `steps`: none; no `stepNumber`: 0;
 * - no `messageList`: no message counts as remembered history, and a message hook returns the
 *   messages array (edited in place, without the messages the processor removed) where it would
 *   return the list.
 */
import { TripWire, type TripWireOptions } from '../../errors/tripwire.js';
import { syncLegacyFields } from '../../messages/legacy-fields.js';
import type { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type { ProcessorState } from '../../pipeline/types.js';

type Abort = (reason?: string, options?: TripWireOptions) => never;

/** The hook arguments the fallbacks fill in (the runtime always passes all of them). */
interface DefaultedArgs {
  abort: unknown;
  retryCount: number;
  state: ProcessorState;
}

const directStates = new WeakMap<object, ProcessorState>();

/** `owner`'s state for hooks called without one: one object per processor instance. */
function directState(owner: object): ProcessorState {
  let state = directStates.get(owner);
  if (state === undefined) {
    state = {};
    directStates.set(owner, state);
  }
  return state;
}

/** An `abort` that throws the `TripWire` the runtime's would, owned by `processorId`. */
function directAbort(processorId: string): Abort {
  return (reason, options) => {
    throw new TripWire(reason ?? `Tripwire triggered by ${processorId}`, options ?? {}, processorId);
  };
}

/**
 * `args` itself when `abort`, `retryCount` and `state` are all present (always, in a run);
 * otherwise a copy with the missing ones filled in (see the module comment).
 */
export function withHookDefaults<A extends DefaultedArgs>(owner: { readonly id: string }, args: A): A {
  if (args.abort !== undefined && args.state !== undefined && args.retryCount !== undefined) return args;
  return {
    ...args,
    abort: args.abort ?? directAbort(owner.id),
    retryCount: args.retryCount ?? 0,
    state: args.state ?? directState(owner),
  };
}

/**
 * What a message hook returns: `messageList` (after removing `removedIds` from it) when the hook
 * was given one, else `messages` without the removed ones.
 */
export function listOrMessages(
  messageList: MessageList | undefined,
  messages: readonly MastraDBMessage[] | undefined,
  removedIds?: readonly string[],
): MessageList | MastraDBMessage[] {
  const removed = removedIds !== undefined && removedIds.length > 0 ? removedIds : undefined;
  if (messageList !== undefined) {
    if (removed !== undefined) messageList.removeByIds(removed);
    return messageList;
  }
  const all = messages ?? [];
  if (removed === undefined) return all as MastraDBMessage[];
  const drop = new Set(removed);
  return all.filter((m) => !drop.has(m.id));
}

/**
 * A test for "was this message loaded from memory (remembered history)?": from the list's
 * sources, or — called without a list — false for every message.
 */
export function rememberedTest(messageList: MessageList | undefined): (message: MastraDBMessage) => boolean {
  if (messageList === undefined) return () => false;
  const sources = messageList.makeMessageSourceChecker();
  return (message) => sources.getSource(message) === 'memory';
}

/**
 * Replace a tool call's result: through `messageList.updateToolInvocation` when there is a list,
 * else on the matching `tool-invocation` part of `messages`, in place. Returns what the hook
 * should return: `undefined` with a list (the list was edited), else the messages array.
 */
export function replaceToolResult(
  messageList: MessageList | undefined,
  messages: MastraDBMessage[] | undefined,
  call: { toolCallId: string; toolName: string; args: unknown; result: unknown },
): MastraDBMessage[] | undefined {
  const toolInvocation = {
    state: 'result' as const,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    args: call.args,
    result: call.result,
  };
  if (messageList !== undefined) {
    messageList.updateToolInvocation({ type: 'tool-invocation', toolInvocation });
    return undefined;
  }
  const all = messages ?? [];
  for (const message of all) {
    const parts = message.content.parts;
    let changed = false;
    for (let i = 0; i < parts.length; i++) {
      const old = parts[i];
      if (old?.type !== 'tool-invocation' || old.toolInvocation.toolCallId !== call.toolCallId) continue;
      const args = call.args === undefined ? old.toolInvocation.args : call.args;
      parts[i] = { ...old, toolInvocation: { ...toolInvocation, args } };
      changed = true;
    }
    if (changed) syncLegacyFields(message.content);
  }
  return all;
}
