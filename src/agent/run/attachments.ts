/**
 * Model-call failures and the attachments behind some of them. Failures of the model call itself
 * (not of a processor or tool), with the provider's own error, are marked here: these, and only
 * these, go to the error processors.
 */
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import type { ResolvedDownloadPolicy } from '../../downloads/policy.js';
import { DownloadAssetsError } from '../../errors/download-assets-error.js';
import type { MessageList } from '../../messages/message-list.js';
import { normalizeUrl } from '../../messages/unavailable-attachments.js';
import type { MastraLanguageModel } from '../../models/types.js';
import { markAttachmentUnavailable, withoutUnavailableFiles } from '../attachment-fallback.js';
import { type DownloadedAttachment, downloadAttachments, hasUrlFileParts } from '../download-attachments.js';

/** Which errors are model-call failures, and the provider error each carries. */
export class ApiFailures {
  readonly #failures = new WeakMap<object, unknown>();

  /** Marks `failure` as a model-call failure caused by `providerError`; returns it. */
  mark(failure: Error, providerError: unknown): Error {
    this.#failures.set(failure, providerError);
    return failure;
  }

  /** The provider error of a marked failure; `undefined` for any other error. */
  providerErrorOf(error: unknown): unknown {
    return typeof error === 'object' && error !== null ? this.#failures.get(error) : undefined;
  }
}

/**
 * Attachments no error processor could recover in this run (normalized URLs) get a placeholder;
 * downloads that worked are kept for the run's later attempts and steps.
 */
export class RunAttachments {
  readonly #unavailable = new Set<string>();
  readonly #downloads = new Map<string, DownloadedAttachment>();
  readonly #policy: ResolvedDownloadPolicy | undefined;
  readonly #abortSignal: AbortSignal | undefined;
  readonly #failures: ApiFailures;

  constructor(
    policy: ResolvedDownloadPolicy | undefined,
    abortSignal: AbortSignal | undefined,
    failures: ApiFailures,
  ) {
    this.#policy = policy;
    this.#abortSignal = abortSignal;
    this.#failures = failures;
  }

  /** Download what the model cannot fetch itself; a failure is a model-call failure. */
  async fetch(prompt: LanguageModelV2Prompt, model: MastraLanguageModel): Promise<LanguageModelV2Prompt> {
    const unavailable = this.#unavailable;
    const outbound = unavailable.size > 0 ? withoutUnavailableFiles(prompt, unavailable) : prompt;
    if (!hasUrlFileParts(outbound)) return outbound;
    try {
      return await downloadAttachments(outbound, {
        supportedUrls: await model.supportedUrls(),
        policy: this.#policy,
        abortSignal: this.#abortSignal,
        cache: this.#downloads,
      });
    } catch (error) {
      throw error instanceof DownloadAssetsError ? this.#failures.mark(error, error) : error;
    }
  }

  /** Every URL that failed in the round gets its placeholder, in the prompt and the conversation. */
  giveUp(failure: DownloadAssetsError, list: MessageList): void {
    for (const failed of [failure, ...failure.alsoFailed]) {
      this.#unavailable.add(normalizeUrl(failed.details.url));
      markAttachmentUnavailable(list, failed.details.url);
      console.warn(
        `[sluice] ${failed.message} No error processor recovered it; the model gets "[Attachment unavailable: ${failed.details.name}]" instead.`,
      );
    }
  }
}
