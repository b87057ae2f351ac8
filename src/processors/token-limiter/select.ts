/**
 * The trimming policy, on plain numbers: which units (a message, or a tool call with its
 * results) stay within a budget. Pure and linear, so it is tested on its own.
 */
import type { LanguageModelV2Message } from '@ai-sdk/provider';
import type { MastraDBMessage } from '../../messages/types.js';
import type { StepResult } from '../../stream/step-result.js';

/** How the walk treats a unit that does not fit. */
export type SelectMode = 'best-fit' | 'contiguous';

/** Outcome of {@link selectUnits}. */
export interface Selection {
  /** `keep[i]` for unit `i` (units ordered oldest → newest). */
  keep: boolean[];
  /** Units kept. */
  kept: number;
}

/**
 * Walk the units newest → oldest and keep each that still fits. Pinned units are kept whatever
 * they cost and paid for first. `best-fit` goes on past a unit that does not fit (an older,
 * smaller one may still fit); `contiguous` stops there, so what is sent has no gap. The newest
 * unit is the turn the model answers: when it does not fit (and is not pinned) nothing is kept,
 * in either mode, since a request without it would answer a different question.
 */
export function selectUnits(
  costs: readonly number[],
  pinned: readonly boolean[],
  budget: number,
  mode: SelectMode,
): Selection {
  const keep = pinned.slice();
  let remaining = budget;
  let kept = 0;
  for (let i = 0; i < costs.length; i++) {
    if (pinned[i]) {
      remaining -= costs[i] as number;
      kept++;
    }
  }
  for (let i = costs.length - 1; i >= 0; i--) {
    if (pinned[i]) continue;
    const cost = costs[i] as number;
    if (cost <= remaining) {
      keep[i] = true;
      remaining -= cost;
      kept++;
      continue;
    }
    if (i === costs.length - 1) return { keep: keep.fill(false), kept: 0 };
    if (mode === 'contiguous') break;
  }
  return { keep, kept };
}

/** Prompt messages grouped so a tool call and its results are kept or dropped together. */
export interface PromptGroups {
  /** Group of each prompt message; `-1` for system messages. */
  groupOf: Int32Array;
  /** Number of groups; groups are numbered oldest → newest by their newest message. */
  count: number;
}

/**
 * Group the non-system messages of a prompt: messages that share a tool call id (the assistant
 * message with the call, the tool message with its result, and anything else naming the id) form
 * one group; every other message is its own group. Union-find over message indices, linear in
 * the number of parts.
 */
export function groupPromptMessages(prompt: readonly LanguageModelV2Message[]): PromptGroups {
  const n = prompt.length;
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] as number;
    while (parent[i] !== root) {
      const next = parent[i] as number;
      parent[i] = root;
      i = next;
    }
    return root;
  };
  const owner = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const message = prompt[i] as LanguageModelV2Message;
    if (message.role === 'system' || message.role === 'user') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-call' && part.type !== 'tool-result') continue;
      const first = owner.get(part.toolCallId);
      if (first === undefined) owner.set(part.toolCallId, i);
      else {
        const a = find(first);
        const b = find(i);
        if (a !== b) parent[a] = b;
      }
    }
  }
  // Number groups by their newest message: walking back, a root is met first at its newest member.
  const groupOf = new Int32Array(n).fill(-1);
  const numberOfRoot = new Int32Array(n).fill(-1);
  let descending = 0;
  for (let i = n - 1; i >= 0; i--) {
    if ((prompt[i] as LanguageModelV2Message).role === 'system') continue;
    const root = find(i);
    if (numberOfRoot[root] === -1) numberOfRoot[root] = descending++;
    groupOf[i] = numberOfRoot[root] as number;
  }
  // Flip to oldest → newest, the order selectUnits works in.
  for (let i = 0; i < n; i++) if (groupOf[i] !== -1) groupOf[i] = descending - 1 - (groupOf[i] as number);
  return { groupOf, count: descending };
}

/** Tool call ids a prompt message carries (calls and results). */
export function toolCallIdsOf(message: LanguageModelV2Message): string[] | undefined {
  if (message.role === 'system' || message.role === 'user') return undefined;
  let ids: string[] | undefined;
  for (const part of message.content) {
    if (part.type !== 'tool-call' && part.type !== 'tool-result') continue;
    ids ??= [];
    ids.push(part.toolCallId);
  }
  return ids;
}

/**
 * The run's question: the unit of the newest user message before the first pinned unit (the
 * run's own tool traffic), or `-1` when nothing is pinned or no user message precedes it. A loop
 * step is sent with it, so the model still sees what it is working on and the request does not
 * start with the run's tool call. `unitOf[i]` is message `i`'s unit, `-1` for one never dropped.
 */
export function questionUnit(
  unitOf: ArrayLike<number>,
  isUser: (index: number) => boolean,
  pinned: readonly boolean[],
): number {
  let question = -1;
  for (let i = 0; i < unitOf.length; i++) {
    const unit = unitOf[i] as number;
    if (unit === -1) continue;
    if (pinned[unit]) return question;
    if (isUser(i)) question = unit;
  }
  return -1;
}

/**
 * After trimming, drop the kept units that would open the conversation without a user message
 * (an assistant reply, or a tool call with its results, whose question was dropped): Anthropic
 * and other providers reject a request that starts with an assistant or tool message. Stops at
 * the first user message, a pinned unit or the newest unit, which are never dropped. Linear.
 */
export function startWithUser(
  unitOf: ArrayLike<number>,
  isUser: (index: number) => boolean,
  keep: boolean[],
  pinned: readonly boolean[],
): void {
  const newest = keep.length - 1;
  for (let i = 0; i < unitOf.length; i++) {
    const unit = unitOf[i] as number;
    if (unit === -1 || !keep[unit]) continue;
    if (isUser(i) || pinned[unit] || unit === newest) return;
    keep[unit] = false;
  }
}

/** Tool call ids of this run's steps: calls and results the loop itself produced. */
export function currentRunToolCallIds(steps: readonly StepResult[] | undefined): Set<string> | undefined {
  if (!steps || steps.length === 0) return undefined;
  const ids = new Set<string>();
  for (const step of steps) {
    for (const call of step.toolCalls ?? []) ids.add(call.payload.toolCallId);
    for (const result of step.toolResults ?? []) ids.add(result.payload.toolCallId);
  }
  return ids.size > 0 ? ids : undefined;
}

/** True when `message` holds a tool call or result whose id is in `ids`. */
export function storedToolCallIds(message: MastraDBMessage, ids: Set<string>): boolean {
  for (const part of message.content.parts) {
    if (part.type === 'tool-invocation' && ids.has(part.toolInvocation.toolCallId)) return true;
  }
  return false;
}
