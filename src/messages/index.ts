export { type ConvertInputOptions, convertToDBMessages, INVALID_MESSAGE_INPUT } from './convert-input.js';
export { syncLegacyFields } from './legacy-fields.js';
export {
  INVALID_MESSAGE_SOURCE,
  MessageList,
  type MessageListOptions,
  type MessageOrigin,
  type MessageSourceChecker,
  type SerializedMessageList,
} from './message-list.js';
export { getMessageText } from './message-text.js';
export type { AllMessagesView, MessageListViews, MessageView } from './message-views.js';
export type { RecordSource } from './record-segment.js';
export {
  DEFAULT_SIGNAL_TAG,
  escapeXmlAttribute,
  renderSignalMessage,
  renderSignalText,
  type SignalAttributes,
} from './signal-text.js';
export { INVALID_SYSTEM_MESSAGE, type SystemMessagesSnapshot } from './system-message-store.js';
export { type ToModelMessagesOptions, toModelMessages } from './to-model-messages.js';
export { systemMessageText, toLanguageModelPrompt } from './to-prompt.js';
export { type ToUIMessagesOptions, toUIMessages } from './to-ui.js';
export { toToolResultOutput } from './tool-output.js';
export type * from './types.js';
