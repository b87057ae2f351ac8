/**
 * The handler and the conversion fit the AI SDK's types, majors 5, 6 and 7 (dev dependencies
 * `ai5`, `ai6`, `ai`): `useChat`'s request body is what the handler reads, the chunks Sluice
 * sends are `UIMessageChunk`s, and the `UIMessage` generics can be derived from an agent.
 */
import type { InferUIMessageChunk, UIMessage as UIMessage7, UIMessageChunk as UIMessageChunk7 } from 'ai';
import type { UIMessage as UIMessage5, UIMessageChunk as UIMessageChunk5 } from 'ai5';
import type { UIMessage as UIMessage6, UIMessageChunk as UIMessageChunk6 } from 'ai6';
import { Agent } from 'sluice/agent';
import {
  type AgentUITools,
  type ChatDataParts,
  type ChatRequestLike,
  createChatHandler,
  toUIMessageStream,
  type UIMessageLike,
  type UIMessageStreamChunk,
} from 'sluice/ai-sdk';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { expectTypeOf } from 'vitest';
import { z } from 'zod';

const weather = createTool({
  id: 'weather',
  description: 'Weather',
  inputSchema: z.object({ city: z.string() }),
  outputSchema: z.object({ temp: z.number() }),
  execute: async () => ({ temp: 3 }),
});
const agent = new Agent({
  id: 'typed',
  instructions: 'x',
  model: new ScriptedModel({ steps: ['ok'] }),
  tools: { weather },
});

// The body DefaultChatTransport posts (every major's UIMessage) is what the handler reads.
type Meta = { createdAt: number };
type Data = { progress: { pct: number } };
expectTypeOf<UIMessage5>().toExtend<UIMessageLike>();
expectTypeOf<UIMessage5<Meta, Data>>().toExtend<UIMessageLike>();
expectTypeOf<UIMessage6>().toExtend<UIMessageLike>();
expectTypeOf<UIMessage6<Meta, Data>>().toExtend<UIMessageLike>();
expectTypeOf<UIMessage7>().toExtend<UIMessageLike>();
expectTypeOf<UIMessage7<Meta, Data>>().toExtend<UIMessageLike>();
expectTypeOf<{
  id: string;
  messages: UIMessage5[];
  trigger: 'submit-message';
  messageId: undefined;
}>().toExtend<ChatRequestLike<UIMessage5>>();

// The handler is a web-standard (Request) => Promise<Response>.
const handler = createChatHandler({ agent, resource: () => 'user-1' });
expectTypeOf(handler).toEqualTypeOf<(request: Request) => Promise<Response>>();

// What Sluice sends is a UIMessageChunk of each major (reset-step exists from ai 7 on).
declare const sent: UIMessageStreamChunk;
declare const sentBefore7: Exclude<UIMessageStreamChunk, { type: 'reset-step' }>;
export const as7: UIMessageChunk7 = sent;
export const as6: UIMessageChunk6 = sentBefore7;
export const as5: UIMessageChunk5 = sentBefore7;
declare const output: Awaited<ReturnType<typeof agent.stream>>;
export const stream7: ReadableStream<UIMessageChunk7> = toUIMessageStream(output);

// useChat generics from the agent's tools and a data-parts map.
type ChatMessage = UIMessage7<Meta, ChatDataParts<Data>, AgentUITools<typeof agent>>;
expectTypeOf<AgentUITools<typeof agent>>().toEqualTypeOf<{
  weather: { input: { city: string }; output: { temp: number } };
}>();
declare const part: Extract<ChatMessage['parts'][number], { type: 'tool-weather' }>;
declare const done: Extract<typeof part, { state: 'output-available' }>;
expectTypeOf(done.input).toEqualTypeOf<{ city: string }>();
expectTypeOf(done.output).toEqualTypeOf<{ temp: number }>();
declare const tripwire: Extract<ChatMessage['parts'][number], { type: 'data-tripwire' }>;
expectTypeOf(tripwire.data).toEqualTypeOf<{ reason: string; processorId: string }>();
expectTypeOf<InferUIMessageChunk<ChatMessage>>().not.toBeNever();
// The same generics for ai 5 and 6.
expectTypeOf<UIMessage5<Meta, ChatDataParts<Data>, AgentUITools<typeof agent>>>().toExtend<UIMessageLike>();
expectTypeOf<UIMessage6<Meta, ChatDataParts<Data>, AgentUITools<typeof agent>>>().toExtend<UIMessageLike>();
