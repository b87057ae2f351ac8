/**
 * `recordTo`: keeps what a replay needs while the run goes (each model call's request and every
 * response part, each tool's outcome) and writes it as one file when the run ends. The file is
 * written whole or not at all: a temporary file, flushed, then renamed into place.
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
  type RecordedToolOutcome,
  RUN_RECORDING_FORMAT,
  RUN_RECORDING_SUFFIX,
  RUN_RECORDING_VERSION,
  type RunRecording,
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

  constructor(dir: string, agentId: string, runId: string) {
    this.#dir = dir;
    this.#agentId = agentId;
    this.#runId = runId;
  }

  /**
   * Record one model call: the request now (later edits to the prompt objects cannot change
   * it), and each response part as the run reads it. Returns the stream the run reads instead.
   */
  call(
    model: MastraLanguageModel,
    stepNumber: number,
    request: ModelCallOptions,
    source: ModelStreamResult,
  ): ModelStreamResult {
    let stored: unknown;
    try {
      stored = storedRequest(request);
    } catch (error) {
      this.#failure ??= error;
      return source;
    }
    const response: unknown[] = [];
    this.#calls.push({
      stepNumber,
      provider: model.provider,
      modelId: model.modelId,
      digest: requestDigest(stored),
      request: stored,
      response,
    });
    const recordPart = (part: unknown) => {
      try {
        response.push(encode(part));
      } catch (error) {
        this.#failure ??= error;
      }
    };
    // Read through `stream` (not `raw`): the normalised parts are what a replay hands back.
    const stream = source.stream.pipeThrough(
      new TransformStream({
        transform(part, controller) {
          recordPart(part);
          controller.enqueue(part);
        },
      }),
    );
    const tapped: ModelStreamResult = { stream };
    if (source.request !== undefined) tapped.request = source.request;
    if (source.response !== undefined) tapped.response = source.response;
    return tapped;
  }

  /**
   * The outcomes of the tools the last model call asked for, by call position (`undefined`
   * where the run executed none), as `execute` returned them.
   */
  toolOutcomes(outcomes: ReadonlyArray<ToolCallOutcome | undefined>): void {
    const call = this.#calls.at(-1);
    if (call === undefined) return;
    try {
      call.toolResults = outcomes.map((outcome) => (outcome === undefined ? null : stored(outcome)));
    } catch (error) {
      this.#failure ??= error;
    }
  }

  /**
   * The run ended. A run that succeeded or ended on a tripwire is written; a failed or aborted
   * run writes nothing (its last call has no complete answer to replay). Returns the error
   * when the recording could not be written; no partial file is left behind.
   */
  async finish(status: 'success' | 'failed' | 'tripwire' | 'aborted'): Promise<RecordingError | undefined> {
    if (status !== 'success' && status !== 'tripwire') return undefined;
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
    const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(this.#dir, { recursive: true });
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(JSON.stringify(recording));
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
