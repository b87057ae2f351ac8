/**
 * Nesting bounds for user data that Sluice walks or serialises (tool-call arguments, tool
 * results, cached responses, stored messages). Recursive walkers — `JSON.stringify`, schema
 * validators, hashing, cloning — overflow the stack somewhere past a few thousand levels and
 * throw a bare `RangeError`; data is measured here first, iteratively, and refused (with a
 * coded error) or skipped before any of them runs.
 */

/**
 * Most levels of nested objects and arrays accepted in tool-call arguments and tool results
 * (an object is level 1). Far above any tool schema, far below where recursive walkers fail.
 */
export const MAX_DATA_DEPTH = 256;

/**
 * Whether JSON text nests objects/arrays deeper than `limit`, read without parsing: one pass
 * over the characters, strings skipped. Text that is not JSON is measured the same way (the
 * parser reports it).
 */
export function jsonTextTooDeep(text: string, limit = MAX_DATA_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * Whether `value` nests objects/arrays deeper than `limit` along any path (the longest path, as
 * a serialiser would write it). Iterative; each object is measured once (heights are memoised),
 * so shared objects cost nothing extra; a cycle is left to the serialiser to report.
 */
export function valueTooDeep(value: unknown, limit = MAX_DATA_DEPTH): boolean {
  if (value === null || typeof value !== 'object') return false;
  /** Height of each finished object (1 = no object children). */
  const height = new Map<object, number>();
  const onPath = new Set<object>();
  const stack: Array<{ node: object; children: unknown[]; next: number; best: number }> = [];
  const enter = (node: object): boolean => {
    onPath.add(node);
    const children = Array.isArray(node) ? node : childValues(node);
    stack.push({ node, children, next: 0, best: 0 });
    return stack.length > limit;
  };
  if (enter(value)) return true;
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as (typeof stack)[number];
    if (top.next < top.children.length) {
      const child = top.children[top.next++];
      if (child === null || typeof child !== 'object') continue;
      const known = height.get(child);
      if (known !== undefined) {
        if (stack.length + known > limit) return true;
        top.best = Math.max(top.best, known);
        continue;
      }
      if (onPath.has(child)) continue;
      if (enter(child)) return true;
      continue;
    }
    stack.pop();
    onPath.delete(top.node);
    const h = top.best + 1;
    height.set(top.node, h);
    const parent = stack[stack.length - 1];
    if (parent !== undefined) parent.best = Math.max(parent.best, h);
  }
  return false;
}

function childValues(node: object): unknown[] {
  if (ArrayBuffer.isView(node) || node instanceof ArrayBuffer) return [];
  const out: unknown[] = [];
  for (const key of Object.keys(node)) out.push((node as Record<string, unknown>)[key]);
  return out;
}
