/**
 * `scoreInjection()`: the offline prompt-injection scorer. No model, no network, linear in the
 * text: it folds the text (`normalize.ts`, `scramble.ts`), runs the weighted pattern table
 * (`features.ts`), then scores again what attackers hide — decoded payloads (`decoders.ts`),
 * Unicode tag characters, hidden markup and quoted fragments meant to be joined — and damps what
 * only talks about attacks (teaching text with quoted examples, code that names chat tokens).
 * The rule score is finally blended with a small learned n-gram model (`model.ts`), which
 * generalises better to paraphrases the patterns do not know.
 */

import { readFileSync } from 'node:fs';
import { blendWithModel } from './blend.js';
import { decodePayloads } from './decoders.js';
import { FEATURES, INJECTION_CATEGORIES, type InjectionCategory, type InjectionFeature } from './features.js';
import { hiddenSegments } from './hidden-text.js';
import { foldText } from './normalize.js';
import { PatternUnion } from './pattern-union.js';
import { NOT_STANDALONE } from './rule-trust.js';
import { unscramble } from './scramble.js';
import { inSpans, scopedIds, sentenceSpans } from './sentence-scope.js';

/** One category's score in an {@link InjectionScore}. */
export interface InjectionCategoryScore {
  type: InjectionCategory;
  /** In [0, 1]. */
  score: number;
}

/** What {@link scoreInjection} found. */
export interface InjectionScore {
  /** Overall likelihood that the text tries to inject instructions, in [0, 1]. */
  score: number;
  /** Categories with a non-zero score, highest first. */
  categories: InjectionCategoryScore[];
  /**
   * The evidence that fired, as stable names (feature ids such as `override`, `reveal-system-prompt`,
   * plus `encoded:base64`, `hidden-tags`, `hidden-markup`, `payload-split`, `obfuscated`,
   * `damped:meta`, `damped:code`). For logs and tuning; not a stable ranking.
   */
  signals: string[];
  /**
   * Characters past `maxChars` that were not scored; absent when the whole text was scored.
   * The score says nothing about them.
   */
  unscoredChars?: number;
}

interface Pass {
  score: number;
  /**
   * The rule score counting only features precise enough to stand alone (`rule-trust.ts`): what
   * may decide without the learned model. Never above `score`.
   */
  sure: number;
  cats: Map<InjectionCategory, number>;
  signals: string[];
  /** The folded text of the top-level pass, reused by the learned model (depth 0 only). */
  folded?: string;
}

/**
 * Default longest text one call scores (`maxChars` of {@link scoreInjection}, `maxScoredChars` of
 * `PromptInjectionDetector`): the characters past it are not scored, and the call says so
 * (`unscoredChars`, signal `truncated`). The detector never lets such a text pass silently.
 */
export const MAX_INJECTION_SCORED_CHARS = 1_000_000;

/**
 * Texts longer than this are scored in overlapping windows of this many characters, and the
 * highest window wins. A text up to this length is one window, scored exactly as a whole.
 */
export const INJECTION_WINDOW_CHARS = 100_000;

/**
 * Characters each window shares with the next: an attack up to this long that straddles a
 * window boundary is still read whole by one window. Longer than any pattern's reach (sentence
 * scopes read 400 characters either way, hidden markup up to about 2,400).
 */
export const INJECTION_WINDOW_OVERLAP = 5_000;

/** Options of {@link scoreInjection}. */
export interface ScoreInjectionOptions {
  /**
   * Score at most this many characters (default {@link MAX_INJECTION_SCORED_CHARS};
   * `Infinity` scores everything). The rest is reported as `unscoredChars`.
   */
  maxChars?: number;
}

// Text about attacks (teaching, reports) and code: the cue lists are data (`data/cues.json`).
const CUES = JSON.parse(readFileSync(new URL('./data/cues.json', import.meta.url), 'utf8')) as Record<
  'meta' | 'code',
  { re: string; flags: string }
>;
const META_CUES = new RegExp(CUES.meta.re, CUES.meta.flags);
const CODE_CUES = new RegExp(CUES.code.re, CUES.code.flags);

// Quoted spans: double quotes, typographic quotes, guillemets, CJK brackets, backticks, and
// single quotes that open after a space (so apostrophes in "don't" never open one). A span never
// holds its own opening mark, so a run of openers is read once, not 300 characters per opener.
const QUOTED =
  /"[^"\n]{2,300}"|\u201c[^\u201c\u201d\n]{2,300}\u201d|\u2018[^\u2018\u2019\n]{2,300}\u2019|«[^«»\n]{2,300}»|„[^„“\n]{2,300}“|「[^「」\n]{1,300}」|『[^『』\n]{1,300}』|`[^`\n]{2,300}`|(?:^|(?<=[\s(:]))'[^'\n]{2,300}'(?=[\s.,;:!?)]|$)/g;

// Whitespace runs folded as `foldText` does: one space, or one line break where a run has one.
const BLANKS = /[^\S\n]+/g;
const BLANKS_AT_BREAK = / ?\n\s*/g;

// Highest score of a text about attacks whose evidence is all inside quotes (below the default
// threshold: such text is reported, not blocked).
const QUOTED_EXAMPLES_CAP = 0.6;

// Splitting only works when the text asks for the pieces to be put back together.
const JOIN_HINT =
  /\b(?:concatenat\w*|combin\w*|join\w*|merg\w*|put (?:them |it )?together|together|assembl\w*|append\w*)\b|\b\w{1,3}\s*\+\s*\w{1,3}\b/;
const ACROSTIC_HINT = /\b(?:first|last|initial|capital)\s+(?:word|letter|character)s?\b/;

function noisyOr(values: Iterable<number>): number {
  let keep = 1;
  for (const v of values) keep *= 1 - Math.min(Math.max(v, 0), 1);
  return 1 - keep;
}

function countMatches(re: RegExp, text: string, cap: number): number {
  re.lastIndex = 0;
  let n = 0;
  const seen = new Set<string>();
  for (let m = re.exec(text); m !== null && n < cap; m = re.exec(text)) {
    if (m[0].length === 0) re.lastIndex++;
    else if (!seen.has(m[0])) {
      seen.add(m[0]);
      n++;
    }
  }
  re.lastIndex = 0;
  return n;
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/;
const EVIDENCE = FEATURES.filter((f) => f.dampens === undefined);
const MODIFIERS = FEATURES.filter((f) => f.dampens !== undefined);
// Zero-weight evidence (a cue another feature requires) does not corroborate on its own ('*').
const SILENT = new Set(EVIDENCE.filter((f) => f.weight === 0).map((f) => f.id));

// Features that may not stand alone (`rule-trust.ts`); swapped only by `scoreInjectionRuleParts`.
let notStandalone: ReadonlySet<string> = NOT_STANDALONE;

// Runs the feature table over already-folded text.
function featurePass(text: string, codeLike: boolean, damp: number): Pass {
  const cats = new Map<InjectionCategory, number[]>();
  const all: number[] = [];
  const sureAll: number[] = [];
  const signals: string[] = [];
  let damped: Map<string, number> | undefined;
  // Sentence-scoped modifiers: the sentences they matched in, and what they damp there.
  let local: Array<{ spans: number[]; ids: ReadonlySet<string>; factor: number }> | undefined;
  for (const f of MODIFIERS) {
    if (f.dampens === undefined || !f.re.test(text)) continue;
    signals.push(f.id);
    if (f.dampens.scope === 'sentence') {
      local ??= [];
      local.push({ spans: sentenceSpans(f, text), ids: scopedIds(f), factor: f.dampens.factor });
      continue;
    }
    damped ??= new Map();
    for (const id of f.dampens.ids) damped.set(id, Math.min(damped.get(id) ?? 1, f.dampens.factor));
  }
  const matched: InjectionFeature[] = [];
  const replaced = new Set<string>();
  const cjk = CJK.test(text);
  // Per-feature factor from sentence-scoped modifiers (only features they cover are looked up).
  let localFactor: Map<string, number> | undefined;
  for (const f of EVIDENCE) {
    if (f.script === 'cjk' && !cjk) continue;
    if (local === undefined) {
      if (!f.re.test(text)) continue;
    } else {
      const at = f.re instanceof PatternUnion ? f.re.firstIndex(text) : text.search(f.re);
      if (at < 0) continue;
      for (const l of local) {
        if (!l.ids.has(f.id) || !inSpans(l.spans, at)) continue;
        localFactor ??= new Map();
        localFactor.set(f.id, Math.min(localFactor.get(f.id) ?? 1, l.factor));
      }
    }
    matched.push(f);
    if (f.replaces) for (const id of f.replaces) replaced.add(id);
  }
  const fired = new Set<string>();
  for (const f of matched) if (f.requires === undefined && !replaced.has(f.id)) fired.add(f.id);
  for (const f of matched) {
    if (replaced.has(f.id)) continue;
    if (f.requires === undefined) add(f);
    else if (
      f.requires.some((id) =>
        id === '*' ? [...fired].some((x) => x !== f.id && !SILENT.has(x)) : fired.has(id),
      )
    )
      add(f);
  }
  function add(f: InjectionFeature): void {
    let w = f.weight * (damped?.get(f.id) ?? 1) * (localFactor?.get(f.id) ?? 1);
    if (f.kind === 'template' && codeLike) w *= 0.3;
    w *= damp;
    signals.push(f.id);
    all.push(w);
    if (!notStandalone.has(f.id)) sureAll.push(w);
    const list = cats.get(f.type);
    if (list) list.push(w);
    else cats.set(f.type, [w]);
  }
  const out = new Map<InjectionCategory, number>();
  for (const [k, v] of cats) out.set(k, noisyOr(v));
  return { score: noisyOr(all), sure: noisyOr(sureAll), cats: out, signals };
}

function merge(into: Pass, from: Pass, scale = 1, bonus = 0): void {
  const s = Math.min(1, from.score * scale + (from.score > 0 ? bonus : 0));
  if (s > into.score) into.score = s;
  const sure = Math.min(1, from.sure * scale + (from.sure > 0 ? bonus : 0));
  if (sure > into.sure) into.sure = sure;
  for (const [k, v] of from.cats) {
    const cv = Math.min(1, v * scale + bonus);
    if (cv > (into.cats.get(k) ?? 0)) into.cats.set(k, cv);
  }
  for (const sig of from.signals) if (!into.signals.includes(sig)) into.signals.push(sig);
}

function scoreDepth(raw: string, depth: number, inheritedCode = false): Pass {
  const folded = foldText(raw);
  const { text, restored } = unscramble(folded.text);
  const metaCount = countMatches(META_CUES, text, 4);
  const codeCount = countMatches(CODE_CUES, raw, 4);
  // A complete fenced block (two fences) is code even when nothing else in the text is.
  const fenced = raw.indexOf('```') !== -1 && raw.indexOf('```') !== raw.lastIndexOf('```');
  const codeLike = inheritedCode || codeCount >= 2 || fenced;
  let damp = metaCount >= 2 ? 0.45 : metaCount === 1 ? 0.8 : 1;

  // Teaching text quotes attack phrases; what stays outside the quotes is the author's own voice.
  let maskedPass: Pass | undefined;
  let quotedOnly = false;
  if (metaCount > 0) {
    QUOTED.lastIndex = 0;
    // The folded text has no whitespace runs; masking must not make one (quotes side by side
    // became one long run of spaces, which the patterns' `\s` steps read quadratically).
    const masked = text.replace(QUOTED, ' ').replace(BLANKS, ' ').replace(BLANKS_AT_BREAK, '\n');
    if (masked !== text) {
      maskedPass = featurePass(masked, codeLike, metaCount >= 2 ? 0.75 : 1);
      // Every piece of evidence sits inside quotes of a text that talks about attacks: the
      // quotes are examples, whatever they say (a red-team checklist, a quiz, a test case), and
      // several quoted examples must not add up to an attack.
      if (maskedPass.score < 0.3) {
        damp = Math.min(damp, 0.55);
        quotedOnly = true;
      }
    }
  }

  const result = featurePass(text, codeLike, damp);
  if (depth === 0) result.folded = folded.text;
  if (quotedOnly) {
    result.score = Math.min(result.score, QUOTED_EXAMPLES_CAP);
    result.sure = Math.min(result.sure, QUOTED_EXAMPLES_CAP);
    for (const [k, v] of result.cats) result.cats.set(k, Math.min(v, QUOTED_EXAMPLES_CAP));
  }
  if (damp < 1 && result.score > 0) result.signals.push('damped:meta');
  if (codeLike && result.signals.some((s) => FEATURES.find((f) => f.id === s)?.kind === 'template')) {
    result.signals.push('damped:code');
  }

  if (maskedPass) merge(result, maskedPass);

  const obfuscated =
    folded.homoglyphCount >= 2 || folded.leetCount >= 2 || restored >= 2 || folded.invisibleCount >= 3;
  if (obfuscated && result.score >= 0.3) {
    result.score = Math.min(1, result.score + 0.1);
    if (result.sure >= 0.3) result.sure = Math.min(1, result.sure + 0.1);
    result.signals.push('obfuscated');
  }

  if (depth >= 2) return result;

  if (folded.hiddenTags.length >= 4) {
    const hidden = scoreDepth(folded.hiddenTags, depth + 1);
    const tagsAlone: Pass = {
      score: 0.5,
      sure: 0.5,
      cats: new Map([['injection', 0.5]]),
      signals: ['hidden-tags'],
    };
    merge(result, tagsAlone);
    merge(result, hidden, 1, 0.15);
  }

  for (const payload of decodePayloads(raw, depth === 0)) {
    // A ROT13 view is never decoded again: ROT13 of ROT13 is the original text.
    const inner = scoreDepth(payload.text, payload.encoding === 'rot13' ? 2 : depth + 1);
    if (inner.score < (payload.encoding === 'rot13' ? 0.5 : 0.3)) continue;
    inner.signals.push(`encoded:${payload.encoding}`);
    merge(result, inner, 1, 0.1);
  }

  const hidden = (segment: string): void => {
    if (segment.trim().length < 8) return;
    const inner = scoreDepth(segment, depth + 1);
    if (inner.score < 0.3) return;
    inner.signals.push('hidden-markup');
    merge(result, inner, 1, 0.15);
  };
  for (const segment of hiddenSegments(raw, 8)) hidden(segment);

  // Acrostics: an instruction spelled by the first word of each line.
  if (depth === 0 && ACROSTIC_HINT.test(text)) {
    const lines = raw.split('\n', 64);
    if (lines.length >= 3) {
      const initials = lines.map((l) => l.trim().split(/\s+/, 1)[0] ?? '').join(' ');
      const inner = scoreDepth(initials, 2, codeLike);
      if (inner.score >= 0.5) {
        inner.signals.push('acrostic');
        merge(result, inner, 0.9);
      }
    }
  }

  // Payload splitting: an instruction cut into quoted pieces the model is asked to join.
  QUOTED.lastIndex = 0;
  const pieces: string[] = [];
  for (let m = QUOTED.exec(raw); m !== null && pieces.length < 12; m = QUOTED.exec(raw)) {
    if (m[0].length <= 82) pieces.push(m[0].slice(1, -1));
  }
  QUOTED.lastIndex = 0;
  if (pieces.length >= 2 && JOIN_HINT.test(text)) {
    for (const joined of [pieces.join(''), pieces.join(' ')]) {
      const inner = scoreDepth(joined, 2, codeLike);
      if (inner.score < 0.5) continue;
      // Quoting two attack phrases in a lesson is not splitting one; keep the meta damping.
      inner.signals.push('payload-split');
      merge(result, inner, damp < 1 ? damp : 0.95);
    }
  }
  return result;
}

/**
 * Scores how likely `text` is a prompt-injection or jailbreak attempt, offline (no model, no
 * network, linear time). The whole text is scored, up to `options.maxChars` (default
 * {@link MAX_INJECTION_SCORED_CHARS}); past {@link INJECTION_WINDOW_CHARS} in overlapping windows,
 * the highest window winning. Characters past `maxChars` are reported as `unscoredChars`.
 *
 * It covers direct overrides and their paraphrases, system-prompt and data exfiltration,
 * role-play jailbreaks, fake delimiters and chat-template tokens, instructions hidden in markup,
 * encoded payloads (base64, hex, ROT13, URL-encoding and HTML references are decoded and scored
 * again; leetspeak, homoglyphs, full-width, zero-width and tag characters are folded first),
 * scrambled-letter spellings, payload splitting and indirect injection inside documents and
 * tool output, in English, German, French, Spanish, Chinese, Japanese and Korean.
 *
 * Best-effort: a heuristic scorer misses novel phrasings and can flag unusual innocent text; see
 * docs/reference/eval.md for its measured precision and recall. `PromptInjectionDetector` flags a text when
 * `score >= threshold` (default `0.7`).
 */
export function scoreInjection(text: string, options: ScoreInjectionOptions = {}): InjectionScore {
  const input = typeof text === 'string' ? text : String(text);
  const max = scoredLength(options.maxChars);
  const scored = input.length > max ? input.slice(0, max) : input;
  let best = -1;
  const cats = new Map<InjectionCategory, number>();
  const signals: string[] = [];
  const seen = new Set<string>();
  // The maximum over the windows wins: every window is scored exactly as a text of its own.
  for (let start = 0, end = 0; ; start = nextWindowStart(start, end, scored.length)) {
    end = Math.min(scored.length, start + INJECTION_WINDOW_CHARS);
    const window = start === 0 && end === scored.length ? scored : scored.slice(start, end);
    const pass = scoreDepth(window, 0);
    const blended = blendWithModel(pass.score, pass.sure, window, pass.folded);
    if (blended > best) best = blended;
    for (const [k, v] of pass.cats) if (v > (cats.get(k) ?? 0)) cats.set(k, v);
    for (const sig of pass.signals) {
      if (seen.has(sig)) continue;
      seen.add(sig);
      signals.push(sig);
    }
    if (end === scored.length) break;
  }
  const unscored = input.length - scored.length;
  if (unscored > 0) signals.push('truncated');
  const categories: InjectionCategoryScore[] = [];
  for (const type of INJECTION_CATEGORIES) {
    const s = cats.get(type) ?? 0;
    if (s > 0) categories.push({ type, score: round(s) });
  }
  categories.sort((a, b) => b.score - a.score);
  const out: InjectionScore = { score: round(best), categories, signals };
  if (unscored > 0) out.unscoredChars = unscored;
  return out;
}

/** The checked `maxChars`: a positive integer or `Infinity`. */
function scoredLength(maxChars: number | undefined): number {
  if (maxChars === undefined) return MAX_INJECTION_SCORED_CHARS;
  if (typeof maxChars !== 'number' || Number.isNaN(maxChars) || maxChars < 1)
    throw new RangeError(
      `scoreInjection: maxChars must be a positive number or Infinity (got ${String(maxChars)}).`,
    );
  return Math.floor(maxChars);
}

/**
 * Where the window after [start, end) starts in a text of `length`: `INJECTION_WINDOW_OVERLAP`
 * before `end`, or earlier so the last window is a full one (a short tail scored alone would read
 * as a short message). Always past `start`, so the walk ends; the windows cover the text with at
 * most one extra window of work.
 */
function nextWindowStart(start: number, end: number, length: number): number {
  const next = end - INJECTION_WINDOW_OVERLAP;
  return Math.max(start + 1, Math.min(next, length - INJECTION_WINDOW_CHARS));
}

/**
 * The rule half of {@link scoreInjection} alone (no learned model): what the training script
 * and the eval's development rows compare the blend against. Not part of the public API.
 */
export function scoreInjectionRules(text: string): number {
  return scoreInjectionRuleParts(text).rule;
}

/**
 * The rule half split in two: `rule`, every feature ({@link scoreInjectionRules}), and `sure`,
 * only the features precise enough to stand alone without the learned model (`rule-trust.ts`).
 * What the training and leave-one-set-out scripts calibrate on. Not part of the public API.
 * Long texts are windowed as in {@link scoreInjection} (the highest window wins).
 */
export function scoreInjectionRuleParts(
  text: string,
  notStandaloneIds: ReadonlySet<string> = NOT_STANDALONE,
): { rule: number; sure: number } {
  const input = typeof text === 'string' ? text : String(text);
  const scored =
    input.length > MAX_INJECTION_SCORED_CHARS ? input.slice(0, MAX_INJECTION_SCORED_CHARS) : input;
  // The leave-one-set-out script passes the list chosen without the held-out set (synchronous,
  // restored before returning).
  notStandalone = notStandaloneIds;
  let rule = 0;
  let sure = 0;
  try {
    for (let start = 0, end = 0; ; start = nextWindowStart(start, end, scored.length)) {
      end = Math.min(scored.length, start + INJECTION_WINDOW_CHARS);
      const pass = scoreDepth(start === 0 && end === scored.length ? scored : scored.slice(start, end), 0);
      rule = Math.max(rule, pass.score);
      sure = Math.max(sure, Math.min(pass.sure, pass.score));
      if (end === scored.length) break;
    }
  } finally {
    notStandalone = NOT_STANDALONE;
  }
  return { rule: round(rule), sure: round(sure) };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
