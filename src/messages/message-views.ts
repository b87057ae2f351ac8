import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import { toModelMessages } from './to-model-messages.js';
import { toLanguageModelPrompt } from './to-prompt.js';
import { type ToUIMessagesOptions, toUIMessages } from './to-ui.js';
import type { CoreMessage, CoreSystemMessage, MastraDBMessage, UIMessage } from './types.js';

/** One view of a `MessageList` in every format. Each call returns a fresh array (linear). */
export interface MessageView {
  /** The stored messages themselves (same objects: in-place edits reach the list). */
  db(): MastraDBMessage[];
  /** AI SDK v5 UI messages; signal rows hidden unless `includeSignals`. */
  ui(options?: ToUIMessagesOptions): UIMessage[];
  /** AI SDK v5-style model messages, unresolved tool calls included. */
  core(): CoreMessage[];
}

/** The `all` view, which can also build the provider prompt. */
export interface AllMessagesView extends MessageView {
  /** System messages (untagged, then tagged) followed by the conversation, ready for a model call. */
  prompt(): LanguageModelV2Prompt;
}

/**
 * `messageList.get`: `all` (remembered messages first, then the current turn in insertion
 * order), `input` (sources `'input'`/`'user'`), `response` (`'response'`), `remembered`
 * (`'memory'`) and `context` (`'context'`: extra messages sent to the model but never saved).
 */
export interface MessageListViews {
  all: AllMessagesView;
  input: MessageView;
  response: MessageView;
  remembered: MessageView;
  context: MessageView;
}

/** Build a view over a function that returns the view's stored messages. */
export function createMessageView(select: () => MastraDBMessage[]): MessageView {
  return {
    db: select,
    ui: (options) => toUIMessages(select(), options),
    // The v2 prompt message shapes are the v5 model-message shapes CoreMessage describes.
    core: () => toModelMessages(select()) as CoreMessage[],
  };
}

/** Build the `all` view, adding `prompt()` over the given system messages. */
export function createAllMessagesView(
  select: () => MastraDBMessage[],
  systemMessages: () => CoreSystemMessage[],
): AllMessagesView {
  return { ...createMessageView(select), prompt: () => toLanguageModelPrompt(systemMessages(), select()) };
}
