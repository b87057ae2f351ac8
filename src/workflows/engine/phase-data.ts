/**
 * Phase data and the live message list: reading messages out of a list (noting which arrays are
 * untouched), adopting a step's output (its messages applied to the list), branch isolation
 * (each parallel branch on its own copy of the list) and the reconcile of the chosen copy.
 */
import { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage } from '../../messages/types.js';
import { applyMessageResult, describe } from '../../pipeline/hook-results.js';
import type { ProcessorPhase } from '../../processors/step-schema/index.js';
import { workflowInvalidOutput } from '../errors.js';
import type { Invocation } from './invocation.js';
import type { Data } from './later.js';

/**
 * Message arrays (and system message arrays) the engine built from a list, with the elements they
 * held then: an array still holding exactly those matches its list; one a step spliced does not.
 */
const materialized = new WeakMap<object, readonly unknown[]>();

function materialize(array: unknown[]): void {
  materialized.set(array, array.slice());
}

/** True when `value` is an array the engine built from a list and nobody has changed since. */
export function isMaterialized(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const seen = materialized.get(value);
  if (seen === undefined || seen.length !== value.length) return false;
  for (let i = 0; i < value.length; i++) if (seen[i] !== value[i]) return false;
  return true;
}

/** Note arrays the caller built from a list (the workflow's initial data). */
export function markMaterialized(value: unknown): void {
  if (Array.isArray(value)) materialize(value);
}

/** Phase data whose messages and system messages are read (again) from `list`. */
export function messageData(data: Data, list: MessageList, scope: 'all' | 'response'): Data {
  const messages = view(list, scope);
  const systemMessages = list.getSystemMessages();
  materialize(messages);
  materialize(systemMessages);
  data.messages = messages;
  data.messageList = list;
  data.systemMessages = systemMessages;
  return data;
}

/**
 * Make a step's (or map's) output consistent phase data: a `messages` array it built is applied
 * to the list it belongs to, a missing `messageList` is inherited from the input. Anything that is
 * not phase data (a keyed object, a custom value) passes as it is.
 */
export function adopt(value: unknown, input: Data, inv: Invocation, label: string): Data {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value as Data;
  const data = value as Data;
  if (inv.chunk || !('phase' in data)) return data;
  let list = data.messageList;
  if (list !== undefined && !(list instanceof MessageList)) {
    throw workflowInvalidOutput(
      inv.site(label),
      `returned a "messageList" that is ${describe(list)}, not a MessageList; return the messageList it was given, or leave it out and return "messages".`,
    );
  }
  let changed = list === undefined;
  if (list === undefined)
    list = input.messageList instanceof MessageList ? input.messageList : inv.init.messageList;
  if (!(list instanceof MessageList)) {
    throw workflowInvalidOutput(
      inv.site(label),
      'returned phase data without a "messageList" and had none to inherit.',
    );
  }
  const messages = data.messages;
  if (messages !== undefined) {
    if (!Array.isArray(messages)) {
      throw workflowInvalidOutput(
        inv.site(label),
        `returned "messages" that is ${describe(messages)}; it must be an array of stored messages.`,
      );
    }
    if (!isMaterialized(messages)) {
      try {
        applyMessageResult(list, messages, label, inv.hook, inv.scope);
      } catch (error) {
        throw workflowInvalidOutput(
          inv.site(label),
          `returned "messages" that cannot be applied: ${messageOf(error)}`,
          error,
        );
      }
      changed = true;
    }
  }
  const system = data.systemMessages;
  if (system !== undefined && !isMaterialized(system)) {
    if (!Array.isArray(system)) {
      throw workflowInvalidOutput(
        inv.site(label),
        `returned "systemMessages" that is ${describe(system)}; it must be an array of system messages.`,
      );
    }
    list.replaceAllSystemMessages(system as never);
    changed = true;
  }
  if (!changed) return data;
  inv.changed = true;
  return messageData({ ...data }, list, inv.scope);
}

/**
 * Phase fields besides the messages that a hook may edit in place, per phase: a branch gets its
 * own copies (the chosen branch's edited settings then come back as overrides).
 */
const BRANCH_COPIED_FIELDS: Partial<Record<ProcessorPhase, readonly string[]>> = {
  inputStep: ['modelSettings', 'providerOptions', 'activeTools'],
  outputStep: ['toolCalls', 'usage', 'providerMetadata'],
  toolResult: ['args', 'result'],
};

/** A copy of message-phase data on a copy of its list (for one parallel branch). */
export function forkData(data: Data, inv: Invocation): Data {
  const list = data.messageList;
  const copy: Data = { ...data };
  for (const key of BRANCH_COPIED_FIELDS[inv.phase] ?? NO_FIELDS) copy[key] = copyOf(copy[key]);
  if (!(list instanceof MessageList)) return copy;
  const fork = list.fork();
  if (inv.phase === 'toolResult') shareToolCall(copy, data, list, fork);
  return messageData(copy, fork, inv.scope);
}

const NO_FIELDS: readonly string[] = [];

/**
 * A tool result's `args` / `result` are the objects stored in the tool call's message part, so an
 * in-place edit shows in the conversation. In a branch they are those of the branch's copy of the
 * message, which keeps that true there (and keeps other branches out of it).
 */
function shareToolCall(copy: Data, data: Data, list: MessageList, fork: MessageList): void {
  const id = data.toolCallId;
  if (typeof id !== 'string') return;
  const live = toolInvocationIn(list, id);
  const twin = toolInvocationIn(fork, id);
  if (live === undefined || twin === undefined) return;
  if (data.result === live.result && 'result' in twin) copy.result = twin.result;
  if (data.args === live.args) copy.args = twin.args;
}

function toolInvocationIn(
  list: MessageList,
  toolCallId: string,
): { args?: unknown; result?: unknown } | undefined {
  const messages = list.get.all.db();
  for (let i = messages.length - 1; i >= 0; i--) {
    for (const part of (messages[i] as MastraDBMessage).content.parts) {
      if (part.type === 'tool-invocation' && part.toolInvocation.toolCallId === toolCallId) {
        return part.toolInvocation as { args?: unknown; result?: unknown };
      }
    }
  }
  return undefined;
}

function copyOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  try {
    return structuredClone(value);
  } catch {
    // Something uncloneable inside (a function): a fresh container at least.
    return Array.isArray(value) ? [...value] : { ...value };
  }
}

/**
 * Make the live list what the chosen branch's copy is (messages with their sources and save state,
 * system messages). Only messages that existed when the copies were taken can have been removed by
 * a branch; one added to the live list since (a signal a step sent) stays.
 */
export function reconcileInto(
  live: MessageList,
  chosen: MessageList,
  baseIds: readonly string[] | undefined,
): void {
  live.absorb(chosen, baseIds);
}

/** The messages a phase carries: the response for `outputResult`, else all. */
export function view(list: MessageList, scope: 'all' | 'response'): MastraDBMessage[] {
  return scope === 'response' ? list.get.response.db() : list.get.all.db();
}

/** The ids of `messages`, in order. */
export function idsOf(messages: readonly MastraDBMessage[]): string[] {
  return messages.map((m) => m.id);
}

/** An error's message, for an error that names it as its cause. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A zod error's issues as `path: message; …` (the first few). */
export function formatIssues(error: unknown): string {
  const issues = (error as { issues?: Array<{ path?: PropertyKey[]; message?: string }> } | null)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return messageOf(error);
  return issues
    .slice(0, 3)
    .map(
      (issue) =>
        `${issue.path && issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)'}: ${issue.message}`,
    )
    .join('; ');
}

/** After `.parallel()` / `.branch()` the data is keyed by step id: say which keys exist. */
export function keysHint(data: Data): string {
  if ('phase' in data) return '';
  const keys = Object.keys(data);
  return keys.length > 0
    ? ` Its input has the keys ${keys.map((k) => `"${k}"`).join(', ')}.`
    : ' Its input is {} (after .branch(): no condition held, so no step ran).';
}
