/**
 * Offline system-prompt leak detection: word shingles (runs of {@link LEAK_SHINGLE_TOKENS}
 * normalised tokens) of the system messages, looked up while sliding over the output. Han and
 * kana characters count as one token each (those scripts do not separate words by spaces).
 * Matching runs merge into one span per leak, so a quoted paragraph is one detection.
 */
import type { MessageList } from '../../messages/message-list.js';
import type { CoreSystemMessage } from '../../messages/types.js';
import { comparisonKey } from '../guardrails/confusables.js';
import { comparisonView } from '../guardrails/text-view.js';

/** Consecutive matching tokens that make a leak (about one sentence). */
export const LEAK_SHINGLE_TOKENS = 8;
/** Short shingles for the hybrid grey band: some overlap, but no full run. */
const HINT_TOKENS = 4;

/** One Han/kana character, or a run of other letters and digits. */
const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}])+/gu;

/**
 * Token positions of `text` (offsets into `text` as written) and their comparison keys. Both the
 * system prompt and the output go through this, so both are folded alike: invisible characters
 * removed (a zero-width space inside a word does not split it), NFKC, then case and TR39
 * look-alikes (`Ѕесrеt` with Cyrillic letters is `secret`).
 */
function tokenize(text: string): { values: string[]; starts: number[]; ends: number[] } {
  const values: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const view = comparisonView(text);
  const seen = view.text;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(seen); m !== null; m = TOKEN.exec(seen)) {
    values.push(comparisonKey(m[0]));
    const span = view.toOriginal(m.index, m.index + m[0].length);
    starts.push(span.start);
    ends.push(span.end);
  }
  return { values, starts, ends };
}

/** The shingles of a set of system texts, built once per distinct system prompt. */
export interface SystemPromptIndex {
  /** Full-length shingles. */
  shingles: ReadonlySet<string>;
  /** Short shingles (grey band for hybrid mode). */
  hints: ReadonlySet<string>;
  /** Whether any system text is long enough to leak detectably. */
  empty: boolean;
}

/** Index the system messages' text. */
export function indexSystemPrompt(texts: readonly string[]): SystemPromptIndex {
  const shingles = new Set<string>();
  const hints = new Set<string>();
  for (const text of texts) {
    const { values } = tokenize(text);
    for (let i = 0; i + HINT_TOKENS <= values.length; i++) {
      hints.add(values.slice(i, i + HINT_TOKENS).join(' '));
      if (i + LEAK_SHINGLE_TOKENS <= values.length)
        shingles.add(values.slice(i, i + LEAK_SHINGLE_TOKENS).join(' '));
    }
  }
  return { shingles, hints, empty: shingles.size === 0 };
}

/** A leaked run of system-prompt text in the output. */
export interface LeakSpan {
  start: number;
  /** Exclusive. */
  end: number;
  /** Tokens in the run. */
  tokens: number;
}

/**
 * Runs of `text` that repeat the indexed system prompt, plus how many short shingles matched
 * outside those runs (the hybrid grey band). Linear in the text.
 */
export function findLeaks(
  text: string,
  index: SystemPromptIndex,
): { spans: LeakSpan[]; hintMatches: number } {
  const spans: LeakSpan[] = [];
  let hintMatches = 0;
  if (index.empty) return { spans, hintMatches };
  const { values, starts, ends } = tokenize(text);
  const n = LEAK_SHINGLE_TOKENS;
  // covered[i]: token i lies in a matching full shingle.
  let runStart = -1;
  let runEnd = -1;
  for (let i = 0; i + n <= values.length; i++) {
    if (index.shingles.has(values.slice(i, i + n).join(' '))) {
      if (runStart !== -1 && i <= runEnd) runEnd = i + n - 1;
      else {
        if (runStart !== -1) spans.push(span(runStart, runEnd, starts, ends));
        runStart = i;
        runEnd = i + n - 1;
      }
    }
  }
  if (runStart !== -1) spans.push(span(runStart, runEnd, starts, ends));
  for (let i = 0; i + HINT_TOKENS <= values.length; i++) {
    const at = starts[i] as number;
    if (spans.some((s) => at >= s.start && at < s.end)) continue;
    if (index.hints.has(values.slice(i, i + HINT_TOKENS).join(' '))) hintMatches++;
  }
  return { spans, hintMatches };
}

function span(first: number, last: number, starts: readonly number[], ends: readonly number[]): LeakSpan {
  return { start: starts[first] as number, end: ends[last] as number, tokens: last - first + 1 };
}

/** The text of the run's system messages, as one string (what a leak is compared with). */
export function systemText(messageList: MessageList | undefined): string {
  if (messageList === undefined) return '';
  return messageList
    .getAllSystemMessages()
    .map((m: CoreSystemMessage) =>
      typeof m.content === 'string' ? m.content : m.content.map((p) => p.text).join('\n'),
    )
    .join('\n\n');
}
