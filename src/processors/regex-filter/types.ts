/** The public shapes of `RegexFilterProcessor`: its options, rules, matches and violation details. */
import type { RegexFilterPreset } from './presets.js';

/** One custom rule of {@link RegexFilterProcessor}. */
export interface RegexFilterRule {
  /** Reported in tripwire metadata and violations. */
  name: string;
  /** What to find. Flags are kept; the processor works on its own global clone. */
  pattern: RegExp;
  /** What a match becomes under the `redact` strategy. Default `'[REDACTED]'`. */
  replacement?: string;
}

/** What {@link RegexFilterProcessor} does with a match. */
export type RegexFilterStrategy = 'block' | 'redact' | 'warn';

/** Where {@link RegexFilterProcessor} looks: the input, the response, or both. */
export type RegexFilterPhase = 'input' | 'output' | 'all';

/** The hook a violation was found in. */
export type RegexFilterHook = 'processInput' | 'processOutputStream' | 'processOutputResult';

/** Options of {@link RegexFilterProcessor}. At least one rule or preset is required. */
export interface RegexFilterProcessorOptions {
  /** Custom rules, checked before the presets (they win ties between overlapping matches). */
  rules?: readonly RegexFilterRule[];
  /**
   * Built-in rule sets: `'pii'` (rules `email`, `phone`, `ssn`, `credit-card` — Luhn-checked),
   * `'secrets'` (`api-key`, `aws-access-key`, `github-token`, `slack-token`, `google-api-key`,
   * `jwt`, `bearer-token`, `password`, `private-key`), `'urls'` (`url`). Their replacement is
   * `'[REDACTED]'`.
   */
  presets?: readonly RegexFilterPreset[];
  /** Default `'block'`. */
  strategy?: RegexFilterStrategy;
  /** Default `'all'`. */
  phase?: RegexFilterPhase;
  /**
   * Put the matched text in violations (`value`) and tripwire metadata (`match`). Default
   * `false`: the matched text is never repeated in reports, since the tripwire reaches the
   * client and reports tend to end up in logs.
   */
  includeRedactedValues?: boolean;
  /**
   * Characters of streamed text held back per text block so a match split across chunks is
   * caught whole. A match still growing at the end is held from its start, up to
   * `4 × max(size, 64)` characters; past that its replacement is sent and the rest of the match
   * is dropped as it arrives. A match that needs more than this many characters before it
   * matches at all can slip through partly. `0` holds nothing. Default `128`.
   */
  streamCarryoverSize?: number;
  /**
   * Refuse a rule whose pattern can backtrack super-linearly (a hostile message could then
   * stall the event loop). Rules are checked at construction with `recheck`, an optional peer
   * dependency: when it is installed, a flagged rule logs a warning by default and throws a
   * `ConfigurationError` (`PROCESSOR_PATTERN_NOT_LINEAR`) with `true`. With `true` and
   * `recheck` not installed, the constructor throws `PROCESSOR_PATTERN_CHECKER_MISSING`.
   * Presets are always linear (checked in Sluice's own tests). Default `false`.
   */
  strictPatterns?: boolean;
}

/** One match in {@link RegexFilterTripwireMetadata}. */
export interface RegexFilterMatch {
  rule: string;
  /**
   * The matched text when `includeRedactedValues` is on; otherwise the rule's replacement
   * (e.g. `'[REDACTED]'`), so the blocked value never travels in the tripwire.
   */
  match: string;
  /** Offset in the message part's text, or in the streamed text block. */
  index: number;
}

/** `metadata` of the tripwire raised by the `block` strategy. */
export interface RegexFilterTripwireMetadata {
  processorId: 'regex-filter';
  matches: RegexFilterMatch[];
  strategy: 'block';
}

/** One replaced stretch of text, as reported by the `redact` strategy. */
export interface RegexFilterRedaction {
  rule: string;
  /** Offset of the original text in the message part, or in the streamed text block. */
  index: number;
  /** Length of the original text replaced. */
  length: number;
  replacement: string;
  /** Other rules whose overlapping matches were merged into this one. */
  overlappingRules?: string[];
  /** The original text; only with `includeRedactedValues`. */
  value?: string;
}

/** Where a reported violation was found. */
export interface RegexFilterLocation {
  phase: RegexFilterHook;
  /** The message (`processInput`, `processOutputResult`). */
  messageId?: string;
  /** Index of the text part in `content.parts`; absent for the legacy `content.content` text. */
  partIndex?: number;
  /** The streamed text block (`processOutputStream`), a Sluice addition. */
  textId?: string;
}

/** `detail` of the violation reported per redacted message part or stream chunk. */
export interface RegexFilterRedactDetail extends RegexFilterLocation {
  strategy: 'redact';
  redactions: RegexFilterRedaction[];
}

/** `detail` of the violation reported per matching message part or stream chunk under `warn`. */
export interface RegexFilterWarnDetail extends RegexFilterLocation {
  strategy: 'warn';
  /** Same fields as a redaction; nothing was replaced. */
  matches: RegexFilterRedaction[];
}

/** Every `detail` the processor's `onViolation` can receive (block: the tripwire metadata). */
export type RegexFilterViolationDetail =
  | RegexFilterRedactDetail
  | RegexFilterWarnDetail
  | RegexFilterTripwireMetadata;
