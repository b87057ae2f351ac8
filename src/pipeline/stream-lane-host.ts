/**
 * What the stream lane (`stream-lane.ts`) needs of the run it serves: the runner's hook scope
 * implements it, so the lane reads the run's context, signals and failures without knowing the
 * runner.
 */
import type { ProcessorHookName } from '../errors/processor-error.js';
import type { MessageList } from '../messages/message-list.js';
import type { ChunkType } from '../stream/chunk-types.js';
import type { HookCallNaming } from './hook-call.js';
import type { RunObserver } from './tracing.js';
import type {
  AgentSignalInput,
  CreatedAgentSignal,
  Processor,
  ProcessorContext,
  ProcessorState,
  ProcessorStreamWriter,
} from './types.js';

/** Context fields shared by every hook of a processor; `tracingContext` is set per call. */
export type HookBase = Omit<ProcessorContext, 'tracingContext' | 'abortSignal'> & { state: ProcessorState };

/** A processor's `sendSignal`. */
export type SendSignal = (signal: AgentSignalInput) => Promise<CreatedAgentSignal>;

/** What the lane needs of the run it serves (the runner). */
export interface StreamLaneHost {
  /** The `retryCount` hooks see; the lane's reused arguments are rebuilt when it moves. */
  readonly retryCount: number;
  /** The step the hook running now belongs to (errors name it). */
  stepNumber: number | undefined;
  /** The run has settled: `writer.emit()` delivers nothing more. */
  readonly ended: boolean;
  readonly callerSignal: AbortSignal | undefined;
  readonly messageList: MessageList;
  readonly writer: ProcessorStreamWriter;
  /** Where emitted chunks go once the processors after the emitter have seen them. */
  readonly deliver: ((chunk: ChunkType) => Promise<void> | undefined) | undefined;
  contextOf(processor: Processor): HookBase;
  senderOf(processor: Processor): SendSignal;
  attachSignal<T extends object>(args: T): T & { abortSignal: AbortSignal };
  /** What a hook's throw becomes (idempotent: an attributed error passes as it is). */
  failure(error: unknown, processor: Processor, hook: ProcessorHookName): unknown;
  naming(processor: Processor, hook: ProcessorHookName): HookCallNaming;
  /** Spans and the run record; `undefined` when neither is on (hooks are then called directly). */
  readonly observer: RunObserver | undefined;
}
