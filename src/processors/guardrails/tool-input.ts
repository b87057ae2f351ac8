/**
 * Tool-call arguments as text a guardrail can check, and the arguments rebuilt from the
 * redacted text. Every key, string and number of the arguments is a leaf; the check sees the
 * leaves joined by newlines, and a redaction lands inside the leaf it covers, so the arguments
 * stay valid JSON (a redacted number becomes a string).
 */
import type { StreamWindowSpan } from './stream-window.js';

type Holder = Record<string, unknown> | unknown[];

/** One key, string or number of the arguments, by where it sits. */
interface Leaf {
  holder: Holder;
  key: string | number;
  /** The leaf is the key itself (renamed when redacted), not the value under it. */
  isKey: boolean;
  text: string;
}

/** The checkable text of some tool-call arguments and how to map a check's spans back. */
export interface ToolInputText {
  /** Leaves joined by `\n`; the argument text (`raw`) last when it is checked too. */
  text: string;
  leaves: Leaf[];
  /** Start of each leaf in `text` (`raw` included, last). */
  starts: number[];
  /** The streamed argument text, checked as it is when it does not parse to the arguments. */
  raw: string | undefined;
  /** `{ v: args }`: the holder of the root leaf. */
  wrapper: Holder;
}

function isHolder(value: unknown): value is Holder {
  return typeof value === 'object' && value !== null;
}

/** Every key, string and number under `wrapper.v`, depth first in key order; no recursion (any depth). */
function collectLeaves(wrapper: Holder): Leaf[] {
  const leaves: Leaf[] = [];
  const stack: Array<{ holder: Holder; key: string | number; isKey: boolean }> = [
    { holder: wrapper, key: 'v', isKey: false },
  ];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const { holder, key, isKey } = stack.pop() as (typeof stack)[number];
    if (isKey) {
      leaves.push({ holder, key, isKey, text: key as string });
      continue;
    }
    const value = (holder as Record<string | number, unknown>)[key];
    if (typeof value === 'string') leaves.push({ holder, key, isKey, text: value });
    else if (typeof value === 'number' || typeof value === 'bigint')
      leaves.push({ holder, key, isKey, text: String(value) });
    else if (isHolder(value) && !seen.has(value)) {
      seen.add(value);
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) stack.push({ holder: value, key: i, isKey: false });
      } else {
        const names = Object.keys(value);
        for (let i = names.length - 1; i >= 0; i--) {
          const name = names[i] as string;
          // The key pops first: it is checked just before its value.
          stack.push({ holder: value, key: name, isKey: false });
          stack.push({ holder: value, key: name, isKey: true });
        }
      }
    }
  }
  return leaves;
}

/**
 * The text to check for a tool call: the leaves of `args` and, when the streamed argument text
 * `streamed` does not parse to the same arguments (or there are no arguments), that text too.
 */
export function toolInputText(args: unknown, streamed: string | undefined): ToolInputText {
  const wrapper: Holder = { v: args };
  const leaves = args === undefined ? [] : collectLeaves(wrapper);
  let raw: string | undefined;
  if (streamed !== undefined && streamed !== '' && !sameArguments(streamed, args)) raw = streamed;
  const starts: number[] = [];
  let text = '';
  for (const leaf of leaves) {
    if (starts.length > 0) text += '\n';
    starts.push(text.length);
    text += leaf.text;
  }
  if (raw !== undefined) {
    if (starts.length > 0) text += '\n';
    starts.push(text.length);
    text += raw;
  }
  return { text, leaves, starts, raw, wrapper };
}

function sameArguments(streamed: string, args: unknown): boolean {
  if (args === undefined) return false;
  try {
    return JSON.stringify(JSON.parse(streamed)) === JSON.stringify(args);
  } catch {
    return false;
  }
}

/** `text` with the spans (in its own indices, sorted, not overlapping) applied; the first piece of a span gets its replacement. */
function applyClipped(
  text: string,
  from: number,
  spans: readonly StreamWindowSpan[],
): { text: string; changed: boolean } {
  let out = '';
  let pos = 0;
  let changed = false;
  for (const span of spans) {
    const start = Math.max(0, span.start - from);
    const end = Math.min(text.length, span.end - from);
    if (end <= start || end <= pos) continue;
    const s = Math.max(start, pos);
    out += text.slice(pos, s);
    // A span starting before this leaf already put its replacement in an earlier leaf.
    if (span.start >= from) out += span.replacement;
    pos = end;
    changed = true;
  }
  return { text: out + text.slice(pos), changed };
}

/** The redacted arguments and argument text; `undefined` when no span touched a leaf. */
export function redactToolInput(
  input: ToolInputText,
  args: unknown,
  spans: readonly StreamWindowSpan[],
): { args: unknown; raw: string | undefined } | undefined {
  // Sorted and merged, so each leaf finds its spans with one forward pointer.
  const sorted: StreamWindowSpan[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (!(span.end > span.start)) continue;
    const last = sorted[sorted.length - 1];
    if (last !== undefined && span.start < last.end)
      sorted[sorted.length - 1] = { ...last, end: Math.max(last.end, span.end) };
    else sorted.push(span);
  }
  let first = 0;
  const count = input.leaves.length + (input.raw !== undefined ? 1 : 0);
  const replaced: Array<string | undefined> = [];
  let any = false;
  for (let i = 0; i < count; i++) {
    const start = input.starts[i] as number;
    const leafText = i < input.leaves.length ? (input.leaves[i] as Leaf).text : (input.raw as string);
    const end = start + leafText.length;
    while (first < sorted.length && (sorted[first] as StreamWindowSpan).end <= start) first++;
    let last = first;
    while (last < sorted.length && (sorted[last] as StreamWindowSpan).start < end) last++;
    const touching = sorted.slice(first, last);
    if (touching.length === 0) {
      replaced.push(undefined);
      continue;
    }
    const next = applyClipped(leafText, start, touching);
    replaced.push(next.changed ? next.text : undefined);
    any ||= next.changed;
  }
  if (!any) return undefined;
  let nextArgs = args;
  if (input.leaves.some((_, i) => replaced[i] !== undefined))
    nextArgs = rebuild(input.wrapper, input.leaves, replaced);
  const rawReplaced = input.raw !== undefined ? replaced[input.leaves.length] : undefined;
  return { args: nextArgs, raw: rawReplaced ?? (input.raw !== undefined ? input.raw : undefined) };
}

/** A deep copy of `wrapper.v` with the replaced leaves set (iterative, any depth). */
function rebuild(
  wrapper: Holder,
  leaves: readonly Leaf[],
  replaced: ReadonlyArray<string | undefined>,
): unknown {
  const copies = new Map<unknown, Holder>();
  const copyOf = (value: Holder): Holder => (Array.isArray(value) ? [...value] : { ...value });
  const root = copyOf(wrapper);
  copies.set(wrapper, root);
  // Copy every container, parents before children.
  const stack: Array<[Holder, Holder]> = [[wrapper, root]];
  while (stack.length > 0) {
    const [original, copy] = stack.pop() as [Holder, Holder];
    const keys: Array<string | number> = Array.isArray(original)
      ? original.map((_, i) => i)
      : Object.keys(original);
    for (const key of keys) {
      const value = (original as Record<string | number, unknown>)[key];
      if (!isHolder(value)) continue;
      const copied = copies.get(value);
      if (copied !== undefined) {
        // A shared object: every reference points at its one (redacted) copy.
        (copy as Record<string | number, unknown>)[key] = copied;
        continue;
      }
      const child = copyOf(value);
      copies.set(value, child);
      (copy as Record<string | number, unknown>)[key] = child;
      stack.push([value, child]);
    }
  }
  const renames: Array<[Holder, string, string]> = [];
  for (let i = 0; i < leaves.length; i++) {
    const next = replaced[i];
    if (next === undefined) continue;
    const leaf = leaves[i] as Leaf;
    const holder = copies.get(leaf.holder);
    if (holder === undefined) continue;
    if (leaf.isKey) renames.push([holder, leaf.key as string, next]);
    else (holder as Record<string | number, unknown>)[leaf.key] = next;
  }
  for (const [holder, from, to] of renames) {
    const object = holder as Record<string, unknown>;
    const value = object[from];
    delete object[from];
    let name = to;
    for (let n = 2; Object.hasOwn(object, name); n++) name = `${to}#${n}`;
    object[name] = value;
  }
  return (root as { v: unknown }).v;
}
