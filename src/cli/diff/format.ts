/**
 * A divergence as terminal text. Everything shown comes from the records, which may come from
 * anyone: values are quoted and escaped (`describeValue` / `describeJson`), so a record cannot move
 * the cursor, recolour the terminal or hide text with control or bidirectional characters.
 */
import { describeJson, describeValue, MAX_SHOWN } from '../../errors/describe-value.js';
import type { RecordedHookInvocation } from '../../tracing/run-record.js';
import type { RunDivergence } from './run-diff.js';

/** Characters of a long string shown before the first character that differs (of MAX_SHOWN in all). */
const LEAD = 20;

/** Where a hook ran, in words: `step 1 (attempt 0)`, `before the steps`, `after the steps`. */
function whenHookRan(hook: RecordedHookInvocation): string {
  if (hook.stepNumber !== undefined) return `step ${hook.stepNumber} (attempt ${hook.attempt})`;
  return hook.hook === 'processInput' ? 'before the steps' : 'after the steps';
}

function hookLine(hook: RecordedHookInvocation | undefined): string {
  if (hook === undefined) return 'no hook (its run ended earlier)';
  return `processor ${describeValue(hook.processorId)}, ${describeValue(hook.hook)}, ${whenHookRan(hook)}`;
}

/** One value, or the window of a long string around the first character that differs from `other`. */
function shown(value: unknown, other: unknown): string {
  if (value === undefined) return '(absent)';
  if (typeof value !== 'string') return describeJson(value);
  if (value.length <= MAX_SHOWN || typeof other !== 'string') return describeValue(value);
  let same = 0;
  while (same < value.length && same < other.length && value[same] === other[same]) same++;
  const from = Math.max(0, same - LEAD);
  const to = Math.min(value.length, from + MAX_SHOWN);
  const window = describeValue(value.slice(from, to));
  return `${from > 0 ? '…' : ''}${window}${to < value.length ? '…' : ''} (characters ${from}-${to} of ${value.length})`;
}

/** Characters of a field path shown: a hostile record may nest values thousands of levels deep. */
const MAX_PATH = 200;

/** A field path, cut when long and escaped (object keys are record text too). */
function shownPath(path: string): string {
  const cut = path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}… (${path.length} characters)` : path;
  // As a JSON string with the terminal-safe escapes (no cut: `cut` is short); the quotes dropped.
  return describeJson(cut, Number.MAX_SAFE_INTEGER).slice(1, -1);
}

/** The report `sluice diff` prints: which hook, which field, and the field in each record. */
export function formatDivergence(divergence: RunDivergence, nameA: string, nameB: string): string {
  const { kind, index, path, before, after } = divergence;
  const lines: string[] = [];
  if (kind === 'hook') {
    const { a, b } = divergence;
    const sameHook =
      a !== undefined &&
      b !== undefined &&
      a.processorId === b.processorId &&
      a.hook === b.hook &&
      a.stepNumber === b.stepNumber &&
      a.attempt === b.attempt;
    if (sameHook) {
      lines.push(`The runs diverge at hook #${index + 1}: ${hookLine(a)}.`);
    } else {
      lines.push(`The runs diverge at hook #${index + 1}: they ran different hooks there.`);
      lines.push(`  ${nameA}: ${hookLine(a)}`);
      lines.push(`  ${nameB}: ${hookLine(b)}`);
      lines.push('  (the hook before it did the same in both; look at what the runs returned to it)');
      return `${lines.join('\n')}\n`;
    }
  } else if (kind === 'status') {
    lines.push('Every hook did the same in both runs, but the runs ended differently.');
  } else if (kind === 'memory') {
    lines.push('Every hook did the same in both runs, but memory differs.');
  } else {
    const what = kind === 'modelCall' ? 'model call' : 'tool call';
    lines.push(`Every hook did the same in both runs; they diverge at ${what} #${index + 1}.`);
  }
  lines.push(`  differing: ${path === '' ? '(the whole entry)' : shownPath(path)}`);
  lines.push(`  ${nameA}: ${shown(before, after)}`);
  lines.push(`  ${nameB}: ${shown(after, before)}`);
  return `${lines.join('\n')}\n`;
}
