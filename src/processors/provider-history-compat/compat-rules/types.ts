import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import type { MessageList } from '../../../messages/message-list.js';
import type { MastraDBMessage } from '../../../messages/types.js';
import type { MastraLanguageModel } from '../../../models/types.js';

/** What `CompatRule.applyToPrompt` receives. */
export interface CompatRuleApplyArgs {
  /** The outbound prompt as earlier rules left it. Read-only: return a new prompt to change it. */
  prompt: LanguageModelV2Prompt;
  /** The model about to be called (`provider` such as `'anthropic.messages'`, and `modelId`). */
  model: MastraLanguageModel;
  /** The run's message list, for rules that need the stored history. */
  messageList?: MessageList;
  /**
   * Sluice extension: `true` once one of this rule's `errorPatterns` matched a provider
   * rejection earlier in this run. A rule whose preflight cannot recognise the provider (Claude
   * behind a gateway, say) applies its rewrite when forced, so reactive recovery needs no edit
   * of the stored history. Optional so a rule can be called directly (e.g. in a test); treat
   * `undefined` as `false`. `ProviderHistoryCompat` always sets it.
   */
  forced?: boolean;
}

/**
 * One provider-specific history fix used by `ProviderHistoryCompat`. Give it `applyToPrompt` to
 * rewrite the outbound prompt (transient, before every call and after a reactive retry), `fix`
 * to repair the stored messages after a matching provider error, or both.
 */
export interface CompatRule {
  /** Identifier for logs and for the per-run "forced" mark; unique within one processor. */
  name: string;
  /**
   * Provider rejections this rule can recover from, matched against the error's `message`, an
   * `APICallError`'s `responseBody` and the same fields along the `cause` chain.
   */
  errorPatterns?: readonly RegExp[];
  /**
   * Reactive repair of the stored messages (same objects as the message list holds). Return
   * `true` when something changed, so the call is retried.
   */
  fix?: (messages: MastraDBMessage[]) => boolean;
  /**
   * Pre-emptive rewrite of the outbound prompt. Return a new prompt (never edit the one given,
   * nor its messages or parts) or `undefined` for no change. Must be synchronous.
   */
  applyToPrompt?: (args: CompatRuleApplyArgs) => LanguageModelV2Prompt | undefined;
}
