/** Thrown by {@link withAbort} when the signal fires first. */
export class AbortedWhileWaiting extends Error {
  constructor(readonly reason: unknown) {
    super('aborted');
    this.name = 'AbortedWhileWaiting';
  }
}

/**
 * Settle with `promise`, or reject with {@link AbortedWhileWaiting} as soon as `signal` aborts.
 * The abandoned promise's own rejection is swallowed so it cannot surface as unhandled.
 */
export function withAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => {});
      reject(new AbortedWhileWaiting(signal.reason));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
