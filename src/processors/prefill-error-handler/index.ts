import { errorTexts } from '../../errors/error-chain.js';
import type {
  AgentSignalInput,
  ProcessAPIErrorArgs,
  ProcessAPIErrorResult,
  Processor,
  ProcessorState,
} from '../../pipeline/types.js';
import { withHookDefaults } from '../direct-call/index.js';

/** Provider wordings for "the request may not end with an assistant turn". */
const PREFILL_REJECTIONS: readonly RegExp[] = [
  // Anthropic: "This model does not support assistant message prefill. The conversation must end with a user message."
  /does not support assistant message prefill/i,
  /assistant response prefill is incompatible with enable[_\s-]?thinking/i,
  // Wording of providers whose assistant role is called "model".
  /requests ending with a model turn are not supported/i,
];

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

/** True when the error, or something it wraps (see `errorChain`), is a prefill rejection. */
function isPrefillRejection(error: unknown): boolean {
  return errorTexts(error).some((text) => PREFILL_REJECTIONS.some((pattern) => pattern.test(text)));
}

/** What the handler keeps in its per-run `state`. */
interface PrefillState extends ProcessorState {
  /** The step whose prefill rejection was already answered with a reminder and a retry. */
  retriedStep?: number;
}

/**
 * Recovers from "assistant message prefill" rejections (Anthropic, and providers with the
 * same rule): when a request ends with an assistant turn the model refuses to continue it.
 *
 * On such an error it sends a transient `continue` reminder, so the retried call ends with a
 * user turn, and asks for a retry — at most once per step: a second rejection in the same step
 * means the reminder did not help. Earlier retries in the run (a dropped connection, say) do
 * not stop it; the agent's error-retry budget still caps the run. Stored history is left
 * untouched. One of the agent's default error processors; needs no configuration.
 */
export class PrefillErrorHandler implements Processor<'prefill-error-handler'> {
  /** `'prefill-error-handler'`. */
  readonly id = 'prefill-error-handler' as const;
  /** `'Prefill Error Handler'`. */
  readonly name = 'Prefill Error Handler';
  /** One line for logs and traces. */
  readonly description =
    'Retries once per step with a transient "continue" reminder when the provider refuses an assistant-prefill request.';

  /** Retry with a transient `continue` reminder after a step's first prefill rejection. */
  async processAPIError(args: ProcessAPIErrorArgs): Promise<ProcessAPIErrorResult | undefined> {
    const { error, state, sendSignal } = withHookDefaults(this, args);
    const stepNumber = args.stepNumber ?? 0;
    const handlerState = state as PrefillState;
    // A second rejection in the step means the reminder did not help; retrying again would loop.
    if (handlerState.retriedStep === stepNumber || !isPrefillRejection(error)) return undefined;
    // Without a signal channel the retried request would still end with the assistant turn
    // and fail the same way, only spending the retry budget. Editing the stored messages
    // instead would persist a fake user turn, so let the error surface.
    if (!sendSignal) return undefined;
    await sendSignal({ ...CONTINUE_SIGNAL, attributes: { ...CONTINUE_SIGNAL.attributes } });
    handlerState.retriedStep = stepNumber;
    return { retry: true };
  }
}
