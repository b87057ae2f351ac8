/** The longest delay `setTimeout` honours; a longer one fires at once (Node clamps it to 1 ms). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** True for a delay a timer can wait: a positive number of milliseconds up to {@link MAX_TIMER_MS}. */
export function isTimerMs(value: unknown): value is number {
  return typeof value === 'number' && value > 0 && value <= MAX_TIMER_MS;
}

/** True for a whole number of milliseconds a timer can wait: an integer from 1 to {@link MAX_TIMER_MS}. */
export function isWholeTimerMs(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_TIMER_MS;
}
