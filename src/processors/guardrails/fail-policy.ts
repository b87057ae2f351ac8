import { TripWire, type TripWireOptions } from '../../errors/tripwire.js';
import { GuardrailTimeoutError } from './errors.js';

/** Why a check did not give a verdict. */
export type GuardrailFailureKind = 'timeout' | 'check-failed';

/** A check that failed or timed out, as reported to `onFailure` and in strict tripwire metadata. */
export interface GuardrailFailure {
  processorId: string;
  kind: GuardrailFailureKind;
  /** The error: a `GuardrailTimeoutError`, a `GuardrailCheckError`, or what the check threw. */
  error: unknown;
  /** The error's message. */
  message: string;
  /** The policy that was applied. */
  errorStrategy: 'warn' | 'strict';
}

/** Tripwire metadata of a strict guardrail whose check failed. */
export interface GuardrailFailureTripwireMetadata {
  processorId: string;
  failure: GuardrailFailureKind;
  errorStrategy: 'strict';
  message: string;
  code?: string;
}

/** Options of {@link runWithFailPolicy}. */
export interface FailPolicyOptions {
  processorId: string;
  /** `'warn'` fails open (content goes through, a warning is reported); `'strict'` fails closed. */
  errorStrategy: 'warn' | 'strict';
  /** Budget of the check in milliseconds; none when unset. */
  timeoutMs?: number;
  /** The run's signal: its abort is passed on and rethrown as is, never treated as a failure. */
  abortSignal?: AbortSignal;
  /** The hook's `abort()`: how `'strict'` ends the run. Without it, strict rethrows the error. */
  abort?: (reason?: string, options?: TripWireOptions<GuardrailFailureTripwireMetadata>) => never;
  /** Called on every failure, both strategies (the class reports `onViolation` detail here); errors are swallowed. */
  onFailure?: (failure: GuardrailFailure) => void | Promise<void>;
  /**
   * Failure kinds already warned about (keep one set per processor instance): the console
   * warning is written once per kind, not once per check. Without it every failure warns.
   */
  warned?: Set<GuardrailFailureKind>;
  /** Where warnings go. Default `console.warn`. */
  warn?: (message: string) => void;
}

/** Outcome of {@link runWithFailPolicy} when it returns. */
export type FailPolicyResult<T> =
  | { ok: true; value: T }
  | { ok: false; error: unknown; failure: GuardrailFailure };

/**
 * Runs one guardrail check inside its time budget and applies the fail policy.
 *
 * The check receives a signal that fires when the budget runs out or the run aborts; a check
 * that ignores it is still abandoned at the deadline. When the check fails or times out:
 * - `errorStrategy: 'warn'` (fail open): `onFailure` is told, a warning is written (once per
 *   failure kind with `warned`), and `{ ok: false, error }` is returned; the caller lets the
 *   content through.
 * - `errorStrategy: 'strict'` (fail closed): `onFailure` is told, then the run ends through
 *   `abort()` with {@link GuardrailFailureTripwireMetadata} naming the failure.
 * The run's own abort is rethrown unchanged.
 */
export async function runWithFailPolicy<T>(
  options: FailPolicyOptions,
  check: (signal: AbortSignal) => T | Promise<T>,
): Promise<FailPolicyResult<T>> {
  const { processorId, timeoutMs, abortSignal } = options;
  abortSignal?.throwIfAborted();
  const controller = new AbortController();
  const onRunAbort = () => controller.abort(abortSignal?.reason);
  abortSignal?.addEventListener('abort', onRunAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const running = Promise.resolve().then(() => check(controller.signal));
    running.catch(() => {});
    // The check is abandoned when the budget runs out or the run aborts, even if it ignores its signal.
    const value = await new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(controller.signal.reason);
      if (controller.signal.aborted) return onAbort();
      controller.signal.addEventListener('abort', onAbort, { once: true });
      if (timeoutMs !== undefined) {
        timer = setTimeout(
          () => controller.abort(new GuardrailTimeoutError(processorId, timeoutMs)),
          timeoutMs,
        );
      }
      running.then(resolve, reject);
    });
    return { ok: true, value };
  } catch (error) {
    if (abortSignal?.aborted) throw abortSignal.reason;
    // A tripwire raised inside the check (a block verdict) is not a failure of the check.
    if (TripWire.isInstance(error)) throw error;
    const failure: GuardrailFailure = {
      processorId,
      kind: GuardrailTimeoutError.isInstance(error) ? 'timeout' : 'check-failed',
      error,
      message: error instanceof Error ? error.message : String(error),
      errorStrategy: options.errorStrategy,
    };
    await report(options, failure);
    if (options.errorStrategy === 'strict') {
      const metadata: GuardrailFailureTripwireMetadata = {
        processorId,
        failure: failure.kind,
        errorStrategy: 'strict',
        message: failure.message,
      };
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code === 'string') metadata.code = code;
      if (options.abort === undefined) throw error;
      return options.abort(
        failure.kind === 'timeout'
          ? `${processorId}: the guardrail check timed out (errorStrategy 'strict' fails closed).`
          : `${processorId}: the guardrail check failed (errorStrategy 'strict' fails closed): ${failure.message}`,
        { metadata },
      );
    }
    return { ok: false, error, failure };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    abortSignal?.removeEventListener('abort', onRunAbort);
  }
}

async function report(options: FailPolicyOptions, failure: GuardrailFailure): Promise<void> {
  try {
    await options.onFailure?.(failure);
  } catch {
    // A failing reporter never changes the policy's outcome.
  }
  if (options.errorStrategy !== 'warn') return;
  if (options.warned?.has(failure.kind)) return;
  options.warned?.add(failure.kind);
  const write = options.warn ?? ((message: string) => console.warn(message));
  write(
    `[sluice] ${failure.processorId}: guardrail check ${failure.kind === 'timeout' ? 'timed out' : 'failed'}; content let through (errorStrategy 'warn'). ${failure.message}`,
  );
}
