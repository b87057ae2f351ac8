/**
 * `PIIDetector` options: their types, documented defaults and validation. Every bad value is a
 * `PROCESSOR_INVALID_OPTIONS` error naming the option and the fix.
 */
import type { ModelConfig, ProviderOptions } from '../../models/call-settings.js';
import {
  checkErrorStrategy,
  checkTimeoutMs,
  type GuardrailMode,
  type GuardrailStreamOptions,
  type GuardrailStructuredOutputOptions,
  resolveGuardrailMode,
  resolveToolResultLimits,
  type ToolResultLimits,
} from '../guardrails/index.js';
import { invalidOptionFor, oneOf, describeOptionValue as show } from '../option-errors.js';
import { PII_TYPES } from './detect/index.js';
import type { PIIType } from './detect/types.js';
import type { PIIRedactionMethod } from './redact.js';

/** The processor id of `PIIDetector`. */
export const PII_DETECTOR_ID = 'pii-detector';

/** What `PIIDetector` does with detected personal data. */
export type PIIStrategy = 'block' | 'warn' | 'filter' | 'redact';

/** Types only a model finds reliably; offline they need a cue (hybrid asks the model for them). */
export const MODEL_TYPES: readonly PIIType[] = ['name', 'address', 'date-of-birth'];

/** The documented default `detectionTypes`. */
export const DEFAULT_DETECTION_TYPES: readonly PIIType[] = [
  'email',
  'phone',
  'credit-card',
  'ssn',
  'api-key',
  'ip-address',
  'name',
  'address',
  'date-of-birth',
  'url',
  'uuid',
  'crypto-wallet',
  'iban',
];

/** A category score of a {@link PIIDetectionResult}. */
export interface PIICategoryScore {
  type: string;
  score: number;
}

/** One detection of a {@link PIIDetectionResult} (the documented helper-model shape). */
export interface PIIResultDetection {
  type: string;
  value: string;
  confidence: number;
  start: number;
  end: number;
  redacted_value?: string | null;
}

/**
 * The result of one check, in the documented helper-model shape; the offline detector reports
 * the same shape. `detections` holds those at or above `threshold`.
 */
export interface PIIDetectionResult {
  categories: PIICategoryScore[] | null;
  detections: PIIResultDetection[] | null;
  redacted_content?: string | null;
}

/** What `onDetection` receives for every analysed text. */
export interface PIIDetectionEvent {
  detectionResult: PIIDetectionResult;
  /** The text that was checked. */
  input: string;
  /** Whether anything at or above the threshold was found. */
  flagged: boolean;
  strategyApplied: PIIStrategy | 'none';
  /** Where the text was: a Sluice addition. */
  hook: 'processInput' | 'processOutputStream' | 'processOutputResult' | 'processToolResult';
}

/** Options of `PIIDetector` (api-reference 6.11 plus the guardrail options of Sluice). */
export interface PIIDetectorOptions {
  /**
   * Helper model. With it (and no `mode`) every check asks the model, as in Mastra. Without it
   * the offline detector (`detectPII`) is used and nothing goes over the network.
   */
  model?: ModelConfig;
  /**
   * `'llm'` (default with a `model`), `'offline'` (default without), `'hybrid'`: offline first,
   * the model only for names, addresses and dates of birth (offline finds them only after a cue)
   * and for offline candidates scored up to 0.3 below `threshold`.
   */
  mode?: GuardrailMode;
  /**
   * Types to find. Default: the thirteen documented types (see {@link DEFAULT_DETECTION_TYPES}).
   * Offline and hybrid modes know the types of `PIIType`; in `llm` mode any type the model can
   * be told about is allowed.
   */
  detectionTypes?: readonly (PIIType | (string & {}))[];
  /** Minimum confidence of a detection, 0–1. Default `0.6`. */
  threshold?: number;
  /** Default `'redact'`. */
  strategy?: PIIStrategy;
  /** Default `'mask'`. */
  redactionMethod?: PIIRedactionMethod;
  /** Mask keeping separators and the last four digits (`***-**-6789`). Default `true`. */
  preserveFormat?: boolean;
  /** Put the detections (values included) in tripwire metadata and violations. Default `false`. */
  includeDetections?: boolean;
  /**
   * Streaming, `llm` and `hybrid` modes: characters collected before the helper model is asked
   * about streamed text (one call per window, never per chunk). Default `200`. Offline streaming
   * uses `stream.windowChars` instead.
   */
  bufferSize?: number;
  /** Called for every analysed text; errors are logged and ignored. */
  onDetection?: (event: PIIDetectionEvent) => void | Promise<void>;
  /** Replaces the generated helper-model instructions. */
  instructions?: string;
  structuredOutputOptions?: GuardrailStructuredOutputOptions;
  providerOptions?: ProviderOptions;
  /** Check only the newest message of the input instead of every new one. Default `false`. */
  lastMessageOnly?: boolean;
  /**
   * A helper-model check that fails or runs past `timeoutMs`: `'warn'` (default) lets the text
   * through unchanged and reports; `'strict'` aborts the run. Offline checks do not fail.
   */
  errorStrategy?: 'warn' | 'strict';
  /** Time budget of one helper-model check in milliseconds. Default: none. */
  timeoutMs?: number;
  /** Stream hold-back window (see `createStreamWindow`). Defaults: 160 / 64 characters. */
  stream?: GuardrailStreamOptions;
  /**
   * Also check tool results (`processToolResult`, an output-lane hook: list the detector in
   * `outputProcessors`) before the model sees them, with the same strategy (`filter` replaces
   * the result with a notice; `redact` rewrites every string inside a copy). Default `false`.
   */
  checkToolResults?: boolean;
  /**
   * Bounds of one tool result's check (with `checkToolResults`): every string in it — values and
   * property names — is checked, up to these bounds; a result past any of them is blocked
   * (under `strategy: 'warn'` reported), never passed on unchecked. Defaults: 20,000 strings,
   * 1,000,000 characters, 64 levels of nesting (`DEFAULT_TOOL_RESULT_LIMITS`).
   */
  toolResultLimits?: Partial<ToolResultLimits>;
  /**
   * Let e-mail addresses at documentation domains (`example.com`, `*.test`, …) and placeholder
   * mailboxes (`user@…`, `someone@…`) through: offline they score 0.3, below the default
   * threshold (hybrid mode still asks the model about them, as about any grey-band score).
   * Default `false`: they are personal data like any address (a model that copies a user's
   * `someone@example.com` into its answer is not told apart from one that invents it).
   */
  ignoreDocumentationDomains?: boolean;
}

/** Options after validation and defaults. */
export interface ResolvedPIIOptions {
  mode: GuardrailMode;
  model: ModelConfig | undefined;
  types: readonly string[];
  threshold: number;
  strategy: PIIStrategy;
  redactionMethod: PIIRedactionMethod;
  preserveFormat: boolean;
  includeDetections: boolean;
  bufferSize: number;
  instructions: string | undefined;
  structuredOutputOptions: GuardrailStructuredOutputOptions | undefined;
  providerOptions: ProviderOptions | undefined;
  lastMessageOnly: boolean;
  errorStrategy: 'warn' | 'strict';
  timeoutMs: number | undefined;
  stream: GuardrailStreamOptions | undefined;
  checkToolResults: boolean;
  toolResultLimits: ToolResultLimits;
  ignoreDocumentationDomains: boolean;
}

const NAME = 'PIIDetector';
const invalid = invalidOptionFor(NAME, '"');

function bool(value: unknown, option: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw invalid(option, `must be true or false (got ${show(value)}).`);
  return value;
}

/** Validates `options` and applies the defaults. */
export function resolveOptions(options: PIIDetectorOptions | undefined): ResolvedPIIOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw invalid('options', `must be an object (got ${show(options)}).`);
  }
  const o = options ?? {};
  const mode = resolveGuardrailMode(NAME, { model: o.model, mode: o.mode });
  let types: readonly string[] = DEFAULT_DETECTION_TYPES;
  if (o.detectionTypes !== undefined) {
    if (!Array.isArray(o.detectionTypes) || o.detectionTypes.length === 0) {
      throw invalid('detectionTypes', `must be a non-empty array of types (got ${show(o.detectionTypes)}).`);
    }
    for (const t of o.detectionTypes) {
      if (typeof t !== 'string' || t === '') throw invalid('detectionTypes', `has a bad entry ${show(t)}.`);
      // A model can look for any kind of data it is told about; the offline detector cannot.
      if (mode !== 'llm' && !PII_TYPES.includes(t as PIIType)) {
        throw invalid(
          'detectionTypes',
          `has ${show(t)}, which the offline detector does not know. Known types: ${PII_TYPES.join(', ')}. Custom types need a "model" (mode 'llm').`,
        );
      }
    }
    types = [...new Set(o.detectionTypes)];
  }
  const threshold = o.threshold ?? 0.6;
  if (typeof threshold !== 'number' || !(threshold >= 0 && threshold <= 1)) {
    throw invalid('threshold', `must be a number from 0 to 1 (got ${show(threshold)}).`);
  }
  const strategy =
    oneOf(
      NAME,
      'strategy',
      o.strategy,
      ['block', 'warn', 'filter', 'redact'] as const,
      'option "strategy"',
    ) ?? 'redact';
  const redactionMethod =
    oneOf(
      NAME,
      'redactionMethod',
      o.redactionMethod,
      ['mask', 'hash', 'remove', 'placeholder'] as const,
      'option "redactionMethod"',
    ) ?? 'mask';
  const bufferSize = o.bufferSize ?? 200;
  if (typeof bufferSize !== 'number' || !Number.isSafeInteger(bufferSize) || bufferSize < 1) {
    throw invalid('bufferSize', `must be a positive integer number of characters (got ${show(bufferSize)}).`);
  }
  if (o.onDetection !== undefined && typeof o.onDetection !== 'function') {
    throw invalid('onDetection', `must be a function (got ${show(o.onDetection)}).`);
  }
  if (o.instructions !== undefined && (typeof o.instructions !== 'string' || o.instructions.trim() === '')) {
    throw invalid('instructions', `must be a non-empty string (got ${show(o.instructions)}).`);
  }
  if (o.stream !== undefined && (typeof o.stream !== 'object' || o.stream === null)) {
    throw invalid('stream', `must be an object { windowChars?, overlapChars? } (got ${show(o.stream)}).`);
  }
  const { windowChars, overlapChars } = o.stream ?? {};
  if (windowChars !== undefined && !(Number.isSafeInteger(windowChars) && (windowChars as number) >= 1)) {
    throw invalid(
      'stream.windowChars',
      `must be a positive integer number of characters (got ${show(windowChars)}).`,
    );
  }
  if (overlapChars !== undefined && !(Number.isSafeInteger(overlapChars) && (overlapChars as number) >= 0)) {
    throw invalid('stream.overlapChars', `must be an integer >= 0 (got ${show(overlapChars)}).`);
  }
  return {
    mode,
    model: o.model,
    types,
    threshold,
    strategy,
    redactionMethod,
    preserveFormat: bool(o.preserveFormat, 'preserveFormat', true),
    includeDetections: bool(o.includeDetections, 'includeDetections', false),
    bufferSize,
    instructions: o.instructions,
    structuredOutputOptions: o.structuredOutputOptions,
    providerOptions: o.providerOptions,
    lastMessageOnly: bool(o.lastMessageOnly, 'lastMessageOnly', false),
    errorStrategy: checkErrorStrategy(NAME, o.errorStrategy, 'warn'),
    timeoutMs: checkTimeoutMs(NAME, o.timeoutMs),
    stream: o.stream,
    checkToolResults: bool(o.checkToolResults, 'checkToolResults', false),
    toolResultLimits: resolveToolResultLimits(NAME, o.toolResultLimits),
    ignoreDocumentationDomains: bool(o.ignoreDocumentationDomains, 'ignoreDocumentationDomains', false),
  };
}
