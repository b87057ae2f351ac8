/**
 * `sluice/ai-sdk`: serve an agent to the AI SDK's `useChat`. `createChatHandler` answers
 * `DefaultChatTransport` requests (web-standard; `toNodeHandler` for `node:http`/Express),
 * resumes answers in flight from Redis (`resumable`) and serves a chat's history
 * (`loadChatMessages`);
 * `toUIMessageStream` / `toUIMessageStreamResponse` convert one run's output. Nothing here needs
 * `ai` at run time: it is an optional peer, used for its types and by your client.
 */
export type { ChatRequestBody, ChatUIMessage, ChatUIPart } from './chat-body.js';
export {
  type ChatCallOptions,
  type ChatHandler,
  type ChatHandlerOptions,
  type ChatRequestInfo,
  createChatHandler,
} from './chat-handler.js';
export { type LoadChatMessagesArgs, loadChatMessages } from './chat-history.js';
export { ChatRequestError } from './chat-request-error.js';
export { GENERIC_ERROR_TEXT, type UIMessageStreamOptions } from './chunk-mapper.js';
export { type NodeHandler, toNodeHandler } from './node-handler.js';
export type { ResumableRedisClient, ResumableStreamOptions } from './resumable-stream.js';
export type {
  UIDataChunk,
  UIFinishReason,
  UIJSONObject,
  UIJSONValue,
  UIMessageStreamChunk,
  UIProviderMetadata,
  UITripwireData,
} from './ui-message-chunk.js';
export {
  type ToAISdkStreamOptions,
  toAISdkStream,
  toUIMessageStream,
  toUIMessageStreamResponse,
  UI_MESSAGE_STREAM_HEADERS,
  type UIMessageStreamResponseInit,
  type UIStreamSource,
} from './ui-message-stream.js';
export type { AgentUITools, ChatDataParts, ChatRequestLike, UIMessageLike, UIToolOf } from './ui-types.js';
