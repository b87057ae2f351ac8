/**
 * `scoreInjection()`: the offline prompt-injection scorer. No model, no network, linear in the
 * text: it folds the text (`normalize.ts`, `scramble.ts`), runs the weighted pattern table
 * (`features.ts`), then scores again what attackers hide — decoded payloads (`decoders.ts`),
 * Unicode tag characters, hidden markup and quoted fragments meant to be joined — and damps what
 * only talks about attacks (teaching text with quoted examples, code that names chat tokens).
 * The rule score is finally blended with a small learned n-gram model (`model.ts`), which
 * generalises better to paraphrases the patterns do not know.
 */
import { decodePayloads } from './decoders.js';
import { FEATURES, INJECTION_CATEGORIES, type InjectionCategory, type InjectionFeature } from './features.js';
import { decodeWeights, type InjectionModel, modelLogit } from './model.js';
import {
  BLEND_CUT,
  BLEND_CUT_SHORT,
  BLEND_WEIGHT,
  MODEL_BIAS,
  MODEL_SCALE,
  MODEL_SHIFT,
  MODEL_WEIGHTS_B64,
  RULE_KEEP,
  RULE_KEEP_SHORT,
} from './model-weights.js';
import { foldText } from './normalize.js';
import { PatternUnion } from './pattern-union.js';
import { NOT_STANDALONE } from './rule-trust.js';
import { unscramble } from './scramble.js';

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

const META_CUES =
  /\b(?:prompt injections?|injection attacks?|jailbreak(?:s|ing)? (?:attempts?|attacks?|prompts?|techniques?)|attackers?|adversar(?:y|ial)|malicious (?:users?|inputs?|prompts?|documents?)|red[- ]team\w*|defend\w*|defen[cs]es?|mitigat\w*|detect\w*|for example|for instance|such as|e\.g\.|known as|is called|are called|phrases? like|strings? like|example of|examples|research\w*|paper|classifiers?|guardrails?|saniti[sz]\w*|security (?:team|training|awareness|review|researchers?)|training (?:data|set)|awareness|explain\w*|(?:a|the|working|known|new|famous|popular|old|this|that) jailbreaks?\b|role-?play jailbreaks?\b|(?:we|they|i) tested \d* ?(?:chatbots|models|assistants|llms)\b|unit tests?|test cases?|(?:our|the|a|my) (?:filter|detector|scanner|blocklist|regex)|the (?:string|phrase|text|pattern)\s+["'\u201c`]|(?:a|an|the) (?:jailbreak|prompt injection|injection attack) (?:is|are|means|refers|works)|(?:gets?|makes?|tricks?|causes?|forces?|convinces?|persuades?|manipulates?|coax(?:es)?)\s+(?:a|the|an)\s+(?:model|ai|llm|chatbot|assistant|language model)s?\s+(?:in)?to)\b|(?:lines?|sentences?|texts?|messages?|prompts?|inputs?) like|quiz\w*|(?:^|\n|\|\s*|:\s*|。\s*)(?:v|version|versión|versao|versão|版本|バージョン|버전)\s*\d+(?:\.\d+)+\s*[:：]|(?:asking|telling|instructing|prompting|getting)\s+(?:a|an|your)\s+(?:model|ai|llm|chatbot|assistant|bot|language model)s?\s+to\s+["'\u201c]|labell?ed (?:as|benign|malicious)|treat\w{0,4} (?:that|it|this|them|these|those|such \w{1,20}) as (?:data|untrusted|plain text|content)|prompt-injection|提示注入|提示詞注入|越狱攻击|攻击者|攻擊者|プロンプトインジェクション|攻撃者|프롬프트 인젝션|공격자|injection de prompt|attaquant|inyeccion de prompt|atacante|angreifer|beispiel|par exemple|por ejemplo|例如|例えば|예를 들어|\bgrep\b|\blog lines?\b|\b(?:blocked|flagged|rejected) (?:inputs?|prompts?|messages?|requests?)\b|\b(?:une?|des|la|cette) (?:phrases?|formules?) comme\b|\b(?:una|unas|la|esta) (?:frases?|expresion(?:es)?) como\b|\b(?:ein|einen|der|den) satze? wie\b|\bsatze wie\b|という(?:文|文章|フレーズ|一文|指示文)|のような(?:文|フレーズ)|(?:라는|같은)\s*(?:문장|문구|표현)|(?:这样|這樣|这类|這類|之类|之類)的(?:句子|话|話|指令)|安全(?:课|課|培训|培訓|教育)|演示了|研修資料|보안 교육/g;

const CODE_CUES =
  /```|\b(?:function|const|let|var|def|import|from|return|class|async|await|elif|printf|console\.log|println|tokenizer|apply_chat_template|f"|fmt\.)\b|=>|\{\s*"?role"?\s*:|\)\s*;|;\s*\n|(?<!\w)\w{1,64}\s*=\s*f?["'`]|\w\(\w*\)|<\/?code>/g;

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

// Hidden markup; the last group is the hidden text. HTML comments are found with `indexOf`
// (`htmlComments`). A tag's attributes never hold `<`, alt text never holds `[`, a link target
// never holds a parenthesis, a markdown comment never holds `(`: so a run of openers (`<<<<`,
// `![![![`, `](](`) is read once instead of a bounded window per opener. The hidden text of a
// styled or `hidden` element is still a bounded window (2,000 characters) per such element.
// A markdown comment `[//]: # (hidden text)`: its opener; the text is read by `markdownComments`.
const MARKDOWN_COMMENT_OPEN = /\[\/\/\]:\s{0,20}#\s{0,20}[("]/g;
/** Stands in {@link HIDDEN_MARKUP} for the markdown comments, found by `markdownComments`. */
const MARKDOWN_COMMENT = Symbol('markdown comment');

const HIDDEN_MARKUP: ReadonlyArray<RegExp | typeof MARKDOWN_COMMENT> = [
  /<(\w+)[^<>]{0,200}?style\s{0,20}=\s{0,20}["'][^"'<>]{0,200}?(?:display\s{0,20}:\s{0,20}none|visibility\s{0,20}:\s{0,20}hidden|font-size\s{0,20}:\s{0,20}0|opacity\s{0,20}:\s{0,20}0(?:\.0+)?\b|color\s{0,20}:\s{0,20}(?:white|#fff(?:fff)?\b|transparent)|height\s{0,20}:\s{0,20}0|left\s{0,20}:\s{0,20}-\d{3,})[^<>]{0,200}>([\s\S]{0,2000}?)<\/\1>/gi,
  /<(\w+)[^<>]{0,200}?\b(?:hidden|aria-hidden\s{0,20}=\s{0,20}["']true["'])[^<>]{0,200}>([\s\S]{0,2000}?)<\/\1>/gi,
  MARKDOWN_COMMENT,
  /!\[([^[\]]{8,500})\]\(/g,
  /\]\([^\s()]{1,500}\s{1,20}"([^"]{8,500})"\)/g,
];

/**
 * The text of up to `max` HTML comments (`<!--` … first `-->`, at most 2,000 characters), as the
 * lazy pattern `<!--([\s\S]{0,2000}?)-->` would find them, in one pass: the next `-->` is looked
 * up once and reused by every opener before it.
 */
function htmlComments(raw: string, max: number): string[] {
  const out: string[] = [];
  let close = -1;
  for (let open = raw.indexOf('<!--'); open !== -1 && out.length < max; ) {
    const from = open + 4;
    if (close < from) close = raw.indexOf('-->', from);
    if (close === -1) break;
    if (close - from <= 2000) {
      out.push(raw.slice(from, close));
      open = raw.indexOf('<!--', close + 3);
    } else open = raw.indexOf('<!--', open + 1);
  }
  return out;
}

/**
 * The text of up to `max` markdown comments (`[//]: # (text)` or `[//]: # "text"`): after the
 * opener, a run of at most 2,000 characters holding no parenthesis or double quote, closed by `)`
 * or `"` — what `/\[\/\/\]:\s{0,20}#\s{0,20}[("]([^()"]{0,2000})[)"]/g` finds, read with one
 * bounded walk per opener instead of a 2,000-character repetition the regex check analyses slowly.
 * Exported for its equivalence test; not part of the public API.
 */
export function markdownComments(raw: string, max: number): string[] {
  const out: string[] = [];
  const re = MARKDOWN_COMMENT_OPEN;
  re.lastIndex = 0;
  for (let m = re.exec(raw); m !== null && out.length < max; m = re.exec(raw)) {
    const from = m.index + m[0].length;
    const limit = Math.min(raw.length, from + 2001);
    let end = from;
    while (end < limit) {
      const c = raw.charCodeAt(end);
      if (c === 0x28 || c === 0x29 || c === 0x22) break;
      end++;
    }
    const close = raw.charCodeAt(end);
    if (end - from > 2000 || !(close === 0x29 || close === 0x22)) continue;
    out.push(raw.slice(from, end));
    re.lastIndex = end + 1;
  }
  re.lastIndex = 0;
  return out;
}

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

// Sentence ends for sentence-scoped modifiers (Latin and CJK punctuation, line breaks).
const SENTENCE_END = /[.!?;\n\u3002\uff01\uff1f\uff1b]/;

const NEXT_MATCH = new Map<string, NextMatch>();
const SCOPED_IDS = new Map<string, ReadonlySet<string>>();

function scopedIds(f: InjectionFeature): ReadonlySet<string> {
  let ids = SCOPED_IDS.get(f.id);
  if (ids === undefined) {
    ids = new Set(f.dampens?.ids ?? []);
    SCOPED_IDS.set(f.id, ids);
  }
  return ids;
}

/**
 * The [start, end) spans of the sentences a modifier matched in (at most 8 matches), as a flat
 * array. Linear: one global scan plus a bounded walk to each match's sentence ends.
 */
function sentenceSpans(f: InjectionFeature, text: string): number[] {
  let next = NEXT_MATCH.get(f.id);
  if (next === undefined) {
    next = nextMatchOf(f.re);
    NEXT_MATCH.set(f.id, next);
  }
  const spans: number[] = [];
  let lastEnd = -1;
  for (let m = next(text, 0), n = 0; m !== null && n < 8; n++) {
    const index = m.index;
    const length = m[0].length;
    if (index >= lastEnd) {
      let start = index;
      while (start > 0 && !SENTENCE_END.test(text[start - 1] as string) && index - start < 400) start--;
      let end = index + length;
      while (end < text.length && !SENTENCE_END.test(text[end] as string) && end - index < 400) end++;
      spans.push(start, end);
      lastEnd = end;
    }
    m = next(text, index + length + (length === 0 ? 1 : 0));
  }
  return spans;
}

/** The next match at or after `from` of a feature's pattern, as one global scan would find it. */
type NextMatch = (text: string, from: number) => RegExpExecArray | null;

function nextMatchOf(re: RegExp | PatternUnion): NextMatch {
  const union = re instanceof PatternUnion ? re : new PatternUnion(re.source, re.flags);
  return (text, from) => union.nextMatch(text, from);
}

function inSpans(spans: readonly number[], at: number): boolean {
  for (let i = 0; i < spans.length; i += 2)
    if (at >= (spans[i] as number) && at < (spans[i + 1] as number)) return true;
  return false;
}

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
  for (const segment of htmlComments(raw, 8)) hidden(segment);
  for (const re of HIDDEN_MARKUP) {
    if (re === MARKDOWN_COMMENT) {
      for (const segment of markdownComments(raw, 8)) hidden(segment);
      continue;
    }
    re.lastIndex = 0;
    let found = 0;
    for (let m = re.exec(raw); m !== null && found < 8; m = re.exec(raw)) {
      found++;
      hidden(m[m.length - 1] ?? '');
    }
    re.lastIndex = 0;
  }

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

let model: InjectionModel | undefined;

/**
 * The learned model's probability at or above which a rule score built on features that may not
 * stand alone (`rule-trust.ts`) still stands on its own: the model does not read the text as
 * innocent. Chosen on leave-one-set-out CV (`eval/injection/loso.ts`, issue #11 round 4): with
 * blind set 5 held out, 0.2 and 0.3 keep recall@1%FPR at 27.0% (24.0% with no corroboration,
 * 27.5% when every feature stands alone) at a hard-negative FPR of 2.9% (4.9% when every feature
 * stands alone); pooled recall@1%FPR 72.3% at 0.2, 71.9% at 0.3. Not part of the public API.
 */
export const CORROBORATE_P = 0.2;

/** Blended scores under this with no rule evidence read 0. */
const MODEL_FLOOR = 0.05;

/** Highest score of a document (not a short message) on the learned model's evidence alone. */
const MODEL_ONLY_DOC_CAP = 0.69;

/**
 * Blends the rule score with the learned n-gram model (`model.ts`):
 * `BLEND_WEIGHT·rule + (1 − BLEND_WEIGHT)·σ(logit − MODEL_SHIFT)`, remapped piecewise-linearly so
 * the blend cut lands on the default threshold 0.7 (`BLEND_CUT_SHORT` for short messages,
 * `BLEND_CUT` for documents); a sure rule score (`sure`: only features whose stand-alone precision
 * over every development set is near 1, see `rule-trust.ts`) of at least `RULE_KEEP_SHORT` /
 * `RULE_KEEP` stands on its own. The other features count only through the blend, where the
 * model can outvote them. Weights and constants come from `eval/injection/train-model.ts` (calibrated on
 * leave-one-set-out CV).
 */
function blendWithModel(rule: number, sure: number, text: string, folded = foldText(text).text): number {
  model ??= decodeWeights(MODEL_WEIGHTS_B64, MODEL_SCALE, MODEL_BIAS);
  const p = 1 / (1 + Math.exp(-(modelLogit(model, folded) - MODEL_SHIFT)));
  const b = BLEND_WEIGHT * rule + (1 - BLEND_WEIGHT) * p;
  const short = isShortMessage(text);
  const cut = short ? BLEND_CUT_SHORT : BLEND_CUT;
  const mapped = b < cut ? (0.7 * b) / cut : 0.7 + (0.3 * (b - cut)) / (1 - cut);
  // Faint model evidence alone is noise: a text no rule fires on and the model barely scores reads 0.
  if (rule === 0 && mapped < MODEL_FLOOR) return 0;
  // The model alone never flags a document (issue #11 round 5): a long text no rule fires on is
  // structured tool output, a config or a log far more often than an attack, and the n-grams of
  // such text (JSON keys, "assistant", "instructions" in notes) lifted dev4's leave-one-set-out
  // hard-negative FPR to 5.4–11.8% at scores 0.70–0.73; capped, 1.1%, with no attack lost at 0.7.
  if (rule === 0 && !short && mapped >= MODEL_ONLY_DOC_CAP) return MODEL_ONLY_DOC_CAP;
  const keep = short ? RULE_KEEP_SHORT : RULE_KEEP;
  // A feature that may not stand alone still counts as a certainty when the model leans its way.
  const standing = p >= CORROBORATE_P ? rule : Math.min(sure, rule);
  return Math.min(1, Math.max(mapped, standing >= keep ? standing : 0));
}

/**
 * A short message (at most 400 characters on at most four lines) rather than a document: in a
 * short message a strong rule match is most of the text, so a rule score of at least
 * `RULE_KEEP_SHORT` stands on its own; in a document (code, configs, logs, chat transcripts) the
 * same words are far more often innocent, so only `RULE_KEEP` does. Not part of the public API.
 */
export function isShortMessage(text: string): boolean {
  if (text.length > 400) return false;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) if (++lines > 4) return false;
  return true;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
