/**
 * The learned half of name detection: a logistic-regression span classifier over hashed token
 * features, for names in Latin-script text that no cue or structure anchors ("Called Clifford
 * DuBuque (646-…)", "wire £374 to Ulices Hickle?", a name alone in a TSV column).
 *
 * Candidates are the sub-runs (one to six words) of runs of capitalised words joined by single
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
 * spent set) and shipped as int8 in `data/name-model.json`. Scoring is one pass over the
 * capitalised runs; texts without one cost a single regex scan.
 */

import { piiData } from './data.js';
import { GIVEN_NAMES } from './given-names.js';
import { NOT_NAME_WORDS, NOT_NAMES } from './name-lexicon.js';
import { currentNameModel, nameProbability, slot } from './name-model-weights.js';
import { NAME_KEYS } from './name-records.js';
import type { Candidate } from './types.js';

const LATIN = piiData<{ readonly modelParticles: string[]; readonly modelHonorifics: string[] }>(
  'names/latin',
);

/** Longest candidate, in words. */
const MAX_WORDS = 6;
/** Longer capitalised runs are headings or lists of words, not a name in running text. */
const MAX_RUN_WORDS = 12;

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

/** An upper-case letter of the Latin script (Basic Latin, Latin-1, Extended-A/B, Additional). */
function latinUpper(code: number): boolean {
  if (code >= 65 && code <= 90) return true;
  if (
    code < 0xc0 ||
    !((code <= 0x24f && code !== 0xd7 && code !== 0xf7) || (code >= 0x1e00 && code <= 0x1eff))
  )
    return false;
  const ch = String.fromCharCode(code);
  return ch !== ch.toLowerCase();
}
const PARTICLES = new Set<string>(LATIN.modelParticles);
/** Titles before a name: never part of a candidate (the name after them is). */
const HONORIFICS = new Set<string>(LATIN.modelHonorifics);
function ascii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}
/** Characters of an e-mail local part: letters, digits and . _ % + - */
function mailChar(code: number): boolean {
  return charClass(code) !== 3 || code === 46 || code === 95 || code === 37 || code === 43 || code === 45;
}

/** Characters of a host name: letters, digits, dots and hyphens. */
function hostChar(code: number): boolean {
  return charClass(code) !== 3 || code === 46 || code === 45;
}
/** The host of a URL. */
const URL_HOST =
  /(?:(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/(?:[^\s/@]*@)?|\bwww\.)([\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)/gu;

function bareLower(s: string): string {
  const lower = s.toLowerCase();
  return ascii(lower) ? lower : lower.normalize('NFD').replace(/\p{M}/gu, '');
}

function shape(w: string): string {
  let out = '';
  let last = '';
  for (const ch of w) {
    const up = ch.toUpperCase();
    const low = ch.toLowerCase();
    const c =
      up !== low
        ? ch === up
          ? 'X'
          : 'x'
        : ch === '-' || ch === "'" || ch === '’' || ch === '.'
          ? ch
          : /\p{L}/u.test(ch)
            ? 'x'
            : 'o';
    if (c !== last) out += c;
    last = c;
  }
  return out;
}

function wordChar(c: string): boolean {
  const code = c.charCodeAt(0);
  if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return true;
  return code > 127 && /[\p{L}\p{N}]/u.test(c);
}

/** The first character before `at` that is not a space or tab ('^' at the start). */
function charBefore(text: string, at: number): string {
  for (let i = at - 1; i >= 0; i--) {
    const c = text[i] as string;
    if (c !== ' ' && c !== '\t') return c === '\n' ? 'NL' : wordChar(c) ? 'w' : c;
    if (c === '\t') return 'TAB';
  }
  return '^';
}

function charAfter(text: string, at: number): string {
  for (let i = at; i < text.length; i++) {
    const c = text[i] as string;
    if (c !== ' ' && c !== '\t') return c === '\n' ? 'NL' : wordChar(c) ? 'w' : c;
    if (c === '\t') return 'TAB';
  }
  return '$';
}

/** Per UTF-16 code unit: 0 not yet known, 1 letter or mark, 2 digit, 3 other. */
const CLASS = new Uint8Array(65536);
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const DIGIT = /\p{N}/u;

function charClass(code: number): number {
  if (code < 128) {
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return 1;
    return code >= 48 && code <= 57 ? 2 : 3;
  }
  let c = CLASS[code] as number;
  if (c === 0) {
    const ch = String.fromCharCode(code);
    c = LETTER_OR_MARK.test(ch) ? 1 : DIGIT.test(ch) ? 2 : 3;
    CLASS[code] = c;
  }
  return c;
}

/**
 * The words of `text`: letters and marks, joined by an apostrophe or hyphen between letters,
 * with a trailing full stop kept only on one-letter words ("J." in "J. Smith" is an initial).
 * A hand-written scan: Unicode-class regexes cost several times more per character.
 */
function words(text: string): Word[] {
  const out: Word[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (charClass(text.charCodeAt(i)) !== 1) {
      i++;
      continue;
    }
    const start = i;
    i++;
    for (;;) {
      while (i < n && charClass(text.charCodeAt(i)) === 1) i++;
      const c = text.charCodeAt(i);
      // ' ’ -
      if (i + 1 < n && (c === 39 || c === 0x2019 || c === 45) && charClass(text.charCodeAt(i + 1)) === 1) {
        i += 2;
        continue;
      }
      break;
    }
    let end = i;
    if (text.charCodeAt(i) === 46 && end - start === 1) {
      end++;
      i++;
    } else if (text.charCodeAt(i) === 46) i++;
    const t = text.slice(start, end);
    const lower = t.toLowerCase();
    out.push({
      start,
      end,
      text: t,
      lower,
      cap: latinUpper(text.charCodeAt(start)) && !HONORIFICS.has(lower),
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
 * Runs of capitalised Latin words joined by one space; sub-runs of one to six words that start
 * and end on a capitalised word (runs of more than twelve words are skipped).
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
    // Around each '@': the local part to its left, the domain to its right (no regex scan
    // from every position, so the cost is linear in the text).
    for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
      let a = at;
      while (a > 0 && mailChar(text.charCodeAt(a - 1))) a--;
      let b = at + 1;
      while (b < text.length && hostChar(text.charCodeAt(b))) b++;
      if (a < at) locals.push(bareLower(text.slice(a, at)));
      if (b > at + 1) hosts.push(bareLower(text.slice(at + 1, b)));
    }
    if (text.includes('://') || text.includes('www.')) {
      URL_HOST.lastIndex = 0;
      for (let m = URL_HOST.exec(text); m !== null; m = URL_HOST.exec(text))
        hosts.push(bareLower(m[1] as string));
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
  const infos: Array<WordInfo | undefined> = [];
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
          features: features(text, ws, infos, s, e, i, j, mailSpells),
          run,
        });
      }
    }
    i = j + 1;
  }
  return out;
}

/** What the features of a word are made of, computed once per word in a run. */
interface WordInfo {
  shape: string;
  suf: string;
  lex: 'G' | 'o' | 'p';
  stop: boolean;
  spelled: number;
}

function features(
  text: string,
  ws: readonly Word[],
  infos: Array<WordInfo | undefined>,
  s: number,
  e: number,
  runStart: number,
  runEnd: number,
  mailSpells: (lower: string) => number,
): number[] {
  const f: number[] = [];
  const n = e - s + 1;
  const ns = String(n);
  const first = ws[s] as Word;
  const last = ws[e] as Word;
  f.push(slot('bias'), slot('n=', ns));
  let lexPattern = '';
  let stops = 0;
  let mails = 0;
  let domains = 0;
  for (let k = s; k <= e; k++) {
    const w = ws[k] as Word;
    let info = infos[k];
    if (info === undefined) {
      const lex = GIVEN_NAMES.has(w.text) || GIVEN_NAMES.has(w.text.charAt(0) + w.lower.slice(1));
      info = {
        shape: shape(w.text),
        suf: w.lower.slice(-3),
        lex: w.particle ? 'p' : lex ? 'G' : 'o',
        stop: NOT_NAMES.has(w.text) || NOT_NAME_WORDS.has(w.text),
        spelled: mailSpells(w.lower),
      };
      infos[k] = info;
    }
    const pos = k === s ? 'f' : k === e ? 'l' : 'm';
    lexPattern += info.lex;
    if (info.stop) stops++;
    if (info.spelled === 1) mails++;
    else if (info.spelled === 2) domains++;
    f.push(
      slot(pos, ':w=', w.lower),
      slot(pos, ':sh=', info.shape),
      slot(pos, ':suf=', info.suf),
      slot('w=', w.lower),
    );
    if (w.text.length <= 2) f.push(slot(pos, ':short'));
  }
  const many = n > 1 ? 'multi' : 'one';
  f.push(
    slot('lex=', lexPattern),
    slot('stops=', String(Math.min(stops, 2))),
    slot('mails=', String(Math.min(mails, 2)), '/', many),
    slot('domains=', String(Math.min(domains, 2)), '/', many),
  );
  const runFull = s === runStart && e === runEnd;
  f.push(
    slot('run=', s === runStart ? 'S' : 's', e === runEnd ? 'E' : 'e'),
    slot('run=', runFull ? 'true' : 'false', '&n=', ns),
  );
  const p1 = s > 0 ? (ws[s - 1] as Word) : undefined;
  const p2 = s > 1 ? (ws[s - 2] as Word) : undefined;
  const n1 = e + 1 < ws.length ? (ws[e + 1] as Word) : undefined;
  const n2 = e + 2 < ws.length ? (ws[e + 2] as Word) : undefined;
  const pc = charBefore(text, first.start);
  const nc = charAfter(text, last.end);
  const p1w = p1 !== undefined && first.start - p1.end <= 4 ? p1.lower : '_';
  const p2w = p1w !== '_' && p2 !== undefined && p1 !== undefined && p1.start - p2.end <= 4 ? p2.lower : '_';
  const n1w = n1 !== undefined && n1.start - last.end <= 4 ? n1.lower : '_';
  const n2w = n1w !== '_' && n2 !== undefined && n1 !== undefined && n2.start - n1.end <= 4 ? n2.lower : '_';
  const sentenceStart = pc === '^' || pc === 'NL' || pc === '.' || pc === '!' || pc === '?';
  f.push(
    slot('p1=', p1w),
    slot('p2p1=', p2w, ' ', p1w),
    slot('n1=', n1w),
    slot('n1n2=', n1w, ' ', n2w),
    slot('pc=', pc),
    slot('nc=', nc),
    slot('pc=', pc, '&p1=', p1w),
    slot('nc=', nc, '&n1=', n1w),
    slot('pc=', pc, '&nc=', nc),
    slot('pc=', pc, '&lex=', lexPattern),
    slot('nc=', nc, '&lex=', lexPattern),
    slot(
      'ss=',
      sentenceStart ? 'true' : 'false',
      '&n=',
      String(Math.min(n, 3)),
      '&f0=',
      lexPattern.charAt(0),
    ),
  );
  return f;
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
      if (headingLine(text, c.start, c.end)) continue;
      if (otherFieldValue(text, c.start, c.end)) continue;
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
      // "Nina Albers's desk": the possessive ending is not part of the name.
      const end = /['’]s$/u.test(text.slice(c.end - 2, c.end)) ? c.end - 2 : c.end;
      out.push({ type: 'name', start: c.start, end, confidence: conf });
    }
  }
}

/** Closings and greetings that put a name alone on the line below them ("Best,", "Danke"). */
const CLOSING_LINE =
  /(?:[,!—–-]|thanks|thank you|regards|best|cheers|grüße|gruß|danke|merci|cordialement|bises|saludos|gracias|atentamente)[ \t]*$/iu;

/**
 * Whether a span fills a line of its own that follows a blank line with no closing above it:
 * the shape of a heading ("> 1ms\n\nCold Run"), not of a signature ("Best,\n\nAna Roux").
 */
function headingLine(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (text.slice(lineStart, start).trim() !== '') return false;
  const next = text.indexOf('\n', end);
  if (text.slice(end, next < 0 ? text.length : next).trim() !== '') return false;
  if (lineStart < 2 || text.charAt(lineStart - 2) !== '\n') return false;
  let prevEnd = lineStart - 2;
  while (prevEnd > 0 && text.charAt(prevEnd - 1) === '\n') prevEnd--;
  if (prevEnd === 0) return false;
  const prevStart = text.lastIndexOf('\n', prevEnd - 1) + 1;
  return !CLOSING_LINE.test(text.slice(prevStart, prevEnd));
}

/** The key of a quoted record value that ends right before `at` (`"product": "`). */
const QUOTED_KEY = /["']([\p{L}_-]{2,24})["'][ \t]*[:=][ \t]*["']$/u;

/**
 * Whether a span is the whole quoted value of a record field whose key is not a person's
 * (`{"product": "Golden Harvest"}`): the key says what the value is.
 */
function otherFieldValue(text: string, start: number, end: number): boolean {
  const q = text.charAt(end);
  if (q !== '"' && q !== "'") return false;
  const key = QUOTED_KEY.exec(text.slice(Math.max(0, start - 32), start));
  return key !== null && !NAME_KEYS.has((key[1] as string).toLowerCase());
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
