/**
 * `sluice/messages`: `MessageList` (the class) and every message type. The package root
 * re-exports `MessageList` and the common message types. Conversion helpers live in their own
 * files and are not public.
 */
export {
  MessageList,
  type MessageListOptions,
  type MessageOrigin,
  type MessageSourceChecker,
  type SerializedMessageList,
} from './message-list.js';
export type {
  AiV4MessageView,
  AiV5MessageView,
  AllAiV4MessageView,
  AllAiV5MessageView,
  AllAiV6MessageView,
  AllAiV7MessageView,
  AllMessagesView,
  MessageListViews,
  MessageView,
  NewerAiMessageView,
} from './message-views.js';
export type { SystemMessagesSnapshot } from './system-message-store.js';
export type * from './types.js';
