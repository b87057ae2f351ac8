/**
 * The message types and `MessageList`, re-exported by the package root. Conversion helpers live
 * in their own files (and in `sluice/internal`), not here.
 */
export {
  MessageList,
  type MessageListOptions,
  type MessageOrigin,
  type MessageSourceChecker,
  type SerializedMessageList,
} from './message-list.js';
export type { AllMessagesView, MessageListViews, MessageView } from './message-views.js';
export type { SystemMessagesSnapshot } from './system-message-store.js';
export type * from './types.js';
