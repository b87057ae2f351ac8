/** Names longer than this get no suggestion: nobody mistypes a 200-character option name. */
const MAX_NAME = 64;

/**
 * The valid names closest to a mistyped one, for "did you mean …?" in error messages: the names
 * that contain it (`processors` → `inputProcessors`, `outputProcessors`, …) when it is at least
 * four characters long, else those at the smallest edit distance (insertions, deletions,
 * substitutions and swaps of neighbours, ignoring case) if that distance is small enough to be
 * a typo: at most `maxDistance`, by default a third of the name's length (at least 2). At most
 * `limit` names, in the order of `candidates`; none when `name` is empty or longer than 64
 * characters, or nothing is close.
 *
 * O(|name| × total length of the candidates), with both bounded: linear in practice.
 */
export function nearestNames(
  name: string,
  candidates: readonly string[],
  limit = 3,
  maxDistance = Math.max(2, Math.floor(name.length / 3)),
): string[] {
  if (name === '' || name.length > MAX_NAME) return [];
  const wanted = name.toLowerCase();
  if (wanted.length >= 4) {
    const containing = candidates.filter((c) => c.toLowerCase().includes(wanted));
    if (containing.length > 0) return containing.slice(0, limit);
  }
  let best = maxDistance;
  let found: string[] = [];
  for (const candidate of candidates) {
    if (candidate.length > MAX_NAME) continue;
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance < best || (distance === best && found.length === 0)) {
      best = distance;
      found = [candidate];
    } else if (distance === best) {
      found.push(candidate);
    }
  }
  return found.slice(0, limit);
}

/**
 * Optimal-string-alignment distance: Levenshtein plus the swap of two neighbouring characters
 * (`thraed` → `thread` is 1). Three rows of |b| + 1 numbers.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        d = Math.min(d, before[j - 2] + 1);
      }
      current[j] = d;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length];
}
