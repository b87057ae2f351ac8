import { errorTexts } from '../../errors/error-chain.js';
import type {
  ProcessAPIErrorArgs,
  ProcessAPIErrorResult,
  Processor,
  ProcessorState,
} from '../../pipeline/types.js';

/** Provider wordings for "the prompt is longer than the context window". */
const OVERFLOW: readonly RegExp[] = [
  /context[_\s-]?length[_\s-]?exceeded/i,
  /maximum context length/i,
  /context window/i,
  /prompt is too long/i,
  /input is too long/i,
  /too many (input )?tokens/i,
  /exceeds? the (model'?s? )?(maximum|max) (number of )?(input )?tokens/i,
  /request too large/i,
  /reduce the length of the messages/i,
];

/** True when the error (or what it wraps) says the prompt did not fit the context window. */
export function isContextOverflow(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 413) return true;
  return errorTexts(error).some((text) => OVERFLOW.some((pattern) => pattern.test(text)));
}

interface OverflowState extends ProcessorState {
  dropped?: number;
}

/**
 * `memory-context-overflow`, memory's error processor: when the provider rejects a prompt as
 * too long for the context window, the oldest half of the history memory loaded (at least one
 * message) leaves the outbound conversation and the call is retried. A stored tool call and its
 * result live in one message, so they always leave together. Only the prompt shrinks: the
 * stored history is untouched (remembered messages are never re-saved). With no loaded history
 * left it does nothing, and the error stands. Runs after the agent's resolved error processors
 * and is kept when a call passes its own `errorProcessors`. Called directly without a
 * `messageList`, no message counts as loaded history, so it does nothing.
 */
export class ContextOverflowRecovery implements Processor<'memory-context-overflow'> {
  readonly id = 'memory-context-overflow' as const;
  readonly name = 'Memory Context Overflow Recovery';

  /** Drop the oldest loaded history and retry on a context-window rejection. */
  processAPIError({ error, messageList, state }: ProcessAPIErrorArgs): ProcessAPIErrorResult | undefined {
    if (!isContextOverflow(error) || messageList === undefined) return undefined;
    const remembered = messageList.get.remembered.db();
    if (remembered.length === 0) return undefined;
    const drop = Math.max(1, Math.ceil(remembered.length / 2));
    messageList.removeByIds(remembered.slice(0, drop).map((m) => m.id));
    const own = (state ?? {}) as OverflowState;
    own.dropped = (own.dropped ?? 0) + drop;
    return { retry: true };
  }
}
