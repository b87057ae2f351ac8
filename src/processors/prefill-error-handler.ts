import type { AgentSignalInput, ProcessAPIErrorArgs, ProcessAPIErrorResult, Processor } from './types.js';

/** Provider wordings for "the request may not end with an assistant turn". */
const PREFILL_REJECTIONS: readonly RegExp[] = [
  // Anthropic: "This model does not support assistant message prefill. The conversation must end with a user message."
  /does not support assistant message prefill/i,
  /assistant response prefill is incompatible with enable[_\s-]?thinking/i,
  // Wording of providers whose assistant role is called "model".
  /requests ending with a model turn are not supported/i,
];

/** How many `cause` links below the thrown error are inspected. */
const MAX_CAUSE_DEPTH = 5;

/**
 * The reminder sent before the retry. Transient, so the retried call ends with a user turn
 * while the stored conversation stays exactly as it was.
 */
const CONTINUE_SIGNAL: AgentSignalInput = {
  type: 'reactive',
  contents: 'continue',
  tagName: 'system-reminder',
  attributes: { type: 'anthropic-prefill-processor-retry' },
  transient: true,
};

/** The texts a provider error carries: its message, an HTTP body, a nested stream-error message. */
function textsOf(link: unknown): string[] {
  if (typeof link === 'string') return [link];
  if (typeof link !== 'object' || link === null) return [];
  const record = link as Record<string, unknown>;
  const texts: string[] = [];
  if (typeof record.message === 'string') texts.push(record.message);
  // APICallError keeps the provider's raw reply here; the wording is often only in it.
  if (typeof record.responseBody === 'string') texts.push(record.responseBody);
  // Raw stream error events (`{ type: 'error', error: { message } }`) nest the message.
  const nested = record.error;
  if (typeof nested === 'object' && nested !== null) {
    const message = (nested as Record<string, unknown>).message;
    if (typeof message === 'string') texts.push(message);
  }
  return texts;
}

/** True when the error, or a cause below it, is a prefill rejection. */
function isPrefillRejection(error: unknown): boolean {
  let link: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH && link !== undefined && link !== null; depth++) {
    if (textsOf(link).some((text) => PREFILL_REJECTIONS.some((pattern) => pattern.test(text)))) return true;
    link = typeof link === 'object' ? (link as { cause?: unknown }).cause : undefined;
  }
  return false;
}

/**
 * Recovers from "assistant message prefill" rejections (Anthropic, and providers with the
 * same rule): when a request ends with an assistant turn the model refuses to continue it.
 *
 * On the first such error of a run it sends a transient `continue` reminder, so the retried
 * call ends with a user turn, and asks for a retry. Stored history is left untouched. One of
 * the agent's default error processors; needs no configuration.
 */
export class PrefillErrorHandler implements Processor<'prefill-error-handler'> {
  readonly id = 'prefill-error-handler';
  readonly name = 'Prefill Error Handler';
  readonly description =
    'Retries once with a transient "continue" reminder when the provider refuses an assistant-prefill request.';

  /** Retry with a transient `continue` reminder after the first prefill rejection. */
  async processAPIError({
    error,
    retryCount,
    sendSignal,
  }: ProcessAPIErrorArgs): Promise<ProcessAPIErrorResult | undefined> {
    // A second rejection means the reminder did not help; retrying again would loop.
    if (retryCount !== 0 || !isPrefillRejection(error)) return undefined;
    // Without a signal channel the retried request would still end with the assistant turn
    // and fail the same way, only spending the retry budget. Editing the stored messages
    // instead would persist a fake user turn, so let the error surface.
    if (!sendSignal) return undefined;
    await sendSignal({ ...CONTINUE_SIGNAL, attributes: { ...CONTINUE_SIGNAL.attributes } });
    return { retry: true };
  }
}
