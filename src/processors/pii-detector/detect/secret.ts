import { gluesToToken } from './boundaries.js';
import { entropy } from './checksums.js';
import { DIGEST_CUES, hasCueBefore, lastCueEnd, SECRET_CUES } from './cues.js';
import type { Candidate, ScanContext } from './types.js';

/**
 * Token formats of well-known providers: a fixed prefix, then the secret body. A token starts
 * where a token-character run starts (the lookbehind): a prefix repeated inside one long run
 * ("eyJeyJeyJ…") would otherwise rescan the rest of the run from every occurrence.
 */
const KNOWN = [
  /(?<![A-Za-z0-9_-])sk-(?:proj-|ant-(?:api\d\d-)?|svcacct-)?[A-Za-z0-9_-]{20,}/g,
  /(?<![A-Za-z0-9_-])(?:AKIA|ASIA)[A-Z0-9]{16}/g,
  /(?<![A-Za-z0-9_-])gh[pousr]_[A-Za-z0-9]{36,}/g,
  /(?<![A-Za-z0-9_-])github_pat_[A-Za-z0-9_]{60,}/g,
  /(?<![A-Za-z0-9_-])xox[abprs]-[A-Za-z0-9-]{10,}/g,
  /(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}/g,
  /(?<![A-Za-z0-9_-])(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g,
  /(?<![A-Za-z0-9_-])glpat-[A-Za-z0-9_-]{20,}/g,
  /(?<![A-Za-z0-9_-])hf_[A-Za-z0-9]{30,}/g,
  /(?<![A-Za-z0-9_-])npm_[A-Za-z0-9]{36}/g,
  /(?<![A-Za-z0-9_-])SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g,
  /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g,
];

/** A value after a secret cue: `api_key = "…"`, `token: …`. */
const ASSIGNED = /\s*[:=]\s*["'`]?([A-Za-z0-9_\-+/.]{16,})/y;

/** Bodies that are obviously not a real secret. */
const PLACEHOLDER =
  /(?:x{4,}|\*{3,}|\.{3}|your|example|placeholder|redacted|changeme|dummy|sample|insert|replace|<|>|\{|\}|1234567|abcdef(?:gh)?)/i;

/** `process.env.X`, `config.auth.token`: member access in code. */
const DOTTED_IDENTIFIER = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;
/** An environment variable's name (`MY_API_KEY`), not its value. */
const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/** `value` without its trailing full stops (a loop: `/[.]+$/` rescans a run of dots from each dot). */
function withoutTrailingDots(value: string): string {
  let end = value.length;
  while (end > 0 && value.charCodeAt(end - 1) === 46) end--;
  return value.slice(0, end);
}

/** Whether `body` looks random enough to be a generated secret. */
function looksRandom(body: string): boolean {
  if (PLACEHOLDER.test(body)) return false;
  const classes = Number(/[a-z]/.test(body)) + Number(/[A-Z]/.test(body)) + Number(/\d/.test(body));
  if (classes < 2) return false;
  return entropy(body) >= 3.2;
}

/**
 * API keys and tokens: the formats of known providers (OpenAI, Anthropic, AWS, GitHub, Slack,
 * Google, Stripe, GitLab, Hugging Face, npm, SendGrid, JWTs) with a random-looking body, and
 * any high-entropy value assigned after a secret cue (`api_key=…`, `password: …`).
 * Placeholders (`YOUR_API_KEY`, `sk-xxxx…`) and digests after a hash cue do not count.
 */
export function findSecrets({ text }: ScanContext, out: Candidate[]): void {
  for (const pattern of KNOWN) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (gluesToToken(text, start - 1) || gluesToToken(text, end)) continue;
      const body = m[0].replace(/^[A-Za-z]+[-_]((?:proj|ant|live|test|svcacct)[-_])?/, '');
      if (!looksRandom(body)) continue;
      out.push({ type: 'api-key', start, end, confidence: 0.95 });
    }
  }
  // Generic secrets: a cue, then `:` or `=`, then a random-looking value.
  SECRET_CUES.lastIndex = 0;
  for (let m = SECRET_CUES.exec(text); m !== null; m = SECRET_CUES.exec(text)) {
    ASSIGNED.lastIndex = m.index + m[0].length;
    const value = ASSIGNED.exec(text);
    if (value === null || value[1] === undefined) continue;
    // A sentence's full stop is not part of the value.
    const body = withoutTrailingDots(value[1]);
    const start = ASSIGNED.lastIndex - value[1].length;
    if (lastCueEnd(text, start, DIGEST_CUES, 40) >= 0) continue;
    if (/^[0-9a-f]+$/i.test(body) && hasCueBefore(text, start, DIGEST_CUES, 60)) continue;
    if (!looksRandom(body)) continue;
    // Code, not a value: `apiKey: process.env.MY_API_KEY`, `token = manager.attach(...)`. A
    // generated secret of this length virtually always has a digit; identifiers rarely do.
    if (DOTTED_IDENTIFIER.test(body) || ENV_NAME.test(body) || !/\d/.test(body)) continue;
    out.push({ type: 'api-key', start, end: start + body.length, confidence: 0.85 });
  }
}
