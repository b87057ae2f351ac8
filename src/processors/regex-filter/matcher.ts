/**
 * The matching core of `RegexFilterProcessor`: compiled rules, one scan per text, overlapping
 * matches merged into spans. Pure; no processor or stream concerns.
 */
import { matchingView } from '../guardrails/text-view.js';

/** A rule ready to scan with: its own global clone of the pattern, so no `lastIndex` is shared. */
export interface CompiledRule {
  readonly name: string;
  readonly pattern: RegExp;
  readonly replacement: string;
  /** Extra check on a match (e.g. Luhn for card numbers); a failed check is no match. */
  readonly validate?: (match: string) => boolean;
}

/**
 * A stretch of text to replace: one match, or several overlapping ones merged. `rule` and
 * `replacement` come from the match that starts first (on a tie: the longer one, then the
 * earlier rule); the other rules it absorbed are in `overlappingRules`.
 */
export interface Span {
  start: number;
  end: number;
  rule: string;
  replacement: string;
  overlappingRules?: string[];
}

/**
 * Characters `findSpans` has scanned in this module instance (text after `from`, once per call).
 * Internal, for tests that pin the stream's cost without timing it; never reset by the code.
 */
export const scanCounter = { chars: 0 };

interface RawMatch {
  start: number;
  end: number;
  order: number;
}

/**
 * A global, non-sticky clone of `pattern`. Sticky matching would stop at the first position
 * without a match, so `y` is dropped; every other flag is kept.
 */
export function globalClone(pattern: RegExp): RegExp {
  let flags = pattern.flags.replace('y', '');
  if (!flags.includes('g')) flags += 'g';
  return new RegExp(pattern.source, flags);
}

/**
 * Every non-empty match of every rule in `text` starting at or after `from`, merged into
 * non-overlapping spans sorted by start. Text before `from` is still visible to lookbehinds
 * and `\b`, so context kept from earlier text keeps boundaries right. Linear in the text per
 * rule (for patterns that do not backtrack badly); empty matches are skipped.
 *
 * Rules match the text as written and its normalised view (`matchingView`: invisible
 * characters removed, NFKC, Latin look-alikes folded in tokens that mix them with ASCII);
 * matches on the view are mapped back, so a span covers the value as written, invisible
 * characters inside it included. Plain ASCII text is scanned once, as before.
 */
export function findSpans(
  text: string,
  from: number,
  rules: readonly CompiledRule[],
  /** `false`: the text as written only (the benchmark's baseline). */
  normalised = true,
): Span[] {
  const raw: RawMatch[] = [];
  collectMatches(text, from, rules, raw);
  const view = normalised ? matchingView(text) : undefined;
  if (view !== undefined && view.text !== text) {
    const before = raw.length;
    collectMatches(view.text, view.toView(from), rules, raw);
    if (!view.sameOffsets) {
      for (let i = before; i < raw.length; i++) {
        const match = raw[i] as RawMatch;
        const span = view.toOriginal(match.start, match.end);
        match.start = span.start;
        match.end = span.end;
      }
    }
  }
  return mergeMatches(raw, rules);
}

function collectMatches(text: string, from: number, rules: readonly CompiledRule[], raw: RawMatch[]): void {
  scanCounter.chars += text.length - from;
  for (let order = 0; order < rules.length; order++) {
    const rule = rules[order] as CompiledRule;
    const pattern = rule.pattern;
    pattern.lastIndex = from;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      const value = m[0];
      if (value.length === 0) {
        // An empty match never redacts anything; step past it (by code point under `u`/`v`).
        pattern.lastIndex =
          m.index + (pattern.unicode || pattern.flags.includes('v') ? codePointWidth(text, m.index) : 1);
        continue;
      }
      if (rule.validate !== undefined && !rule.validate(value)) {
        // A rejected match may hide a valid one starting inside it.
        pattern.lastIndex = m.index + 1;
        continue;
      }
      raw.push({ start: m.index, end: m.index + value.length, order });
    }
    pattern.lastIndex = 0;
  }
}

/** Overlapping matches merged into spans (the earliest, then longest, then first rule names it). */
function mergeMatches(raw: RawMatch[], rules: readonly CompiledRule[]): Span[] {
  if (raw.length === 0) return [];
  raw.sort((a, b) => a.start - b.start || b.end - a.end || a.order - b.order);
  const spans: Span[] = [];
  let current: Span | undefined;
  for (const match of raw) {
    const rule = rules[match.order] as CompiledRule;
    if (current !== undefined && match.start < current.end) {
      if (match.end > current.end) current.end = match.end;
      if (rule.name !== current.rule && !current.overlappingRules?.includes(rule.name)) {
        if (current.overlappingRules === undefined) current.overlappingRules = [rule.name];
        else current.overlappingRules.push(rule.name);
      }
      continue;
    }
    current = { start: match.start, end: match.end, rule: rule.name, replacement: rule.replacement };
    spans.push(current);
  }
  return spans;
}

function codePointWidth(text: string, index: number): number {
  const code = text.codePointAt(index);
  return code !== undefined && code > 0xffff ? 2 : 1;
}

/** `text[from, to)` with every span inside that range replaced by its replacement. */
export function applySpans(text: string, from: number, to: number, spans: readonly Span[]): string {
  let out = '';
  let at = from;
  for (const span of spans) {
    if (span.start >= to) break;
    out += text.slice(at, span.start) + span.replacement;
    at = span.end;
  }
  return out + text.slice(at, to);
}

/** The Luhn checksum used by payment card numbers; separators are ignored. */
export function passesLuhn(candidate: string): boolean {
  let sum = 0;
  let digits = 0;
  let double = false;
  for (let i = candidate.length - 1; i >= 0; i--) {
    const code = candidate.charCodeAt(i) - 48;
    if (code < 0 || code > 9) continue;
    let value = code;
    if (double) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
    digits++;
    double = !double;
  }
  return digits >= 12 && sum % 10 === 0;
}

/** A phone number has 7 to 15 digits (E.164 allows at most 15). */
export function hasPhoneDigits(candidate: string): boolean {
  let digits = 0;
  for (let i = 0; i < candidate.length; i++) {
    const code = candidate.charCodeAt(i);
    if (code >= 48 && code <= 57) digits++;
  }
  return digits >= 7 && digits <= 15;
}
