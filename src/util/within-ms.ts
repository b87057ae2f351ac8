/** What {@link withinMs} resolves to when the time ran out first. */
export const TIMED_OUT: unique symbol = Symbol('timed-out');

/**
 * `promise`'s value, or {@link TIMED_OUT} once `ms` have passed, whichever comes first; a rejection
 * before then rejects. The timer never keeps the process alive and is cleared either way, and a
 * rejection of the abandoned promise after the deadline stays handled (no unhandled rejection).
 */
export async function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(resolve, ms, TIMED_OUT);
    timer.unref?.();
  });
  promise.catch(() => undefined);
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
