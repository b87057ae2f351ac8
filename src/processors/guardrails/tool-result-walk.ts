/**
 * The one walk over a tool result that every guardrail with `checkToolResults` uses
 * (`PIIDetector`, `PromptInjectionDetector`). A tool result is any JSON-like value; the walk
 * lists every string reachable in it — property names included — each place once, and can
 * rebuild the value with some of them replaced.
 *
 * - Shared objects are listed once, and the rebuilt copy shares one copy of them, so every
 *   place that references a redacted object sees the redacted value. Cycles are kept as
 *   cycles and terminate.
 * - Iterative (an explicit stack), linear in the size of the value.
 * - Bounded: more than `maxStrings` strings, `maxChars` characters in all of them, or nesting
 *   deeper than `maxDepth` stops the walk with an `overflow`, which the guardrail turns into a
 *   block — a result too large to check is never passed on unchecked.
 * - Values are read as `JSON.stringify` would send them: `toJSON()` is honoured (a `Date` is
 *   its ISO string), functions, symbols, `Map`/`Set` and binary views carry no text.
 */
import { describeOptionValue, invalidProcessorOption } from '../option-errors.js';

/** The bounds of one walk. */
export interface ToolResultLimits {
  /** Most strings (values and property names) in one result. */
  maxStrings: number;
  /** Most characters in all those strings together. */
  maxChars: number;
  /** Most levels of nested objects and arrays (an object result is level 1, its child objects level 2). */
  maxDepth: number;
}

/**
 * The default bounds: 20,000 strings, 1,000,000 characters, 64 levels of nesting — far above
 * what an API returns, and low enough that one check stays well under a second offline.
 */
export const DEFAULT_TOOL_RESULT_LIMITS: Readonly<ToolResultLimits> = Object.freeze({
  maxStrings: 20_000,
  maxChars: 1_000_000,
  maxDepth: 64,
});

/** One string of a tool result. */
export interface ToolResultText {
  /** The string (a scalar the caller chose to check, as its text). */
  readonly text: string;
  /** `'value'`: a string (or scalar) in the result; `'key'`: a property name. */
  readonly kind: 'value' | 'key';
  /** The nearest property name above it (items of an array get the array's), for context. */
  readonly field: string | undefined;
}

/** Which bound a walk ran into, and its value. */
export interface ToolResultOverflow {
  limit: keyof ToolResultLimits;
  bound: number;
}

/** The result of {@link walkToolResult}. */
export interface ToolResultWalk {
  /** Every string, in document order (a property name before its value). */
  readonly texts: readonly ToolResultText[];
  /** Set when a bound was exceeded: `texts` is then incomplete and must not be trusted. */
  readonly overflow: ToolResultOverflow | undefined;
  /**
   * A copy of the value with each text replaced by `replace(text, index)`, or the value itself
   * when nothing changed. A renamed property keeps its value; when two names become the same,
   * later ones get a ` (2)`, ` (3)`, … suffix, so no value is lost.
   */
  rebuild(replace: (text: string, index: number) => string): unknown;
}

/** Options of {@link walkToolResult}. */
export interface WalkToolResultOptions {
  limits?: Partial<ToolResultLimits>;
  /** Text to check for a number, boolean or bigint; `undefined` (the default) skips it. */
  scalar?: (value: number | boolean | bigint) => string | undefined;
}

/** A value slot: `>= 0` a text index, `KEEP` the original value, `<= -2` a node (`-2 - index`). */
type Ref = number;
const KEEP = -1;
const nodeRef = (index: number): Ref => -2 - index;

interface Node {
  /** The object as JSON sees it (after `toJSON`). */
  source: object;
  isArray: boolean;
  /** Object nodes: own enumerable string keys; arrays: undefined. */
  keys: string[] | undefined;
  /** Object nodes: the text index of each key. */
  keyTexts: number[] | undefined;
  /** One per entry: the value's slot. */
  values: Ref[];
}

/** A frame of the explicit stack: a node being listed, and the next entry to look at. */
interface Frame {
  node: number;
  next: number;
  depth: number;
  field: string | undefined;
}

function opaque(v: object): boolean {
  return v instanceof Map || v instanceof Set || ArrayBuffer.isView(v) || v instanceof ArrayBuffer;
}

/** What `JSON.stringify` would serialise for `v` (its `toJSON()` result when it has one). */
function jsonView(v: unknown, key: string): unknown {
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
    try {
      return (v as { toJSON: (key: string) => unknown }).toJSON(key);
    } catch {
      return v;
    }
  }
  return v;
}

/**
 * Lists every string of `value` (see the module comment); stops at the first exceeded bound
 * and reports it in `overflow`.
 */
export function walkToolResult(value: unknown, options: WalkToolResultOptions = {}): ToolResultWalk {
  const limits = { ...DEFAULT_TOOL_RESULT_LIMITS, ...options.limits };
  const scalar = options.scalar;
  const texts: ToolResultText[] = [];
  const nodes: Node[] = [];
  const index = new Map<object, number>();
  let chars = 0;
  let overflow: ToolResultOverflow | undefined;

  const addText = (text: string, kind: 'value' | 'key', field: string | undefined): number => {
    if (texts.length >= limits.maxStrings) {
      overflow ??= { limit: 'maxStrings', bound: limits.maxStrings };
      return KEEP;
    }
    chars += text.length;
    if (chars > limits.maxChars) {
      overflow ??= { limit: 'maxChars', bound: limits.maxChars };
      return KEEP;
    }
    texts.push({ text, kind, field });
    return texts.length - 1;
  };

  const stack: Frame[] = [];
  /** The slot of one value; objects seen for the first time become nodes pushed on the stack. */
  const slot = (raw: unknown, key: string, depth: number, field: string | undefined): Ref => {
    const v = jsonView(raw, key);
    if (typeof v === 'string') return addText(v, 'value', field);
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') {
      const text = scalar?.(v);
      return text === undefined ? KEEP : addText(text, 'value', field);
    }
    if (v === null || typeof v !== 'object' || opaque(v)) return KEEP;
    const seen = index.get(v);
    if (seen !== undefined) return nodeRef(seen);
    if (depth >= limits.maxDepth) {
      overflow ??= { limit: 'maxDepth', bound: limits.maxDepth };
      return KEEP;
    }
    const isArray = Array.isArray(v);
    const node: Node = {
      source: v,
      isArray,
      keys: isArray ? undefined : Object.keys(v),
      keyTexts: isArray ? undefined : [],
      values: [],
    };
    nodes.push(node);
    index.set(v, nodes.length - 1);
    stack.push({ node: nodes.length - 1, next: 0, depth, field });
    return nodeRef(nodes.length - 1);
  };

  const root = slot(value, '', 0, undefined);
  while (stack.length > 0 && overflow === undefined) {
    const frame = stack[stack.length - 1] as Frame;
    const node = nodes[frame.node] as Node;
    const length = node.isArray ? (node.source as unknown[]).length : (node.keys as string[]).length;
    if (frame.next >= length) {
      stack.pop();
      continue;
    }
    const i = frame.next++;
    if (node.isArray) {
      node.values.push(slot((node.source as unknown[])[i], String(i), frame.depth + 1, frame.field));
    } else {
      const key = (node.keys as string[])[i] as string;
      (node.keyTexts as number[]).push(addText(key, 'key', frame.field));
      node.values.push(slot((node.source as Record<string, unknown>)[key], key, frame.depth + 1, key));
    }
  }

  return {
    texts,
    overflow,
    rebuild: (replace) => rebuild(value, root, nodes, texts, replace),
  };
}

function rebuild(
  value: unknown,
  root: Ref,
  nodes: readonly Node[],
  texts: readonly ToolResultText[],
  replace: (text: string, index: number) => string,
): unknown {
  const replaced = texts.map((t, i) => replace(t.text, i));
  if (replaced.every((r, i) => r === (texts[i] as ToolResultText).text)) return value;
  // One copy per node, made before any is filled, so shared objects and cycles point at copies.
  const copies: object[] = nodes.map((n) => (n.isArray ? new Array((n.source as unknown[]).length) : {}));
  const slotValue = (ref: Ref, original: unknown): unknown => {
    if (ref === KEEP) return original;
    if (ref >= 0) {
      const text = replaced[ref] as string;
      // An untouched scalar stays what it was (a number stays a number).
      return text === (texts[ref] as ToolResultText).text ? original : text;
    }
    return copies[-2 - ref];
  };
  for (let n = 0; n < nodes.length; n++) {
    const node = nodes[n] as Node;
    const copy = copies[n] as Record<string, unknown>;
    if (node.isArray) {
      const source = node.source as unknown[];
      for (let i = 0; i < source.length; i++) copy[i] = slotValue(node.values[i] as Ref, source[i]);
      continue;
    }
    const keys = node.keys as string[];
    const source = node.source as Record<string, unknown>;
    const names = keys.map((k, i) => {
      const t = (node.keyTexts as number[])[i] as number;
      return t >= 0 ? (replaced[t] as string) : k;
    });
    const taken = new Set<string>();
    for (let i = 0; i < keys.length; i++) if (names[i] === keys[i]) taken.add(keys[i] as string);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      let name = names[i] as string;
      if (name !== key) {
        const base = name;
        for (let k = 2; taken.has(name); k++) name = `${base} (${k})`;
        taken.add(name);
      }
      // defineProperty: a key named `__proto__` must stay a plain property.
      Object.defineProperty(copy, name, {
        value: slotValue(node.values[i] as Ref, source[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return slotValue(root, value);
}

const LIMIT_WORDS: Record<keyof ToolResultLimits, string> = {
  maxStrings: 'strings',
  maxChars: 'characters of text',
  maxDepth: 'levels of nesting',
};

/**
 * The tripwire reason for a result the walk could not finish: names the processor, the tool,
 * the bound and how to get past it.
 */
export function toolResultOverflowReason(
  processorId: string,
  toolName: string,
  overflow: ToolResultOverflow,
): string {
  return `Blocked: the result of tool "${toolName}" has more than ${overflow.bound.toLocaleString('en-US')} ${LIMIT_WORDS[overflow.limit]} (toolResultLimits.${overflow.limit}), too much for ${processorId} to check whole; a result that is not checked whole is not passed on. Return less from the tool, or raise toolResultLimits.${overflow.limit}.`;
}

/** Validates a guardrail's `toolResultLimits` option and applies the defaults. */
export function resolveToolResultLimits(processor: string, value: unknown): ToolResultLimits {
  if (value === undefined) return { ...DEFAULT_TOOL_RESULT_LIMITS };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidProcessorOption(
      processor,
      'toolResultLimits',
      `option "toolResultLimits" must be an object { maxStrings?, maxChars?, maxDepth? } (got ${describeOptionValue(value)}).`,
    );
  }
  const out = { ...DEFAULT_TOOL_RESULT_LIMITS };
  for (const [key, bound] of Object.entries(value)) {
    if (!(key in LIMIT_WORDS)) {
      throw invalidProcessorOption(
        processor,
        `toolResultLimits.${key}`,
        `option "toolResultLimits" has no "${key}"; its keys are maxStrings, maxChars, maxDepth.`,
      );
    }
    if (bound === undefined) continue;
    if (typeof bound !== 'number' || !Number.isSafeInteger(bound) || bound < 1) {
      throw invalidProcessorOption(
        processor,
        `toolResultLimits.${key}`,
        `option "toolResultLimits.${key}" must be a positive integer (got ${describeOptionValue(bound)}).`,
      );
    }
    out[key as keyof ToolResultLimits] = bound;
  }
  return out;
}
