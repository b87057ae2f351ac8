/**
 * A feature pattern compiled as a union of short ones. The semantic and phrase tables write each
 * feature as one pattern assembled from word lists (up to 14,890 characters, dozens of
 * alternatives, several scripts); compiled whole, such a pattern is too big for the regex check
 * (`src/util/regex-safety/`): recheck's analysis of one alternation of mixed-script clauses can
 * grow past gigabytes of memory, and large ones fall back to slow fuzzing. Each top-level
 * alternative alone is small and is proven linear in seconds, so the source is parsed once and
 * compiled as an equivalent list of parts:
 *
 * - a top-level alternation `A|B` becomes the parts `A` and `B`;
 * - a part still longer than {@link MAX_PART_CHARS} has its largest plain group distributed:
 *   `x(?:a|b)y` becomes `xay` and `xby`, and an optional group `x(?:a)?y` becomes `xay` and
 *   `xy`. Lookarounds are never distributed (a negated union is not a union).
 *
 * A position starts a match of the whole pattern exactly when it starts a match of some part, so
 * `test` is "any part matches" and the first match starts at the least first index of the parts.
 * When only top-level alternatives were split, the parts also give the whole pattern's match texts
 * (the earliest part wins at a position, as the alternation would), which sentence-scoped
 * modifiers read. Each part scans the text once, so the cost stays linear.
 */

/** A parsed term: literal text (atoms, escapes, classes, quantifiers on them) or a group. */
type Term =
  | { readonly kind: 'text'; readonly text: string }
  | {
      readonly kind: 'group';
      /** `(`, `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!` or `(?<name>`. */
      readonly open: string;
      readonly body: Term[][];
      /** The quantifier written after `)` (empty when none), lazy marker included. */
      readonly quant: string;
    };

/** Thrown when a feature pattern cannot be parsed for splitting (a programming error in a table). */
export class PatternSplitError extends Error {
  readonly code = 'INJECTION_PATTERN_SPLIT';
  constructor(source: string, at: number, why: string) {
    super(
      `prompt-injection feature pattern cannot be split at character ${at} (${why}): ` +
        `${source.slice(Math.max(0, at - 30), at + 30)} — fix the pattern in the feature table.`,
    );
    this.name = 'PatternSplitError';
  }
}

/** Parses `source` into its top-level alternatives, each a sequence of terms. */
function parse(source: string): Term[][] {
  let i = 0;
  const quantifier = (): string => {
    const from = i;
    const c = source[i];
    if (c === '?' || c === '*' || c === '+') i++;
    else if (c === '{') {
      const close = source.indexOf('}', i);
      if (close < 0 || !/^\{\d+(?:,\d*)?\}$/.test(source.slice(i, close + 1))) return '';
      i = close + 1;
    } else return '';
    if (source[i] === '?') i++;
    return source.slice(from, i);
  };
  const alternation = (depth: number): Term[][] => {
    const alts: Term[][] = [];
    let seq: Term[] = [];
    let text = '';
    const flush = () => {
      if (text !== '') seq.push({ kind: 'text', text });
      text = '';
    };
    while (i < source.length) {
      const c = source[i] as string;
      if (c === '\\') {
        text += source.slice(i, i + 2);
        i += 2;
        text += quantifier();
      } else if (c === '[') {
        const from = i;
        i++;
        while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
        if (i >= source.length) throw new PatternSplitError(source, from, 'unclosed character class');
        i++;
        text += source.slice(from, i);
        text += quantifier();
      } else if (c === '(') {
        flush();
        const from = i;
        let open = '(';
        if (source.startsWith('(?:', i) || source.startsWith('(?=', i) || source.startsWith('(?!', i))
          open = source.slice(i, i + 3);
        else if (source.startsWith('(?<=', i) || source.startsWith('(?<!', i)) open = source.slice(i, i + 4);
        else if (source.startsWith('(?<', i)) open = source.slice(i, source.indexOf('>', i) + 1);
        i += open.length;
        const body = alternation(depth + 1);
        if (source[i] !== ')') throw new PatternSplitError(source, from, 'unclosed group');
        i++;
        seq.push({ kind: 'group', open, body, quant: quantifier() });
      } else if (c === ')') {
        if (depth === 0) throw new PatternSplitError(source, i, 'unmatched )');
        break;
      } else if (c === '|') {
        flush();
        alts.push(seq);
        seq = [];
        i++;
      } else {
        text += c;
        i++;
        text += quantifier();
      }
    }
    flush();
    alts.push(seq);
    return alts;
  };
  const out = alternation(0);
  if (i !== source.length) throw new PatternSplitError(source, i, 'unmatched )');
  return out;
}

const printSeq = (seq: readonly Term[]): string => seq.map(printTerm).join('');
const printAlt = (alts: readonly (readonly Term[])[]): string => alts.map(printSeq).join('|');
function printTerm(t: Term): string {
  return t.kind === 'text' ? t.text : `${t.open}${printAlt(t.body)})${t.quant}`;
}

/** Whether a group may be distributed: plain (not a lookaround), at most optional. */
function distributable(t: Term): t is Extract<Term, { kind: 'group' }> {
  if (t.kind !== 'group' || (t.open !== '(?:' && t.open !== '(')) return false;
  if (t.quant !== '' && t.quant !== '?' && t.quant !== '??') return false;
  return t.body.length > 1 || t.quant !== '';
}

/** Expands one sequence into parts no longer than `max` where it can. */
function expand(seq: Term[], max: number, out: string[]): void {
  const text = printSeq(seq);
  if (text.length <= max) {
    out.push(text);
    return;
  }
  let at = -1;
  let size = 0;
  for (let k = 0; k < seq.length; k++) {
    const t = seq[k] as Term;
    if (!distributable(t)) continue;
    const n = printTerm(t).length;
    if (n > size) {
      size = n;
      at = k;
    }
  }
  if (at < 0) {
    // A single plain group spanning the whole sequence is opened; otherwise the part stays long.
    out.push(text);
    return;
  }
  const g = seq[at] as Extract<Term, { kind: 'group' }>;
  const before = seq.slice(0, at);
  const after = seq.slice(at + 1);
  // An alternative holds no top-level `|`, so its terms can stand in the sequence as they are
  // (concatenation is associative), and its own groups can be distributed in turn.
  for (const alt of g.body) expand([...before, ...alt, ...after], max, out);
  if (g.quant !== '') expand([...before, ...after], max, out);
}

/**
 * The parts of `source`: its top-level alternatives, with any alternative longer than `max`
 * characters distributed over its largest plain group until each part fits (or cannot be split
 * further). Duplicates are dropped; the order of first appearance is kept.
 */
export function unionParts(source: string, max: number): string[] {
  const out: string[] = [];
  for (const seq of parse(source)) expand(seq, max, out);
  return [...new Set(out)];
}

/** The top-level alternatives of `source`, deduplicated, in order. */
function topLevelParts(source: string): string[] {
  return [...new Set(parse(source).map(printSeq))];
}

/**
 * Longest top-level alternative a feature pattern keeps whole; a longer one is distributed. Set
 * so only the longest feature (`sem-owned-void`, 14,890 characters) is distributed: every
 * alternative up to this size is analysed by recheck in seconds, and distributing shorter ones
 * would multiply the scans per text.
 */
export const MAX_PART_CHARS = 4_000;

/**
 * A top-level alternative matched by code instead of a compiled pattern, for a shape whose
 * pattern recheck cannot analyse in reasonable time or memory (see `assignment-concat.ts` and
 * `clause-bag.ts`).
 */
export interface ScannedPart {
  /** Stable name, for messages. */
  readonly name: string;
  /** Where the alternative's first match starts in `text`, or -1 when it has none. */
  firstIndex(text: string): number;
}

/**
 * A feature pattern as a union of short patterns: matches where any part matches. Read with
 * {@link PatternUnion.test} and {@link PatternUnion.firstIndex}; `source` is the whole pattern
 * as written (for logs and tooling), never compiled as one.
 */
export class PatternUnion {
  /** The compiled parts, in the order their sources appear in the whole pattern. */
  readonly parts: readonly RegExp[];
  /** Top-level alternatives matched by code instead ({@link ScannedPart}). */
  readonly scanned: readonly ScannedPart[];
  /** The whole pattern's source, as written. */
  readonly source: string;
  /** The flags every part is compiled with. */
  readonly flags: string;
  /**
   * Whether every part is a top-level alternative of the source (nothing distributed), so the
   * parts also give the whole pattern's match text ({@link PatternUnion.nextMatch}).
   */
  readonly topLevel: boolean;
  #global: RegExp[] | undefined;

  /**
   * @param max longest alternative kept whole ({@link MAX_PART_CHARS})
   * @param scanned top-level alternatives (by their exact source) matched by code instead
   */
  constructor(
    source: string,
    flags: string,
    max = MAX_PART_CHARS,
    scanned: Readonly<Record<string, ScannedPart>> = {},
  ) {
    if (flags.includes('g') || flags.includes('y'))
      throw new RangeError(`PatternUnion: flags must not hold g or y (got "${flags}").`);
    this.source = source;
    this.flags = flags;
    const top = topLevelParts(source);
    for (const [alternative, part] of Object.entries(scanned))
      if (!top.includes(alternative))
        throw new RangeError(
          `PatternUnion: the scanned part "${part.name}" stands for an alternative the pattern does not have; update its source to the table's.`,
        );
    const parts = unionParts(source, max);
    this.topLevel = parts.length === top.length && parts.every((p, k) => p === top[k]);
    this.scanned = parts.flatMap((p) => scanned[p] ?? []);
    this.parts = parts.filter((p) => scanned[p] === undefined).map((part) => new RegExp(part, flags));
  }

  /** Whether some part matches anywhere in `text`. */
  test(text: string): boolean {
    for (const p of this.parts) if (p.test(text)) return true;
    for (const p of this.scanned) if (p.firstIndex(text) >= 0) return true;
    return false;
  }

  /** Where the first match of the whole pattern starts in `text`, or -1 when none does. */
  firstIndex(text: string): number {
    let best = -1;
    for (const p of this.parts) {
      const i = text.search(p);
      if (i >= 0 && (best < 0 || i < best)) best = i;
      if (best === 0) return 0;
    }
    for (const p of this.scanned) {
      const i = p.firstIndex(text);
      if (i >= 0 && (best < 0 || i < best)) best = i;
    }
    return best;
  }

  /**
   * The match a global scan of the whole pattern finds starting at `from` (index and text), or
   * `null`: the leftmost match of any part, the earliest part winning a tie — the alternative the
   * whole pattern would try first at that position. Only for a union of top-level alternatives.
   */
  nextMatch(text: string, from: number): RegExpExecArray | null {
    if (!this.topLevel || this.scanned.length > 0)
      throw new RangeError(
        `PatternUnion.nextMatch: the pattern was split inside an alternative or has a scanned part, so match texts differ (${this.source.slice(0, 60)}…).`,
      );
    this.#global ??= this.parts.map((p) => new RegExp(p.source, `${this.flags}g`));
    let best: RegExpExecArray | null = null;
    for (const g of this.#global) {
      g.lastIndex = from;
      const m = g.exec(text);
      g.lastIndex = 0;
      if (m !== null && (best === null || m.index < best.index)) best = m;
    }
    return best;
  }
}

/**
 * A feature pattern compiled for the scorer: a {@link PatternUnion} of its top-level
 * alternatives (each analysed and scanned on its own), or one `RegExp` when it has a single
 * alternative no longer than {@link MAX_PART_CHARS}.
 */
export function featurePattern(
  source: string,
  flags: string,
  scanned?: Readonly<Record<string, ScannedPart>>,
): RegExp | PatternUnion {
  const union = source.length > MAX_PART_CHARS || topLevelParts(source).length > 1;
  return union ? new PatternUnion(source, flags, MAX_PART_CHARS, scanned) : new RegExp(source, flags);
}
