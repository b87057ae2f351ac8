/**
 * The run record: a versioned JSON account of one run, made for debugging (`record: true`).
 * Every field is plain JSON so a record can be written to a file, attached to a bug report and
 * read back. The format is documented in docs/guide/tracing.md; `version` changes whenever a
 * field changes meaning or is removed.
 */
import type { MessageDiff } from './snapshot.js';

export type { MessageDiff, RecordedMessage, RecordedPartEdit } from './snapshot.js';

/** The run record format's version (see {@link RunRecord.version}). */
export const RUN_RECORD_VERSION = 1 as const;

/** What a hook invocation did, as spans and run records report it. */
export type HookOutcome = 'passed' | 'changed' | 'dropped' | 'aborted' | 'retried' | 'failed';

/** Chunk counts of one stream hook (one processor's `processOutputStream`) over one step. */
export interface RecordedChunkCounts {
  /** Chunks the hook was given. */
  seen: number;
  /** Chunks it returned changed (a different chunk, or several in place of one). */
  changed: number;
  /** Chunks it dropped (returned `null`/`undefined`). */
  dropped: number;
  /** Chunks it passed on (changed or not); a fan-out counts each chunk it returned. */
  emitted: number;
}

/** A processor's `abort()` as the record shows it. */
export interface RecordedTripwire {
  reason: string;
  /** True when the processor asked for the step to be retried. */
  retry: boolean;
  metadata?: unknown;
}

/** One hook invocation (for stream hooks: one processor over one step, with chunk counts). */
export interface RecordedHookInvocation {
  processorId: string;
  hook: string;
  /** The step the hook ran in; absent for `processInput` / `processOutputResult`. */
  stepNumber?: number;
  /** Attempt of the step (0 first; a retried step's replay is 1, …). */
  attempt: number;
  /** Milliseconds from the run's start. */
  startMs: number;
  durationMs: number;
  outcome: HookOutcome;
  /** Messages added, removed or edited (part by part), and system messages changed. */
  messages?: MessageDiff;
  /** Stream hooks only. */
  chunks?: RecordedChunkCounts;
  tripwire?: RecordedTripwire;
  /** The failure's message, for `failed`. */
  error?: string;
}

/** One model call (one step attempt), or a response replayed from a cache. */
export interface RecordedModelCall {
  stepNumber: number;
  attempt: number;
  provider: string;
  model: string;
  /** Digest of the prompt as sent (hex): equal prompts have equal digests. */
  promptDigest: string;
  /** Messages in the prompt. */
  promptMessages: number;
  /** Call settings (temperature, maxOutputTokens, …) as the call was made. */
  settings: Record<string, unknown>;
  startMs: number;
  durationMs: number;
  /** True when a processor answered from a cache and the model was not called. */
  cacheHit: boolean;
  finishReason?: string;
  usage?: { inputTokens?: number; outputTokens?: number; totalTokens?: number };
  error?: string;
}

/** One tool call and its result. */
export interface RecordedToolCall {
  stepNumber: number;
  toolCallId: string;
  toolName: string;
  args: unknown;
  startMs: number;
  durationMs: number;
  /** The tool's result as `execute` returned it (before `processToolResult`). */
  result?: unknown;
  error?: string;
}

/** Memory the run used: what was loaded before the input and what was saved at the end. */
export interface RecordedMemory {
  threadId: string;
  resourceId?: string;
  /** Ids of the remembered messages the run started with. */
  loaded: string[];
  /** Ids of the messages saved at the end; absent when nothing was saved. */
  saved?: string[];
  /** Why the save failed. */
  saveError?: string;
}

/** A run's record (`result.record`, `onRunRecord`). */
export interface RunRecord {
  /** The format's version: 1. */
  version: 1;
  agentId: string;
  runId: string;
  /** ISO timestamp of the run's start. */
  startedAt: string;
  durationMs: number;
  status: 'success' | 'failed' | 'tripwire' | 'aborted';
  /** True when values guardrails flagged were left unmasked (`recordSensitive: true`). */
  sensitive: boolean;
  hooks: RecordedHookInvocation[];
  modelCalls: RecordedModelCall[];
  toolCalls: RecordedToolCall[];
  memory?: RecordedMemory;
  /** Why a failed run failed: the error's message. */
  error?: string;
  /** The failed run's error class name (`ProviderCallError`, `ToolExecutionError`, …). */
  errorName?: string;
  /** The failed run's error `code`, when it has a string one (`PROVIDER_CALL_FAILED`, …). */
  errorCode?: string;
}
