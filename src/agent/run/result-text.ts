/**
 * `processOutputResult` post-processes the final response: when it changes the response's text
 * (messages returned or edited in place), the run's `text` and its last step's `text` are read
 * back from the response, so every view of the result agrees with the message list. The live
 * stream is not touched: its chunks went out as they were released.
 */
import type { MastraDBMessage } from '../../messages/types.js';
import type { RunTotals } from './run-state.js';

/** The response's text: its text parts, in order (what `text` is when nothing edited it). */
export function responseText(messages: readonly MastraDBMessage[]): string {
  let text = '';
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.content.parts) if (part.type === 'text') text += part.text;
  }
  return text;
}

/**
 * After `processOutputResult`: `before` is {@link responseText} from just before the hooks ran.
 * Unchanged text leaves the totals as the steps recorded them (no re-derivation of a result
 * nobody edited).
 */
export function adoptProcessedText(
  totals: RunTotals,
  before: string,
  messages: readonly MastraDBMessage[],
): void {
  const after = responseText(messages);
  if (after === before) return;
  totals.releasedText ??= totals.text;
  totals.text = after;
  const last = totals.steps.at(-1);
  if (last) last.text = lastStepText(messages) ?? after;
}

/**
 * The text after the response's last step boundary (each step's parts start with a
 * `step-start` part), or `undefined` when the messages carry no boundary (a processor built
 * them afresh): then the whole response text stands for the last step.
 */
function lastStepText(messages: readonly MastraDBMessage[]): string | undefined {
  for (let m = messages.length - 1; m >= 0; m--) {
    const message = messages[m] as MastraDBMessage;
    if (message.role !== 'assistant') continue;
    const parts = message.content.parts;
    const boundary = parts.findLastIndex((part) => part.type === 'step-start');
    if (boundary === -1) continue;
    let text = '';
    for (let p = boundary + 1; p < parts.length; p++) {
      const part = parts[p];
      if (part?.type === 'text') text += part.text;
    }
    return text + responseText(messages.slice(m + 1));
  }
  return undefined;
}
