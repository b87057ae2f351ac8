import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Writes SSE frames one at a time, waiting `delayMs` before every frame after the first.
 * Every wait ends early when `signal` aborts (client gone or server closing), so no timer outlives a request.
 */
export class FrameWriter {
  #written = 0;

  constructor(
    private readonly res: ServerResponse,
    private readonly delayMs: number,
    private readonly signal: AbortSignal,
  ) {}

  /** Writes one frame once it is flushed to the socket; false when the connection is gone. */
  async write(frame: string): Promise<boolean> {
    if (this.#written > 0 && this.delayMs > 0 && !(await pause(this.delayMs, this.signal))) return false;
    if (!this.isOpen()) return false;
    this.#written++;
    // Waiting for the flush callback matters for resets: the frames must reach the client before the socket dies.
    return new Promise<boolean>((resolve) => {
      const onAbort = () => resolve(false);
      this.signal.addEventListener('abort', onAbort, { once: true });
      this.res.write(frame, (error) => {
        this.signal.removeEventListener('abort', onAbort);
        resolve(error == null);
      });
    });
  }

  /** Writes frames in order; false as soon as the connection is gone. */
  async writeAll(frames: readonly string[]): Promise<boolean> {
    for (const frame of frames) {
      if (!(await this.write(frame))) return false;
    }
    return true;
  }

  private isOpen(): boolean {
    return !this.signal.aborted && !this.res.destroyed && !this.res.writableEnded;
  }
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
export async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

/** Resolves when `signal` aborts: used to hang until the client gives up or the server closes. */
export function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
