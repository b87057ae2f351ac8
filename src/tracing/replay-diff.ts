/**
 * What a replay says when a request does not match its recording: the first difference between
 * the recorded request and the one the run sent, and the processor whose change produced it,
 * found in the replayed run's own hook record (each hook's before/after of the conversation).
 */
import { describeJson, describeValue } from '../errors/describe-value.js';
import type { RecordedHookInvocation } from './run-record.js';

/** The first place two stored requests differ. `undefined` values mean "absent on that side". */
export interface RequestDifference {
  /** Where, e.g. `['prompt', 0, 'content']` or `['temperature']`. */
  path: Array<string | number>;
  expected: unknown;
  actual: unknown;
}

/** A hook that changed what the model was asked, and how the replay knows. */
export interface ReplayCulprit {
  processorId: string;
  hook: string;
  stepNumber?: number;
  /**
   * `content`: the hook's own change put the differing value in (or took it out of) the
   * conversation. `last-change`: nothing matched the value itself; this is the last hook that
   * changed anything before the call (a rewrite of the prompt alone, or of the stream).
   */
  evidence: 'content' | 'last-change';
}

/** Request fields compared first, in this order: the conversation decides most differences. */
const FIRST = ['prompt', 'tools', 'toolChoice', 'responseFormat'];

/** The first difference between a recorded request and the one sent; `undefined` when equal. */
export function firstDifference(expected: unknown, actual: unknown): RequestDifference | undefined {
  return differ(expected, actual, [], true);
}

function differ(
  expected: unknown,
  actual: unknown,
  path: Array<string | number>,
  top: boolean,
): RequestDifference | undefined {
  if (Object.is(expected, actual)) return undefined;
  const kindA = kindOf(expected);
  if (kindA !== kindOf(actual) || kindA === 'value') return { path, expected, actual };
  if (kindA === 'array') {
    const a = expected as unknown[];
    const b = actual as unknown[];
    const shared = Math.min(a.length, b.length);
    for (let i = 0; i < shared; i++) {
      const found = differ(a[i], b[i], [...path, i], false);
      if (found) return found;
    }
    if (a.length !== b.length) return { path: [...path, shared], expected: a[shared], actual: b[shared] };
    return undefined;
  }
  const a = expected as Record<string, unknown>;
  const b = actual as Record<string, unknown>;
  // Another kind of message or part (a system message where a user message was) differs as a
  // whole: its role or type alone says little.
  if (a.role !== b.role || a.type !== b.type) return { path, expected, actual };
  const keys = new Set<string>(top ? FIRST : []);
  for (const key of Object.keys(a)) keys.add(key);
  for (const key of Object.keys(b)) keys.add(key);
  for (const key of keys) {
    // Own properties only: an inherited `__proto__` is no recorded value.
    const found = differ(own(a, key), own(b, key), [...path, key], false);
    if (found) return found;
  }
  return undefined;
}

function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function kindOf(value: unknown): 'array' | 'object' | 'value' {
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' && value !== null ? 'object' : 'value';
}

/**
 * Where a difference is, in words: `prompt message 2 (user), part 0, "text"`, `tool 1 ("search"),
 * "description"`, `setting "temperature"`.
 */
export function describePath(path: ReadonlyArray<string | number>, request: unknown): string {
  const [head, index, ...rest] = path;
  if (head === 'prompt' && typeof index === 'number') {
    const message = (request as { prompt?: Array<{ role?: unknown }> } | undefined)?.prompt?.[index];
    const role = typeof message?.role === 'string' ? ` (${message.role})` : '';
    let where = `prompt message ${index}${role}`;
    if (rest[0] === 'content' && typeof rest[1] === 'number') {
      where += `, part ${rest[1]}`;
      rest.splice(0, 2);
    } else if (rest[0] === 'content') {
      where += ', content';
      rest.shift();
    }
    return rest.length > 0 ? `${where}, ${fieldPath(rest)}` : where;
  }
  if (head === 'tools' && typeof index === 'number') {
    const tool = (request as { tools?: Array<{ name?: unknown }> } | undefined)?.tools?.[index];
    const name = typeof tool?.name === 'string' ? ` (${describeValue(tool.name)})` : '';
    return rest.length > 0 ? `tool ${index}${name}, ${fieldPath(rest)}` : `tool ${index}${name}`;
  }
  if (head === 'prompt' || head === 'tools') return head === 'prompt' ? 'the prompt' : 'the tools';
  return `setting ${fieldPath(path)}`;
}

function fieldPath(path: ReadonlyArray<string | number>): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : describeValue(p))).join(' › ');
}

/**
 * A value for a message: JSON, cut to `max` characters; `(absent)` for a missing value. The value
 * may come from a recording file from anywhere: control, bidirectional and invisible characters
 * are escaped (`\u202e`), and a value JSON cannot write (nested too deeply) is named by kind.
 */
export function preview(value: unknown, max = 160): string {
  if (value === undefined) return '(absent)';
  return describeJson(value, max);
}

/**
 * The processor whose change produced `difference`, from the replayed run's hooks so far (the
 * last one first). A difference in the prompt is matched by content: the text the run sent and
 * the recording lacks (or the reverse) is looked up in what each hook added or removed. A
 * difference in tools or settings points at the last hook of the step that changed its
 * settings. `undefined` when no hook changed anything: the input, the agent's instructions or
 * tools, or the call's options differ.
 */
export function findCulprit(
  difference: RequestDifference,
  hooks: readonly RecordedHookInvocation[],
  stepNumber: number,
): ReplayCulprit | undefined {
  if (difference.path[0] === 'prompt') {
    const { added, removed } = changedText(difference.expected, difference.actual);
    for (let i = hooks.length - 1; i >= 0; i--) {
      const hook = hooks[i] as RecordedHookInvocation;
      if (hook.messages === undefined) continue;
      const { before, after } = sidesOf(hook);
      const hit =
        added !== undefined
          ? after.includes(added) && !before.includes(added)
          : removed !== undefined && before.includes(removed) && !after.includes(removed);
      if (hit) return culprit(hook, 'content');
    }
    for (let i = hooks.length - 1; i >= 0; i--) {
      const hook = hooks[i] as RecordedHookInvocation;
      if (hook.outcome === 'changed' || hook.outcome === 'dropped') return culprit(hook, 'last-change');
    }
    return undefined;
  }
  for (let i = hooks.length - 1; i >= 0; i--) {
    const hook = hooks[i] as RecordedHookInvocation;
    if (hook.stepNumber !== stepNumber || hook.outcome !== 'changed') continue;
    if (hook.hook === 'processInputStep' || hook.hook === 'processLLMRequest')
      return culprit(hook, 'last-change');
  }
  return undefined;
}

function culprit(hook: RecordedHookInvocation, evidence: ReplayCulprit['evidence']): ReplayCulprit {
  const found: ReplayCulprit = { processorId: hook.processorId, hook: hook.hook, evidence };
  if (hook.stepNumber !== undefined) found.stepNumber = hook.stepNumber;
  return found;
}

/**
 * The text the run sent that the recording lacks (`added`), or else the recorded text the run
 * no longer sent (`removed`), JSON-escaped as it appears inside a serialised hook diff. For two
 * strings that is the middle left after their common start and end; for a whole message or part
 * present on one side only, its longest text.
 */
function changedText(expected: unknown, actual: unknown): { added?: string; removed?: string } {
  if (typeof expected === 'string' && typeof actual === 'string') {
    let start = 0;
    const limit = Math.min(expected.length, actual.length);
    while (start < limit && expected.charCodeAt(start) === actual.charCodeAt(start)) start++;
    let end = 0;
    while (
      end < limit - start &&
      expected.charCodeAt(expected.length - 1 - end) === actual.charCodeAt(actual.length - 1 - end)
    )
      end++;
    const added = actual.slice(start, actual.length - end).trim();
    const removed = expected.slice(start, expected.length - end).trim();
    if (added !== '') return { added: escaped(added) };
    return removed !== '' ? { removed: escaped(removed) } : {};
  }
  const added = longestText(actual);
  if (added !== undefined) return { added: escaped(added) };
  const removed = longestText(expected);
  return removed !== undefined ? { removed: escaped(removed) } : {};
}

function escaped(text: string): string {
  return (JSON.stringify(text) as string).slice(1, -1);
}

/** The longest non-blank string inside `value` (depth-bounded by the recording's own limit). */
function longestText(value: unknown): string | undefined {
  let best: string | undefined;
  const visit = (v: unknown, depth: number) => {
    if (typeof v === 'string') {
      if (v.trim() !== '' && (best === undefined || v.length > best.length)) best = v;
    } else if (typeof v === 'object' && v !== null && depth < 64) {
      for (const inner of Object.values(v)) visit(inner, depth + 1);
    }
  };
  visit(value, 0);
  return best;
}

/** What a hook's diff shows before and after, as text to search. */
function sidesOf(hook: RecordedHookInvocation): { before: string; after: string } {
  const diff = hook.messages ?? {};
  const edited = diff.edited ?? [];
  return {
    before: JSON.stringify([diff.removed, edited.map((e) => e.before), diff.system?.before]) ?? '',
    after: JSON.stringify([diff.added, edited.map((e) => e.after), diff.system?.after]) ?? '',
  };
}
