import type { LanguageModelV2Prompt, LanguageModelV3Prompt, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { toV3Prompt } from '../models/to-v3-call-options.js';
import { toV4Prompt } from '../models/to-v4-call-options.js';
import { toCoreMessagesV4, toUIMessagesV4 } from './to-ai-v4.js';
import { toModelMessages } from './to-model-messages.js';
import { toLanguageModelPrompt } from './to-prompt.js';
import { type ToUIMessagesOptions, toUIMessages } from './to-ui.js';
import type {
  CoreMessage,
  CoreSystemMessage,
  MastraDBMessage,
  ModelMessage,
  UIMessage,
  UIMessageV4,
} from './types.js';

/** `view.aiV4`: the view in AI SDK 4 shapes. */
export interface AiV4MessageView {
  /** AI SDK 4 UI messages: `content` text, format 2 parts, `toolInvocations`; signal rows left out. */
  ui(): UIMessageV4[];
  /** AI SDK 4 core messages (`args`, `result`, `mimeType`, user `image` parts), unresolved tool calls included. */
  core(): CoreMessage[];
}

/** `get.all.aiV4`: adds the prompt form. */
export interface AllAiV4MessageView extends AiV4MessageView {
  /** `aiV5.prompt()` in AI SDK 4 core-message naming. */
  prompt(): CoreMessage[];
}

/** `view.aiV5`: the view in AI SDK v5 shapes. */
export interface AiV5MessageView {
  /** AI SDK v5 model messages, unresolved tool calls included (same as the view's `core()`). */
  model(): ModelMessage[];
  /** AI SDK v5 UI messages (same as the view's `ui()`). */
  ui(options?: ToUIMessagesOptions): UIMessage[];
}

/** `get.all.aiV5`: adds the prompt forms. */
export interface AllAiV5MessageView extends AiV5MessageView {
  /**
   * System messages (untagged, then tagged) then the conversation as v5 model messages, the way a
   * model call sends them: unresolved tool calls left out, signals rendered as user messages.
   */
  prompt(): ModelMessage[];
  /**
   * The provider prompt (spec V2) a model call is built from: what `prompt()` holds, in
   * `LanguageModelV2Prompt` shapes. Attachments stay as they are stored (URLs are not fetched
   * here; the agent fetches those the model cannot before each call). Async like the original's.
   */
  llmPrompt(): Promise<LanguageModelV2Prompt>;
}

/** `view.aiV6` / `view.aiV7`: UI messages (AI SDK 6 and 7 keep the v5 `UIMessage` shape). */
export interface NewerAiMessageView {
  /** UI messages; the same parts as `aiV5.ui()`. */
  ui(options?: ToUIMessagesOptions): UIMessage[];
}

/** `get.all.aiV6`: adds the spec-V3 provider prompt (AI SDK 6). */
export interface AllAiV6MessageView extends NewerAiMessageView {
  /** `aiV5.llmPrompt()` translated to `LanguageModelV3Prompt`. */
  llmPrompt(): Promise<LanguageModelV3Prompt>;
}

/** `get.all.aiV7`: adds the spec-V4 provider prompt (AI SDK 7). */
export interface AllAiV7MessageView extends NewerAiMessageView {
  /** `aiV5.llmPrompt()` translated to `LanguageModelV4Prompt`. */
  llmPrompt(): Promise<LanguageModelV4Prompt>;
}

/** One view of a `MessageList` in every format. Each call returns a fresh array (linear). */
export interface MessageView {
  /** The stored messages themselves (same objects: in-place edits reach the list). */
  db(): MastraDBMessage[];
  /** AI SDK v5 UI messages; signal rows hidden unless `includeSignals`. */
  ui(options?: ToUIMessagesOptions): UIMessage[];
  /** AI SDK v5-style model messages, unresolved tool calls included. */
  core(): CoreMessage[];
  /** AI SDK 4 forms. */
  aiV4: AiV4MessageView;
  /** AI SDK v5 forms. */
  aiV5: AiV5MessageView;
  /** AI SDK 6 forms. */
  aiV6: NewerAiMessageView;
  /** AI SDK 7 forms. */
  aiV7: NewerAiMessageView;
}

/** The `all` view, which can also build the provider prompt. */
export interface AllMessagesView extends MessageView {
  /** System messages (untagged, then tagged) followed by the conversation, ready for a model call. */
  prompt(): LanguageModelV2Prompt;
  aiV4: AllAiV4MessageView;
  aiV5: AllAiV5MessageView;
  aiV6: AllAiV6MessageView;
  aiV7: AllAiV7MessageView;
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
  const ui = (options?: ToUIMessagesOptions) => toUIMessages(select(), options);
  // The v2 prompt message shapes are the v5 model-message shapes CoreMessage describes.
  const core = () => toModelMessages(select()) as CoreMessage[];
  const aiV4: AiV4MessageView = {
    ui: () => toUIMessagesV4(select()),
    core: () => toCoreMessagesV4(toModelMessages(select())),
  };
  return { db: select, ui, core, aiV4, aiV5: { model: core, ui }, aiV6: { ui }, aiV7: { ui } };
}

/** Build the `all` view, adding the prompt forms over the given system messages. */
export function createAllMessagesView(
  select: () => MastraDBMessage[],
  systemMessages: () => CoreSystemMessage[],
): AllMessagesView {
  const base = createMessageView(select);
  const prompt = () => toLanguageModelPrompt(systemMessages(), select());
  const llmPrompt = async () => prompt();
  return {
    ...base,
    prompt,
    aiV4: { ...base.aiV4, prompt: () => toCoreMessagesV4(prompt()) },
    // A spec-V2 prompt message is a v5 model message (string content aside, which it never uses).
    aiV5: { ...base.aiV5, prompt: () => prompt() as ModelMessage[], llmPrompt },
    aiV6: { ui: base.ui, llmPrompt: async () => toV3Prompt(prompt()) },
    aiV7: { ui: base.ui, llmPrompt: async () => toV4Prompt(prompt()) },
  };
}
