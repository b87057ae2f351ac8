/**
 * What `PIIDetector` tells the outside world: tripwire metadata, violation detail and
 * `onDetection` events. Values are left out unless `includeDetections` is on, since reports
 * travel to clients and logs.
 */
import type { ToolResultOverflow } from '../guardrails/index.js';
import type { PIIResultDetection } from './options.js';

/** Where a check ran. */
export type PIIHook = 'processInput' | 'processOutputStream' | 'processOutputResult' | 'processToolResult';

/** One detection in a report: the value and redaction only with `includeDetections`. */
export interface PIIReportedDetection {
  type: string;
  start: number;
  end: number;
  confidence: number;
  value?: string;
  redacted_value?: string;
}

/**
 * `metadata` of the tripwire raised by `strategy: 'block'`, or by `'filter'` when it would
 * leave no input message to send.
 */
export interface PIITripwireMetadata {
  processorId: 'pii-detector';
  strategy: 'block' | 'filter';
  hook: PIIHook;
  /** Types found, without duplicates. */
  types: string[];
  detections: PIIReportedDetection[];
  messageId?: string;
  toolCallId?: string;
  /** A tool result past `toolResultLimits`: which bound (then `types` and `detections` are empty). */
  overflow?: ToolResultOverflow;
}

/** `detail` of the violations `warn`, `filter` and `redact` report to `onViolation`. */
export interface PIIViolationDetail {
  processorId: 'pii-detector';
  strategy: 'warn' | 'filter' | 'redact';
  hook: PIIHook;
  types: string[];
  detections: PIIReportedDetection[];
  messageId?: string;
  toolCallId?: string;
  /** Stream: the text block, and offsets are in it. */
  textId?: string;
  /** `warn` on a tool result past `toolResultLimits`: which bound (it went through unchecked). */
  overflow?: ToolResultOverflow;
}

/** Detections as reports put them: offsets shifted by `offset`, values only with `includeValues`. */
export function reported(
  detections: readonly PIIResultDetection[],
  includeValues: boolean,
  offset = 0,
  replacements?: readonly string[],
): PIIReportedDetection[] {
  return detections.map((d, i) => {
    const r: PIIReportedDetection = {
      type: d.type,
      start: d.start + offset,
      end: d.end + offset,
      confidence: d.confidence,
    };
    if (includeValues) {
      r.value = d.value;
      const replacement = replacements?.[i];
      if (replacement !== undefined) r.redacted_value = replacement;
    }
    return r;
  });
}

/** The types of `detections`, each once, in order of first appearance. */
export function typesOf(detections: readonly PIIResultDetection[]): string[] {
  return [...new Set(detections.map((d) => d.type))];
}
