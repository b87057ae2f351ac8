/**
 * Best-effort parse of a JSON prefix, for streaming structured output: returns the value the
 * prefix describes so far (open strings closed, open containers closed, a trailing incomplete
 * member dropped), or `undefined` when nothing parseable is there yet.
 */
export function parsePartialJson(text: string): unknown {
  const closers: string[] = [];
  // Places where cutting the text leaves well-formed JSON once the open containers are closed.
  const cuts: Array<{ at: number; closers: string }> = [];
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      closers.push(c === '{' ? '}' : ']');
      cuts.push({ at: i + 1, closers: closers.slice().reverse().join('') });
    } else if (c === '}' || c === ']') closers.pop();
    else if (c === ',') cuts.push({ at: i, closers: closers.slice().reverse().join('') });
  }
  let head = text;
  if (inString) head = (escaped ? head.slice(0, -1) : head) + '"';
  const attempt = tryParse(head + closers.slice().reverse().join(''));
  if (attempt.ok) return attempt.value;
  for (let k = cuts.length - 1; k >= 0; k--) {
    const cut = cuts[k] as { at: number; closers: string };
    const retry = tryParse(text.slice(0, cut.at) + cut.closers);
    if (retry.ok) return retry.value;
  }
  return undefined;
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
