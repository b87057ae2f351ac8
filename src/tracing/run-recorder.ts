/**
 * `recordTo`: keeps what a replay needs while the run goes (each model call's request and every
 * response part, each tool's outcome) and writes it as one file when the run ends. The file is
 * written whole or not at all: a temporary file, flushed, then renamed into place. Failed and
 * aborted runs are written too, with their error and the calls up to the failure.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describeError } from '../errors/error-chain.js';
import { RecordingError } from '../errors/recording-errors.js';
import type { MastraLanguageModel, ModelCallOptions, ModelStreamResult } from '../models/types.js';
import type { ToolCallOutcome } from '../tools/types.js';
import {
  encode,
  type RecordedCall,
  type RecordedError,
  type RecordedToolOutcome,
  RUN_RECORDING_FORMAT,
  RUN_RECORDING_SUFFIX,
  RUN_RECORDING_VERSION,
  type RunRecording,
  recordedError,
  requestDigest,
  storedRequest,
} from './recording-format.js';

/** One run's recording in progress. Made only when the run has `recordTo`. */
export class RunRecorder {
  readonly #dir: string;
  readonly #agentId: string;
  readonly #runId: string;
  readonly #started = Date.now();
  readonly #calls: RecordedCall[] = [];
  /** The first value that could not be recorded: the run then writes no recording. */
  #failure: unknown;
  /** The run ended: what happens after (a provider answering late) is not the run's. */
  #finished = false;

  constructor(dir: string, agentId: string, runId: string) {
    this.#dir = dir;
    this.#agentId = agentId;
    this.#runId = runId;
  }

  /**
   * A model call starts: its request is recorded now (later edits to the prompt objects cannot
   * change it), before the model answers, so a call the run was aborted in is in the recording
   * too. `cacheServed`: a response cache answers it, not the model. `undefined` when the
   * request cannot be stored (the run then writes no recording).
   */
  startCall(
    model: MastraLanguageModel,
    stepNumber: number,
    request: ModelCallOptions,
    cacheServed: boolean,
  ): RecordingCall | undefined {
    if (this.#finished) return undefined;
    let stored: unknown;
    try {
      stored = storedRequest(request);
    } catch (error) {
      this.#failure ??= error;
      return undefined;
    }
    const entry: RecordedCall = {
      stepNumber,
      provider: model.provider,
      modelId: model.modelId,
      digest: requestDigest(stored),
      request: stored,
      response: [],
    };
    if (cacheServed) entry.cacheServed = true;
    this.#calls.push(entry);
    return new RecordingCall(entry, (error) => {
      this.#failure ??= error;
    });
  }

  /**
   * The outcomes of the tools the last model call asked for, by call position (`undefined`
   * where the run executed none), as `execute` returned them.
   */
  toolOutcomes(outcomes: ReadonlyArray<ToolCallOutcome | undefined>): void {
    const call = this.#calls.at(-1);
    if (call === undefined || this.#finished) return;
    try {
      call.toolResults = outcomes.map((outcome) => (outcome === undefined ? null : stored(outcome)));
    } catch (error) {
      this.#failure ??= error;
    }
  }

  /**
   * The run ended: it is written whatever the outcome. A failed or aborted run keeps its error
   * and every call up to the failure; a call the abort cut off (no finish part, no failure of its
   * own) is marked as aborted, so a replay stops there. Returns the error when the recording
   * could not be written; no partial file is left behind.
   */
  async finish(status: RunRecording['status'], error?: unknown): Promise<RecordingError | undefined> {
    this.#finished = true;
    const file = join(this.#dir, `${this.#started}-${safeName(this.#runId)}${RUN_RECORDING_SUFFIX}`);
    if (this.#failure !== undefined) {
      return new RecordingError(
        'RECORDING_WRITE_FAILED',
        `recordTo: the run's recording was not written to ${file}: ${describeError(this.#failure)}. Nothing was written; record a run whose messages and tool results are plain data.`,
        file,
        this.#failure,
      );
    }
    const recording: RunRecording = {
      format: RUN_RECORDING_FORMAT,
      version: RUN_RECORDING_VERSION,
      agentId: this.#agentId,
      runId: this.#runId,
      startedAt: new Date(this.#started).toISOString(),
      status,
      calls: this.#calls,
    };
    if ((status === 'failed' || status === 'aborted') && error !== undefined) {
      recording.error = recordedError(error);
    }
    if (status === 'aborted') markAborted(this.#calls.at(-1), recording.error);
    // The text now, before any await: a provider answering after an abort changes nothing in it.
    let text: string;
    try {
      text = JSON.stringify(recording);
    } catch (failure) {
      return new RecordingError(
        'RECORDING_WRITE_FAILED',
        `recordTo: the run's recording was not written to ${file}: ${describeError(failure)}. Nothing was written; record a run whose messages and tool results are plain data.`,
        file,
        failure,
      );
    }
    const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      // Recordings hold raw prompts, answers and tool results: readable by their owner only.
      await mkdir(this.#dir, { recursive: true, mode: 0o700 });
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, file);
      return undefined;
    } catch (error) {
      await unlink(temp).catch(() => {});
      return new RecordingError(
        'RECORDING_WRITE_FAILED',
        `recordTo: the run's recording could not be written to ${file}: ${describeError(error)}. Nothing was written; point recordTo at a folder this process can create and write.`,
        file,
        error,
      );
    }
  }
}

/** One model call being recorded (see {@link RunRecorder.startCall}). */
export class RecordingCall {
  readonly #entry: RecordedCall;
  readonly #onUnstorable: (error: unknown) => void;

  constructor(entry: RecordedCall, onUnstorable: (error: unknown) => void) {
    this.#entry = entry;
    this.#onUnstorable = onUnstorable;
  }

  /**
   * The model answered: each response part is recorded as the run reads it, and a stream that
   * errors as a call that broke off after the parts read so far. Returns the stream the run
   * reads instead. Read through `stream` (not `raw`): the normalised parts are what a replay
   * hands back.
   */
  answered(source: ModelStreamResult): ModelStreamResult {
    const entry = this.#entry;
    const response = entry.response;
    const onUnstorable = this.#onUnstorable;
    const reader = source.stream.getReader();
    const stream = new ReadableStream<unknown>({
      async pull(controller) {
        let next: Awaited<ReturnType<typeof reader.read>>;
        try {
          next = await reader.read();
        } catch (error) {
          entry.failure ??= { during: 'stream', aborted: false, error: recordedError(error) };
          controller.error(error);
          return;
        }
        if (next.done) {
          controller.close();
          return;
        }
        try {
          response.push(encode(next.value));
        } catch (error) {
          onUnstorable(error);
        }
        controller.enqueue(next.value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    const tapped: ModelStreamResult = { stream: stream as ModelStreamResult['stream'] };
    if (source.request !== undefined) tapped.request = source.request;
    if (source.response !== undefined) tapped.response = source.response;
    return tapped;
  }

  /** The model refused the call (after its own retries): `error` is what it threw. */
  refused(error: unknown): void {
    this.#entry.failure ??= { during: 'request', aborted: false, error: recordedError(error) };
  }
}

/** The last call of an aborted run, when the abort cut it off: marked so a replay stops there. */
function markAborted(call: RecordedCall | undefined, error: RecordedError | undefined): void {
  if (call === undefined) return;
  if (call.failure !== undefined) {
    call.failure.aborted = true;
    return;
  }
  const finished = call.response.some((part) => (part as { type?: unknown } | null)?.type === 'finish');
  if (finished) return;
  call.failure = {
    during: call.response.length === 0 ? 'request' : 'stream',
    aborted: true,
    error: error ?? { name: 'AbortError', message: 'The run was aborted.' },
  };
}

function stored(outcome: ToolCallOutcome): RecordedToolOutcome {
  const entry: RecordedToolOutcome = {
    toolCallId: outcome.toolCallId,
    toolName: outcome.toolName,
    args: encode(outcome.args),
  };
  if (outcome.ok) entry.result = encode(outcome.result);
  else {
    entry.error = outcome.error.message;
    entry.errorCode = outcome.error.code;
  }
  return entry;
}

/**
 * A run id as a file name: letters, digits, `-` and `_` only, at most 64 characters. The id
 * may come from the caller (`runId`), so it must not reach outside the folder (`../`).
 */
function safeName(runId: string): string {
  let out = '';
  for (let i = 0; i < runId.length && out.length < 64; i++) {
    const c = runId.charCodeAt(i);
    const safe =
      (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95;
    out += safe ? runId[i] : '_';
  }
  return out === '' ? 'run' : out;
}
