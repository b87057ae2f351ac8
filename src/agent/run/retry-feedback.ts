/**
 * What a processor retry sends back to the model, after the earlier request: the rejected
 * attempt and the reason as a `<system-reminder reason="processor-retry">` user message.
 */
import type { LanguageModelV2Message } from '@ai-sdk/provider';
import type { TripWire } from '../../errors/tripwire.js';
import { renderSignalText } from '../../messages/signal-text.js';
import type { StepTripwireData } from '../../stream/chunk-types.js';
import type { StepRecorder } from './step-recorder.js';

/**
 * What the model is shown of a rejected attempt: its text and its tool calls. Tool results are
 * withheld (they may be what was rejected); each call gets an error result saying so, which
 * keeps the prompt valid for providers that pair every call with a result.
 */
export function rejectedResponse(
  recorder: StepRecorder | undefined,
  tripwire: TripWire,
): LanguageModelV2Message[] {
  if (!recorder) return [];
  const content: Array<
    | { type: 'text'; text: string }
    | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
  > = [];
  if (recorder.text !== '') content.push({ type: 'text', text: recorder.text });
  const calls = recorder.toolCalls.filter((c) => c.payload.providerExecuted !== true);
  for (const call of calls) {
    const { toolCallId, toolName, args } = call.payload;
    content.push({ type: 'tool-call', toolCallId, toolName, input: args ?? {} });
  }
  if (content.length === 0) return [];
  const messages: LanguageModelV2Message[] = [{ role: 'assistant', content }];
  if (calls.length > 0) {
    messages.push({
      role: 'tool',
      content: calls.map((call) => ({
        type: 'tool-result' as const,
        toolCallId: call.payload.toolCallId,
        toolName: call.payload.toolName,
        output: {
          type: 'error-text' as const,
          value: `Withheld: processor "${tripwire.processorId ?? 'unknown'}" rejected this step.`,
        },
      })),
    });
  }
  return messages;
}

/** The user message that carries a processor's retry reason back to the model. */
export function retryReminder(tripwire: TripWire): LanguageModelV2Message {
  const text = renderSignalText(
    'system-reminder',
    { reason: 'processor-retry', processor: tripwire.processorId ?? 'unknown' },
    tripwire.message,
  );
  return { role: 'user', content: [{ type: 'text', text }] };
}

export function tripwireData(tripwire: TripWire): StepTripwireData {
  return {
    reason: tripwire.message,
    retry: tripwire.options.retry,
    metadata: tripwire.options.metadata,
    processorId: tripwire.processorId,
  };
}
