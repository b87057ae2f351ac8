import type {
  LanguageModelV2Message,
  LanguageModelV2Prompt,
  LanguageModelV2ToolCallPart,
  LanguageModelV2ToolResultPart,
} from '@ai-sdk/provider';
import type { CallOrigins } from './call-origins.js';
import { compactToolOutput } from './compact-output.js';

/** What the filter rule is told about one tool call of the prompt. */
export interface ToolCallFacts {
  toolName: string;
  /** Made in the current run (see `CallOrigins`). */
  current: boolean;
  /** How many tool-producing steps (assistant messages with tool calls) come after this call's. */
  newerToolSteps: number;
}

/** How {@link filterPromptToolCalls} decides. */
export interface ToolCallFilterRule {
  /** True when the call and its result should leave the prompt. */
  filters(call: ToolCallFacts): boolean;
  /** Replace a filtered, completed call that has a `toModelOutput` value by a compact text. */
  preserveModelOutput: boolean;
}

interface CallSlot {
  call: LanguageModelV2ToolCallPart;
  /** Ordinal of the assistant message holding the call among the prompt's messages. */
  message: number;
  /** The result that answers this call, once found. */
  result?: LanguageModelV2ToolResultPart;
  filtered: boolean;
  /** Text that takes the filtered call's place (preserveModelOutput). */
  compact?: string;
}

type AssistantContent = Extract<LanguageModelV2Message, { role: 'assistant' }>['content'];
type ToolContent = Extract<LanguageModelV2Message, { role: 'tool' }>['content'];

function promptModelOutput(part: LanguageModelV2ToolResultPart): unknown {
  const mastra = part.providerOptions?.mastra;
  return mastra?.modelOutput ?? undefined;
}

/**
 * Remove tool calls and their results from a provider prompt, as `rule` decides.
 *
 * A call and its result always go together, and the prompt that comes out never holds a call
 * without its result or a result without its call: results are matched to the nearest earlier
 * open call with the same id, and anything left unmatched (in the input, or after filtering)
 * is dropped too. Messages emptied by the filter are dropped, and so are assistant messages it
 * leaves with nothing but reasoning. Returns `undefined` when nothing
 * changes. Two linear passes; untouched messages are reused, not copied.
 */
export function filterPromptToolCalls(
  prompt: LanguageModelV2Prompt,
  origins: CallOrigins,
  rule: ToolCallFilterRule,
): LanguageModelV2Prompt | undefined {
  // 1. Pair calls with results: each result answers the oldest open call with its id.
  const slots: CallSlot[] = [];
  const calls = new Map<LanguageModelV2ToolCallPart, CallSlot>();
  const results = new Map<LanguageModelV2ToolResultPart, CallSlot | undefined>();
  const open = new Map<string, CallSlot[]>();
  let orphans = false;
  const answer = (part: LanguageModelV2ToolResultPart) => {
    const slot = open.get(part.toolCallId)?.shift();
    results.set(part, slot);
    if (slot) slot.result = part;
    else orphans = true;
  };
  prompt.forEach((message, index) => {
    if (message.role === 'tool') for (const part of message.content) answer(part);
    if (message.role !== 'assistant') return;
    for (const part of message.content) {
      if (part.type === 'tool-result') answer(part);
      if (part.type !== 'tool-call') continue;
      const slot: CallSlot = { call: part, message: index, filtered: false };
      slots.push(slot);
      calls.set(part, slot);
      const queue = open.get(part.toolCallId);
      if (queue) queue.push(slot);
      else open.set(part.toolCallId, [slot]);
    }
  });
  if (slots.length === 0 && !orphans) return undefined;

  // 2. Decide. A tool step is an assistant message with at least one answered call; orphans
  //    (dropped anyway) do not make one.
  let toolSteps = 0;
  let last = -1;
  for (const slot of slots) {
    if (!slot.result) orphans = true;
    else if (slot.message !== last) {
      toolSteps++;
      last = slot.message;
    }
  }
  let changed = orphans;
  let step = 0;
  last = -1;
  for (const slot of slots) {
    const result = slot.result;
    if (!result) continue;
    if (slot.message !== last) {
      step++;
      last = slot.message;
    }
    const origin = origins.next(slot.call.toolCallId);
    slot.filtered = rule.filters({
      toolName: slot.call.toolName,
      current: origin.current,
      newerToolSteps: toolSteps - step,
    });
    if (!slot.filtered) continue;
    changed = true;
    if (!rule.preserveModelOutput || result.output.type.startsWith('error-')) continue;
    const output = origin.modelOutput ?? promptModelOutput(result);
    if (output !== undefined) slot.compact = compactToolOutput(slot.call.toolName, output);
  }
  if (!changed) return undefined;

  // 3. Rebuild, reusing every message the filter does not touch.
  const kept = (slot: CallSlot | undefined): boolean => slot?.result !== undefined && !slot.filtered;
  const out: LanguageModelV2Prompt = [];
  for (const message of prompt) {
    if (message.role === 'assistant') {
      const content: AssistantContent = [];
      let same = true;
      for (const part of message.content) {
        if (part.type === 'tool-call') {
          const slot = calls.get(part);
          if (kept(slot)) content.push(part);
          else {
            same = false;
            if (slot?.compact !== undefined) content.push({ type: 'text', text: slot.compact });
          }
        } else if (part.type === 'tool-result') {
          if (kept(results.get(part))) content.push(part);
          else same = false;
        } else content.push(part);
      }
      // Reasoning left without the calls it led to goes too: the OpenAI Responses API rejects a
      // reasoning item sent without its following item.
      if (same) out.push(message);
      else if (content.some((part) => part.type !== 'reasoning')) out.push({ ...message, content });
    } else if (message.role === 'tool') {
      const content: ToolContent = message.content.filter((part) => kept(results.get(part)));
      if (content.length === message.content.length) out.push(message);
      else if (content.length > 0) out.push({ ...message, content });
    } else out.push(message);
  }
  return out;
}
