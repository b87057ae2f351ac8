/**
 * The option names of the built-in guardrails, so a misspelt one (`stratgy: 'block'`,
 * `treshold`) is refused instead of leaving the guardrail on its default. `Record<keyof …, true>`:
 * an option added to a guardrail's options type without being listed here is a type error, so a
 * real option can never be refused.
 */
import type { LanguageDetectorOptions } from './language-detector/index.js';
import type { ModerationProcessorOptions } from './moderation/index.js';
import type { PIIDetectorOptions } from './pii-detector/options.js';
import type { PromptInjectionDetectorOptions } from './prompt-injection-detector/index.js';
import type { RegexFilterProcessorOptions } from './regex-filter/index.js';
import type { SystemPromptScrubberOptions } from './system-prompt-scrubber/index.js';
import type { TokenCostControlOptions } from './token-cost-control/index.js';
import type { TokenLimiterOptions } from './token-limiter/index.js';
import type { UnicodeNormalizerOptions } from './unicode-normalizer/index.js';

export const PII_DETECTOR_OPTIONS: Record<keyof PIIDetectorOptions, true> = {
  model: true,
  mode: true,
  detectionTypes: true,
  threshold: true,
  strategy: true,
  redactionMethod: true,
  preserveFormat: true,
  includeDetections: true,
  bufferSize: true,
  onDetection: true,
  instructions: true,
  structuredOutputOptions: true,
  providerOptions: true,
  lastMessageOnly: true,
  errorStrategy: true,
  timeoutMs: true,
  stream: true,
  checkToolResults: true,
  toolResultLimits: true,
  ignoreDocumentationDomains: true,
};
export const PROMPT_INJECTION_DETECTOR_OPTIONS: Record<keyof PromptInjectionDetectorOptions, true> = {
  model: true,
  detectionTypes: true,
  threshold: true,
  strategy: true,
  includeScores: true,
  onDetection: true,
  instructions: true,
  structuredOutputOptions: true,
  providerOptions: true,
  lastMessageOnly: true,
  checkToolResults: true,
  toolResultLimits: true,
  maxScoredChars: true,
  oversizeStrategy: true,
  hybridBand: true,
  onViolation: true,
  mode: true,
  timeoutMs: true,
  errorStrategy: true,
};
export const MODERATION_OPTIONS: Record<keyof ModerationProcessorOptions, true> = {
  model: true,
  mode: true,
  categories: true,
  threshold: true,
  strategy: true,
  includeScores: true,
  chunkWindow: true,
  instructions: true,
  structuredOutputOptions: true,
  providerOptions: true,
  lastMessageOnly: true,
  errorStrategy: true,
  timeoutMs: true,
  stream: true,
  onViolation: true,
};
export const SYSTEM_PROMPT_SCRUBBER_OPTIONS: Record<keyof SystemPromptScrubberOptions, true> = {
  model: true,
  mode: true,
  strategy: true,
  customPatterns: true,
  redactionMethod: true,
  placeholderText: true,
  includeDetections: true,
  instructions: true,
  structuredOutputOptions: true,
  providerOptions: true,
  lastMessageOnly: true,
  errorStrategy: true,
  timeoutMs: true,
  stream: true,
  onViolation: true,
};
export const REGEX_FILTER_OPTIONS: Record<keyof RegexFilterProcessorOptions, true> = {
  rules: true,
  presets: true,
  strategy: true,
  phase: true,
  includeRedactedValues: true,
  streamCarryoverSize: true,
  strictPatterns: true,
};
export const UNICODE_NORMALIZER_OPTIONS: Record<keyof UnicodeNormalizerOptions, true> = {
  stripControlChars: true,
  stripFormatChars: true,
  preserveEmojis: true,
  collapseWhitespace: true,
  trim: true,
};
export const LANGUAGE_DETECTOR_OPTIONS: Record<keyof LanguageDetectorOptions, true> = {
  targetLanguages: true,
  model: true,
  mode: true,
  threshold: true,
  strategy: true,
  preserveOriginal: true,
  minTextLength: true,
  includeDetectionDetails: true,
  translationQuality: true,
  instructions: true,
  providerOptions: true,
  structuredOutputOptions: true,
  lastMessageOnly: true,
  errorStrategy: true,
  timeoutMs: true,
  onViolation: true,
};
export const TOKEN_COST_CONTROL_OPTIONS: Record<keyof TokenCostControlOptions, true> = {
  maxCost: true,
  scope: true,
  window: true,
  strategy: true,
  message: true,
  warnAtPercent: true,
  includeBreakdown: true,
  ledger: true,
  pricing: true,
  now: true,
  timeoutMs: true,
  failMode: true,
  reservation: true,
  maxQueuedWrites: true,
  onViolation: true,
};
export const TOKEN_LIMITER_OPTIONS: Record<keyof TokenLimiterOptions, true> = {
  limit: true,
  encoding: true,
  strategy: true,
  countMode: true,
  trimMode: true,
  atMaxRemoveTokens: true,
  tokenCounter: true,
  onMemoryTrim: true,
};
