/**
 * `replayModel(dir)`: a model that answers runs recorded with `recordTo: dir`, offline and
 * deterministically, so a processor change can be regression-tested on real conversations
 * without calling a provider.
 */
import { describeError } from '../errors/error-chain.js';
import { RecordingError, ReplayedFailureError, ReplayMismatchError } from '../errors/recording-errors.js';
import { MASTRA_MODEL_MARKER } from '../models/is-mastra-language-model.js';
import type { MastraLanguageModel, ModelCallOptions, ModelStreamResult } from '../models/types.js';
import {
  decodeParts,
  type RecordedCallFailure,
  type RecordedToolOutcome,
  requestDigest,
  storedRequest,
} from '../tracing/recording-format.js';
import { describePath, findCulprit, firstDifference, preview } from '../tracing/replay-diff.js';
import {
  REPLAY_SOURCE,
  type ReplayCallContext,
  type ReplayRun,
  type ReplaySource,
} from '../tracing/replay-source.js';
import { type LoadedRecording, loadRecordings } from './load-recordings.js';

/** Options of {@link replayModel}. */
export interface ReplayModelOptions {
  /**
   * What happens to the tool calls of a replayed answer. `'replay'` (default): each call gets the
   * result (or error) recorded with it and no tool runs, so the replay needs no network,
   * database or clock. `'run'`: the agent's tools execute as in a live run (their results then
   * reach the next request, which must still match the recording).
   */
  tools?: 'replay' | 'run';
}

/** A model answering from recordings; pass it as an agent's (or a call's) `model`. */
export interface ReplayModel extends MastraLanguageModel {
  /** The recording files it replays, in the order runs are matched against them. */
  readonly recordings: readonly string[];
}

/**
 * A model that replays the runs recorded in `dir` (`recordTo: dir` on the agent or the call).
 *
 * Each run replays one recording: the first, in file-name order (recording time), whose first
 * request has the same digest as the run's first request, preferring recordings no run has
 * replayed yet; when none matches, the first not yet replayed is compared, so the mismatch
 * names its first difference. Every later call of the run must match the next recorded call.
 * A request that differs fails the run with `ReplayMismatchError` (`REPLAY_MISMATCH`), naming
 * the call, the prompt message and part (or setting), expected and actual values, and the
 * processor whose change produced the difference.
 *
 * A recorded call that failed fails the same way (`ReplayedFailureError`,
 * `REPLAY_RECORDED_FAILURE`, naming the recording and the recorded error): a provider failure
 * reaches the run as a `ProviderCallError` caused by it, after the parts the recorded answer had
 * before it broke off; a call the recorded run was aborted in ends the run with it.
 *
 * The recordings are read now; a folder without any (or with an unreadable one) throws
 * `RecordingError` (`REPLAY_RECORDING_INVALID`). Versions 1 and 2 are read.
 */
export function replayModel(dir: string, options: ReplayModelOptions = {}): ReplayModel {
  const tools = options.tools ?? 'replay';
  if (tools !== 'replay' && tools !== 'run') {
    throw new RecordingError(
      'REPLAY_RECORDING_INVALID',
      `replayModel: "tools" is ${preview(tools, 40)}; pass 'replay' (recorded results, the default) or 'run' (execute the tools).`,
      dir,
    );
  }
  const loaded = loadRecordings(dir);
  const first = loaded[0]?.recording.calls[0];
  const source: ReplaySource = { startRun: () => new RecordingReplay(loaded, tools) };
  // Outside an agent (a direct doStream), calls follow one shared replay, run after run.
  let direct: RecordingReplay | undefined;
  const answer = async (request: ModelCallOptions): Promise<ModelStreamResult> => {
    if (direct === undefined || direct.done) direct = new RecordingReplay(loaded, tools);
    return direct.call(request, { stepNumber: direct.position, hooks: [] });
  };
  const model: ReplayModel & { [MASTRA_MODEL_MARKER]: true; [REPLAY_SOURCE]: ReplaySource } = {
    [MASTRA_MODEL_MARKER]: true,
    [REPLAY_SOURCE]: source,
    specificationVersion: 'v2',
    // The recorded model's names, so usage and cost records read as the recorded run's.
    provider: first?.provider ?? 'replay',
    modelId: first?.modelId ?? 'replay',
    recordings: loaded.map((r) => r.file),
    supportedUrls: async () => ({}),
    doStream: answer,
    doGenerate: answer,
    get original() {
      return model;
    },
  };
  return model;
}

/** One run's replay of one recording. */
class RecordingReplay implements ReplayRun {
  readonly #all: readonly LoadedRecording[];
  readonly #tools: 'replay' | 'run';
  #current: LoadedRecording | undefined;
  #next = 0;
  #lastOutcomes: ReadonlyArray<RecordedToolOutcome | null> | undefined;

  constructor(all: readonly LoadedRecording[], tools: 'replay' | 'run') {
    this.#all = all;
    this.#tools = tools;
  }

  /** The index of the next call. */
  get position(): number {
    return this.#next;
  }

  /** Every recorded call was answered. */
  get done(): boolean {
    return this.#current !== undefined && this.#next >= this.#current.recording.calls.length;
  }

  call(request: ModelCallOptions, context: ReplayCallContext): ModelStreamResult {
    const stored = storedRequest(request);
    const digest = requestDigest(stored);
    this.#current ??= this.#choose(digest);
    const loaded = this.#current;
    const calls = loaded.recording.calls;
    const index = this.#next++;
    const recorded = calls[index];
    if (recorded === undefined) {
      const ended = loaded.recording.status;
      if (ended === 'aborted') {
        throw new ReplayedFailureError(
          `Replayed failure: recording ${loaded.file} ends where its run was aborted, after ${calls.length} model call${calls.length === 1 ? '' : 's'}; the run made model call ${index + 1} (step ${context.stepNumber}). A replay cannot go past where the recorded run stopped: record the run again without aborting it.`,
          loaded.recording.error ?? { name: 'AbortError', message: 'The run was aborted.' },
          true,
          { file: loaded.file, call: index, stepNumber: context.stepNumber },
        );
      }
      throw new ReplayMismatchError(
        `Replay mismatch: the run made model call ${index + 1} (step ${context.stepNumber}), but recording ${loaded.file} holds ${calls.length} call${calls.length === 1 ? '' : 's'}${ended === 'failed' ? ` (its run failed there: ${describeRecordedError(loaded.recording.error)})` : ''}. A processor or setting now makes the run take more steps than the recorded one (check maxSteps and processors that retry or add tool calls), or record the run again with recordTo.`,
        { file: loaded.file, call: index, stepNumber: context.stepNumber, recordedCalls: calls.length },
      );
    }
    if (recorded.digest !== digest) {
      const difference = firstDifference(recorded.request, stored);
      if (difference !== undefined) {
        const where = describePath(
          difference.path,
          difference.actual === undefined ? recorded.request : stored,
        );
        const culprit = findCulprit(difference, context.hooks, context.stepNumber);
        const by =
          culprit === undefined
            ? this.#tools === 'run' && roleAt(stored, difference.path) === 'tool'
              ? "no processor changed the conversation: a tool returned another result than in the recorded run (tools: 'run')"
              : 'no processor changed the conversation: the input, the instructions, the tools or the call options differ from the recorded run'
            : `processor "${culprit.processorId}" (${culprit.hook}${culprit.stepNumber !== undefined ? `, step ${culprit.stepNumber}` : ''})${
                culprit.evidence === 'content'
                  ? ': its change put this difference in the conversation'
                  : ': no hook changed this value itself; this is the last processor that changed the conversation (or rewrote the prompt) before the call'
              }`;
        throw new ReplayMismatchError(
          `Replay mismatch in model call ${index + 1} of ${calls.length} (step ${context.stepNumber}) of recording ${loaded.file}: ${where} differs.\n` +
            `  expected: ${preview(difference.expected)}\n` +
            `  actual:   ${preview(difference.actual)}\n` +
            `  produced by: ${by}.\n` +
            'If the change is intended, record the run again (recordTo); otherwise fix the change.',
          {
            file: loaded.file,
            call: index,
            stepNumber: context.stepNumber,
            path: difference.path,
            expected: difference.expected,
            actual: difference.actual,
            ...(culprit !== undefined ? { processorId: culprit.processorId, hook: culprit.hook } : {}),
          },
        );
      }
    }
    loaded.replays += index === 0 ? 1 : 0;
    this.#lastOutcomes = recorded.toolResults;
    // Fresh objects on every call: the run may edit what it is handed, the recording stays.
    let parts: unknown[];
    try {
      parts = decodeParts(recorded.response);
    } catch (error) {
      throw new RecordingError(
        'REPLAY_RECORDING_INVALID',
        `replayModel: the response of call ${index + 1} in ${loaded.file} cannot be read: ${describeError(error)}. Record the run again.`,
        loaded.file,
        error,
      );
    }
    const failure = recorded.failure;
    const failed =
      failure === undefined
        ? undefined
        : replayedFailure(loaded.file, index, calls.length, context.stepNumber, failure);
    // Refused, or cut off by an abort: nothing of the answer is handed on.
    if (failed !== undefined && (failure?.during === 'request' || failed.aborted)) throw failed;
    let i = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if (i < parts.length) controller.enqueue(parts[i++]);
        else if (failed !== undefined) controller.error(failed);
        else controller.close();
      },
    });
    return { stream };
  }

  cacheServed(request: ModelCallOptions): void {
    const digest = requestDigest(storedRequest(request));
    this.#current ??= this.#choose(digest);
    const loaded = this.#current;
    if (loaded.recording.calls[this.#next]?.digest !== digest) return;
    loaded.replays += this.#next === 0 ? 1 : 0;
    this.#next++;
    this.#lastOutcomes = undefined;
  }

  toolOutcomes(): ReadonlyArray<RecordedToolOutcome | null> | undefined {
    return this.#tools === 'replay' ? this.#lastOutcomes : undefined;
  }

  /** The recording a run whose first request has `digest` replays (see {@link replayModel}). */
  #choose(digest: string): LoadedRecording {
    const fresh = this.#all.filter((r) => r.replays === 0);
    const order = [...fresh, ...this.#all.filter((r) => r.replays > 0)];
    return order.find((r) => r.recording.calls[0]?.digest === digest) ?? (order[0] as LoadedRecording);
  }
}

/** A recorded error in one line: name, code, HTTP status and message (quoted, cut when long). */
function describeRecordedError(error: RecordedCallFailure['error'] | undefined): string {
  if (error === undefined) return 'no error recorded';
  const code = error.code !== undefined ? ` ${preview(error.code, 60)}` : '';
  const status = error.statusCode !== undefined ? ` (HTTP ${error.statusCode})` : '';
  return `${preview(error.name, 60)}${code}${status}: ${preview(error.message, 300)}`;
}

/** The error a replay raises for a recorded call's failure. */
function replayedFailure(
  file: string,
  index: number,
  count: number,
  stepNumber: number,
  failure: RecordedCallFailure,
): ReplayedFailureError {
  const where = `model call ${index + 1} of ${count} (step ${stepNumber}) of recording ${file}`;
  const message = failure.aborted
    ? `Replayed failure: the recorded run was aborted during ${where}. A replay cannot go past where the recorded run stopped: record the run again without aborting it.`
    : `Replayed failure: ${where} failed when it was recorded${failure.during === 'stream' ? ', after part of its answer' : ''}: ${describeRecordedError(failure.error)}. The replay fails the same way; record a run that succeeds to replay an answer.`;
  return new ReplayedFailureError(message, failure.error, failure.aborted, { file, call: index, stepNumber });
}

/** The role of the prompt message `path` points into, if it does. */
function roleAt(request: unknown, path: ReadonlyArray<string | number>): string | undefined {
  if (path[0] !== 'prompt' || typeof path[1] !== 'number') return undefined;
  const role = (request as { prompt?: Array<{ role?: unknown }> }).prompt?.[path[1]]?.role;
  return typeof role === 'string' ? role : undefined;
}
