/**
 * The learned half of name detection: a logistic-regression span classifier over hashed token
 * features, for names in Latin-script text that no cue or structure anchors ("Called Clifford
 * DuBuque (646-…)", "wire £374 to Ulices Hickle?", a name alone in a TSV column).
 *
 * Candidates are the sub-runs (one to five words) of runs of capitalised words joined by single
 * spaces (name particles such as "von", "de", "del" may sit inside). Each candidate is scored
 * from its own words (identity, shape, suffix, membership of the given-name list and of the
 * not-a-name lists), the words and punctuation around it, whether it starts a sentence or a line,
 * whether it fills its capitalised run, and whether an e-mail local part in the text spells one
 * of its words. Candidates above a calibrated threshold are taken greedily, most probable first,
 * never overlapping. The rules in `name.ts` and `name-structure.ts` still run; the model's spans
 * enter the same overlap resolution at a confidence just above the default threshold, so a rule's
 * span wins where both fire.
 *
 * The weights are trained by `eval/pii/train-name-model.ts` on the development fixtures (every
 * spent set) and shipped as int8 in `name-model-weights.ts`. Scoring is one pass over the
 * capitalised runs; texts without one cost a single regex scan.
 */
import { GIVEN_NAMES } from './given-names.js';
import { NOT_NAME_WORDS, NOT_NAMES } from './name.js';
import {
  NAME_MODEL_BIAS,
  NAME_MODEL_SCALE,
  NAME_MODEL_THRESHOLD,
  NAME_MODEL_WEIGHTS_B64,
} from './name-model-weights.js';
import type { Candidate } from './types.js';

/** Number of hashed feature slots (a power of two). */
export const NAME_MODEL_SLOTS = 1 << 16;
const MASK = NAME_MODEL_SLOTS - 1;
/** Longest candidate, in words. */
const MAX_WORDS = 6;
/** Longer capitalised runs are headings or lists of words, not a name in running text. */
const MAX_RUN_WORDS = 12;

/** Weights the classifier scores with (dense, one per slot) plus bias and threshold. */
export interface NameModel {
  weights: Float32Array;
  bias: number;
  threshold: number;
}

let shipped: NameModel | undefined;
let override: NameModel | null | undefined;

/** The model in use: the shipped weights, or the one set by {@link setNameModelForEval}. */
export function currentNameModel(): NameModel | null {
  if (override !== undefined) return override;
  if (shipped === undefined) {
    const bytes = Buffer.from(NAME_MODEL_WEIGHTS_B64, 'base64');
    const weights = new Float32Array(NAME_MODEL_SLOTS);
    for (let i = 0; i < NAME_MODEL_SLOTS && i < bytes.length; i++) {
      const b = bytes[i] as number;
      weights[i] = (b > 127 ? b - 256 : b) * NAME_MODEL_SCALE;
    }
    shipped = { weights, bias: NAME_MODEL_BIAS, threshold: NAME_MODEL_THRESHOLD };
  }
  return shipped;
}

/**
 * Replaces the model `detectPII` uses (`null` switches the model off, `undefined` restores the
 * shipped weights). For the training script's grouped cross-validation only; not exported from
 * the package.
 */
export function setNameModelForEval(model: NameModel | null | undefined): void {
  override = model;
}

/** One word of the text. */
interface Word {
  start: number;
  end: number;
  text: string;
  lower: string;
  /** Starts with an upper-case letter (or is all capitals). */
  cap: boolean;
  /** A particle that may sit inside a name ("von", "de", "del", "van", "da", "y"). */
  particle: boolean;
}

const WORD = /[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*\.?/gu;
const LATIN_UPPER = /^\p{Lu}/u;
const LATIN = /^[\p{Script=Latin}]/u;
const PARTICLES = new Set([
  'von',
  'van',
  'de',
  'del',
  'der',
  'den',
  'da',
  'di',
  'du',
  'des',
  'la',
  'le',
  'y',
  'zu',
  'dos',
]);
/** Titles before a name: never part of a candidate (the name after them is). */
const HONORIFICS = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'sir',
  'herr',
  'frau',
  'monsieur',
  'madame',
  'mme',
  'mlle',
  'señor',
  'señora',
  'señorita',
  'sr',
  'sra',
  'srta',
  'don',
  'doña',
  'dña',
]);
const EMAIL_LOCAL = /([\p{L}\p{N}._%+-]+)@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;
/** A host name: after `@`, `://` or `www.`, or any dotted name ending in a letter TLD. */
const HOST = /(?:@|:\/\/|\bwww\.)?([\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{Ll}{2,})\b/gu;

function bareLower(s: string): string {
  return s.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

function shape(w: string): string {
  let out = '';
  let last = '';
  for (const ch of w) {
    const c = /\p{Lu}/u.test(ch)
      ? 'X'
      : /\p{Ll}/u.test(ch)
        ? 'x'
        : ch === '-' || ch === "'" || ch === '’' || ch === '.'
          ? ch
          : 'o';
    if (c !== last) out += c;
    last = c;
  }
  return out;
}

/** The slot a feature key hashes to (FNV-1a); exported for tests that build a model by hand. */
export function nameFeatureSlot(key: string): number {
  return fnv(key);
}

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & MASK;
}

/** The first character before `at` that is not a space or tab ('^' at the start). */
function charBefore(text: string, at: number): string {
  for (let i = at - 1; i >= 0; i--) {
    const c = text[i] as string;
    if (c !== ' ' && c !== '\t') return c === '\n' ? 'NL' : /[\p{L}\p{N}]/u.test(c) ? 'w' : c;
    if (c === '\t') return 'TAB';
  }
  return '^';
}

function charAfter(text: string, at: number): string {
  for (let i = at; i < text.length; i++) {
    const c = text[i] as string;
    if (c !== ' ' && c !== '\t') return c === '\n' ? 'NL' : /[\p{L}\p{N}]/u.test(c) ? 'w' : c;
    if (c === '\t') return 'TAB';
  }
  return '$';
}

function words(text: string): Word[] {
  const out: Word[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) {
    let t = m[0];
    if (t.endsWith('.') && t.length > 2) t = t.slice(0, -1);
    const lower = t.toLowerCase();
    out.push({
      start: m.index,
      end: m.index + t.length,
      text: t,
      lower,
      cap: LATIN_UPPER.test(t) && LATIN.test(t) && !HONORIFICS.has(lower),
      particle: PARTICLES.has(lower),
    });
  }
  return out;
}

/** A span the model may be asked about, with the words it covers. */
export interface NameCandidateSpan {
  start: number;
  end: number;
  /** Hashed feature slots of the candidate (each once per occurrence). */
  features: number[];
  /** Index of the capitalised run it lies in (candidates of one run are adjacent). */
  run: number;
}

/**
 * Every candidate span of `text` with its hashed features (shared by scoring and training).
 * Runs of capitalised Latin words joined by one space; sub-runs of one to five words that start
 * and end on a capitalised word.
 */
export function nameCandidates(text: string): NameCandidateSpan[] {
  const ws = words(text);
  const out: NameCandidateSpan[] = [];
  if (ws.length === 0) return out;
  let locals: string[] | undefined;
  let hosts: string[] | undefined;
  const load = () => {
    locals = [];
    hosts = [];
    if (text.includes('@') || text.includes('.')) {
      EMAIL_LOCAL.lastIndex = 0;
      for (let m = EMAIL_LOCAL.exec(text); m !== null; m = EMAIL_LOCAL.exec(text))
        locals.push(bareLower(m[1] as string));
      HOST.lastIndex = 0;
      for (let m = HOST.exec(text); m !== null; m = HOST.exec(text)) hosts.push(bareLower(m[1] as string));
    }
  };
  /** 1 when an e-mail local part spells the word, 2 when a domain / host name does, else 0. */
  const mailSpells = (lower: string): number => {
    if (lower.length < 3) return 0;
    if (locals === undefined) load();
    const bare = bareLower(lower);
    if ((hosts as string[]).some((h) => h.includes(bare))) return 2;
    return (locals as string[]).some((l) => l.includes(bare)) ? 1 : 0;
  };
  let i = 0;
  let run = 0;
  while (i < ws.length) {
    const w = ws[i] as Word;
    if (!w.cap) {
      i++;
      continue;
    }
    // Extend the run: next word one space away, capitalised, or a particle followed by one.
    let j = i;
    while (j + 1 < ws.length) {
      const a = ws[j] as Word;
      const b = ws[j + 1] as Word;
      if (b.start - a.end !== 1 || text[a.end] !== ' ') break;
      if (b.cap) {
        j++;
        continue;
      }
      // One or two particles ("de", "de la", "van der") followed by a capitalised word.
      let k = j + 1;
      while (k < ws.length && k - j <= 2 && (ws[k] as Word).particle) {
        const next = ws[k + 1];
        if (next === undefined || next.start - (ws[k] as Word).end !== 1 || text[(ws[k] as Word).end] !== ' ')
          break;
        k++;
      }
      const c = ws[k];
      if (k > j + 1 && k - j <= 3 && c?.cap) j = k;
      else break;
    }
    run++;
    if (j - i + 1 > MAX_RUN_WORDS) {
      i = j + 1;
      continue;
    }
    for (let s = i; s <= j; s++) {
      if (!(ws[s] as Word).cap) continue;
      for (let e = s; e <= j && e - s < MAX_WORDS; e++) {
        if (!(ws[e] as Word).cap) continue;
        out.push({
          start: (ws[s] as Word).start,
          end: (ws[e] as Word).end,
          features: features(text, ws, s, e, i, j, mailSpells),
          run,
        });
      }
    }
    i = j + 1;
  }
  return out;
}

function features(
  text: string,
  ws: readonly Word[],
  s: number,
  e: number,
  runStart: number,
  runEnd: number,
  mailSpells: (lower: string) => number,
): number[] {
  const f: number[] = [];
  const add = (k: string) => f.push(fnv(k));
  const n = e - s + 1;
  const first = ws[s] as Word;
  const last = ws[e] as Word;
  add('bias');
  add(`n=${n}`);
  let lexPattern = '';
  let stops = 0;
  let mails = 0;
  let domains = 0;
  for (let k = s; k <= e; k++) {
    const w = ws[k] as Word;
    const pos = k === s ? 'f' : k === e ? 'l' : 'm';
    const lex = GIVEN_NAMES.has(w.text) || GIVEN_NAMES.has(w.text.charAt(0) + w.lower.slice(1));
    lexPattern += w.particle ? 'p' : lex ? 'G' : 'o';
    const stop = NOT_NAMES.has(w.text) || NOT_NAME_WORDS.has(w.text);
    if (stop) stops++;
    const spelled = mailSpells(w.lower);
    if (spelled === 1) mails++;
    else if (spelled === 2) domains++;
    add(`${pos}:w=${w.lower}`);
    add(`${pos}:sh=${shape(w.text)}`);
    add(`${pos}:suf=${w.lower.slice(-3)}`);
    add(`w=${w.lower}`);
    if (w.text.length <= 2) add(`${pos}:short`);
  }
  add(`lex=${lexPattern}`);
  add(`stops=${Math.min(stops, 2)}`);
  add(`mails=${Math.min(mails, 2)}/${n > 1 ? 'multi' : 'one'}`);
  add(`domains=${Math.min(domains, 2)}/${n > 1 ? 'multi' : 'one'}`);
  const runFull = s === runStart && e === runEnd;
  add(`run=${s === runStart ? 'S' : 's'}${e === runEnd ? 'E' : 'e'}`);
  add(`run=${runFull}&n=${n}`);
  const p1 = s > 0 ? (ws[s - 1] as Word) : undefined;
  const p2 = s > 1 ? (ws[s - 2] as Word) : undefined;
  const n1 = e + 1 < ws.length ? (ws[e + 1] as Word) : undefined;
  const n2 = e + 2 < ws.length ? (ws[e + 2] as Word) : undefined;
  const pc = charBefore(text, first.start);
  const nc = charAfter(text, last.end);
  const near = (w: Word | undefined, from: number, to: number) => w !== undefined && to - from <= 4;
  const p1w = near(p1, p1?.end ?? 0, first.start) ? (p1 as Word).lower : '_';
  const p2w = p1w !== '_' && p2 !== undefined && p1 !== undefined && p1.start - p2.end <= 4 ? p2.lower : '_';
  const n1w = near(n1, last.end, n1?.start ?? 0) ? (n1 as Word).lower : '_';
  const n2w = n1w !== '_' && n2 !== undefined && n1 !== undefined && n2.start - n1.end <= 4 ? n2.lower : '_';
  add(`p1=${p1w}`);
  add(`p2p1=${p2w} ${p1w}`);
  add(`n1=${n1w}`);
  add(`n1n2=${n1w} ${n2w}`);
  add(`pc=${pc}`);
  add(`nc=${nc}`);
  add(`pc=${pc}&p1=${p1w}`);
  add(`nc=${nc}&n1=${n1w}`);
  add(`pc=${pc}&nc=${nc}`);
  add(`pc=${pc}&lex=${lexPattern}`);
  add(`nc=${nc}&lex=${lexPattern}`);
  const sentenceStart = pc === '^' || pc === 'NL' || pc === '.' || pc === '!' || pc === '?';
  add(`ss=${sentenceStart}&n=${Math.min(n, 3)}&f0=${lexPattern.charAt(0)}`);
  return f;
}

/** Probability that a candidate is a name, under `model`. */
export function nameProbability(model: NameModel, feats: readonly number[]): number {
  let z = model.bias;
  for (const slot of feats) z += model.weights[slot] as number;
  return 1 / (1 + Math.exp(-z));
}

/** Confidence given to the model's spans: above the default threshold, below most rules. */
const BASE_CONFIDENCE = 0.61;

/**
 * Adds the model's name spans to `out`: candidates above the threshold, most probable first,
 * never overlapping one another.
 */
export function findModelNames(text: string, out: Candidate[]): void {
  const model = currentNameModel();
  if (model === null) return;
  const cands = nameCandidates(text);
  if (cands.length === 0) return;
  // The rules' names, by start, for the "model extends a rule" check below.
  const rules = out.filter((r) => r.type === 'name').sort((a, b) => a.start - b.start);
  let from = 0;
  while (from < cands.length) {
    // One capitalised run at a time: its candidates are few, overlaps only happen inside it.
    let to = from;
    const run = (cands[from] as NameCandidateSpan).run;
    while (to < cands.length && (cands[to] as NameCandidateSpan).run === run) to++;
    const scored: Array<{ start: number; end: number; p: number }> = [];
    for (let k = from; k < to; k++) {
      const c = cands[k] as NameCandidateSpan;
      const p = nameProbability(model, c.features);
      if (p >= model.threshold) scored.push({ start: c.start, end: c.end, p });
    }
    from = to;
    if (scored.length === 0) continue;
    scored.sort((a, b) => b.p - a.p);
    const taken: Array<{ start: number; end: number }> = [];
    for (const c of scored) {
      if (taken.some((t) => t.start < c.end && c.start < t.end)) continue;
      taken.push(c);
      let conf =
        Math.round((BASE_CONFIDENCE + (0.08 * (c.p - model.threshold)) / (1 - model.threshold || 1)) * 100) /
        100;
      // A rule's name that the model extends ("Hola, soy Norma Zavala Negrete Chavarría" +
      // " Nieves"): the rules cap a Latin name at four words, the model reads the whole run,
      // so its longer span wins the overlap.
      for (let r = firstAtOrAfter(rules, c.start); r < rules.length; r++) {
        const rule = rules[r] as Candidate;
        if (rule.start >= c.end) break;
        if (rule.end <= c.end && rule.end - rule.start < c.end - c.start)
          conf = Math.max(conf, rule.confidence + 0.01);
      }
      out.push({ type: 'name', start: c.start, end: c.end, confidence: conf });
    }
  }
}

function firstAtOrAfter(sorted: readonly Candidate[], at: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as Candidate).start < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
