/**
 * `sluice diff --json`: the comparison as one JSON object on stdout, for scripts and CI. The same
 * facts as the text report (./format.ts), unshortened: the whole field path and both values.
 *
 * The text is valid JSON and safe to print: JSON's own escapes, plus `\uXXXX` for the
 * bidirectional, line-separator and invisible characters a terminal would act on (they can only
 * occur inside strings, where the escape reads back as the same character).
 */
import { describeJson } from '../../errors/describe-value.js';
import type { RecordedHookInvocation } from '../../tracing/run-record.js';
import type { RecordFileError } from '../record-file.js';
import type { RunDivergence } from './run-diff.js';

/** Where a hook ran: enough to find it in the record and in the inspector. */
interface DiffJsonHook {
  processorId: string;
  hook: string;
  /** `null` for hooks outside the steps (`processInput`, `processOutputResult`). */
  stepNumber: number | null;
  attempt: number;
}

/** One record's side of a divergence. */
interface DiffJsonSide {
  /** The record's hook at the divergence (kind `hook` only); `null` when its run ended earlier. */
  hook?: DiffJsonHook | null;
  /** The field's value; absent when the record has no such field. */
  value?: unknown;
  /** Why `value` is left out although the record has one (nested deeper than JSON can write). */
  valueOmitted?: string;
}

/** What `sluice diff --json` prints. */
export type DiffJson =
  | { result: 'same'; files: { a: string; b: string } }
  | {
      result: 'differ';
      files: { a: string; b: string };
      divergence: {
        /** What differs first: `hook`, `status` (how the runs ended), `modelCall`, `toolCall`, `memory`. */
        kind: RunDivergence['kind'];
        /** 0-based index in the records' `hooks` / `modelCalls` / `toolCalls` (0 for status and memory). */
        index: number;
        /** Kind `hook`: both records ran the same hook there (then the field differs inside it). */
        sameHook?: boolean;
        /** The first differing field (`messages.edited[0].after.text`); `""` for a whole entry. */
        path: string;
        a: DiffJsonSide;
        b: DiffJsonSide;
      };
    }
  | { result: 'invalid'; error: { code: string; file: string; message: string } };

function hookOf(hook: RecordedHookInvocation | undefined): DiffJsonHook | null {
  if (hook === undefined) return null;
  return {
    processorId: hook.processorId,
    hook: hook.hook,
    stepNumber: hook.stepNumber ?? null,
    attempt: hook.attempt,
  };
}

const TOO_DEEP = 'the value is nested too deeply to write as JSON';

/**
 * Levels of nesting a value must still fit under to be kept: the report puts it three levels
 * down and is written from a deeper stack (see {@link writeDiffJson} for what is left).
 */
const DEPTH_MARGIN = 64;

/**
 * One record's side: its hook (kind `hook` only), then its value or why the value is left out
 * (`JSON.stringify` recurses, so a hostile depth throws).
 */
function side(value: unknown, hook?: DiffJsonHook | null): DiffJsonSide {
  const out: DiffJsonSide = hook !== undefined ? { hook } : {};
  if (value === undefined) return out;
  try {
    let padded: unknown = value;
    for (let i = 0; i < DEPTH_MARGIN; i++) padded = [padded];
    JSON.stringify(padded);
    out.value = value;
  } catch {
    out.valueOmitted = TOO_DEEP;
  }
  return out;
}

/** The JSON object for a comparison (`undefined`: the runs did the same). */
export function divergenceJson(
  divergence: RunDivergence | undefined,
  nameA: string,
  nameB: string,
): DiffJson {
  const files = { a: nameA, b: nameB };
  if (divergence === undefined) return { result: 'same', files };
  const { kind, index, path, before, after } = divergence;
  if (kind !== 'hook') {
    return { result: 'differ', files, divergence: { kind, index, path, a: side(before), b: side(after) } };
  }
  const hookA = hookOf(divergence.a);
  const hookB = hookOf(divergence.b);
  const sameHook = hookA !== null && hookB !== null && JSON.stringify(hookA) === JSON.stringify(hookB);
  return {
    result: 'differ',
    files,
    divergence: { kind, index, sameHook, path, a: side(before, hookA), b: side(after, hookB) },
  };
}

/** The JSON object for a file that is not a usable run record. */
export function invalidJson(error: RecordFileError): DiffJson {
  return { result: 'invalid', error: { code: error.code, file: error.file, message: error.message } };
}

/**
 * `json` as one line of terminal-safe JSON text, newline-terminated. Always JSON: when the whole
 * object cannot be written (a value that fit on its own but not three levels down), it is
 * written again with both values left out, saying why.
 */
export function writeDiffJson(json: DiffJson): string {
  const text = describeJson(json, Number.MAX_SAFE_INTEGER);
  // describeJson names a value it cannot write by kind (`an object`), which is no JSON.
  if (text.startsWith('{') || json.result !== 'differ') return `${text}\n`;
  const { a, b } = json.divergence;
  const omitted = (s: DiffJsonSide): DiffJsonSide => {
    const out: DiffJsonSide = s.hook !== undefined ? { hook: s.hook } : {};
    if (s.value !== undefined || s.valueOmitted !== undefined) out.valueOmitted = TOO_DEEP;
    return out;
  };
  const divergence = { ...json.divergence, a: omitted(a), b: omitted(b) };
  return `${describeJson({ ...json, divergence }, Number.MAX_SAFE_INTEGER)}\n`;
}
