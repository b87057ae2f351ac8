/**
 * What `PIIDetector` tells the outside world: tripwire metadata, violation detail and
 * `onDetection` events. Values are left out unless `includeDetections` is on, since reports
 * travel to clients and logs.
 */
import type { ProcessorViolation } from '../../pipeline/types.js';
import type { GuardrailFailure, ToolResultOverflow } from '../guardrails/index.js';
import {
  PII_DETECTOR_ID,
  type PIIResultDetection,
  type PIIStrategy,
  type ResolvedPIIOptions,
} from './options.js';
import { redactValue } from './redact.js';

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
function reported(
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

/** Where a detection was made: the message, the tool call or the streamed text part. */
export interface PIIWhere {
  messageId?: string;
  toolCallId?: string;
  textId?: string;
}

/** The reason a block names: which types were found, and where. */
export function blockReason(detections: readonly PIIResultDetection[], hook: PIIHook): string {
  const where =
    hook === 'processInput' ? 'the input' : hook === 'processToolResult' ? 'a tool result' : 'the response';
  return `Blocked: personal data (${typesOf(detections).join(', ')}) found in ${where} by pii-detector.`;
}

/** The tripwire metadata of a block (`offset` shifts stream-window positions into the text). */
export function blockMetadata(
  detections: readonly PIIResultDetection[],
  hook: PIIHook,
  where: PIIWhere,
  includeDetections: boolean,
  offset = 0,
): PIITripwireMetadata {
  return {
    processorId: PII_DETECTOR_ID,
    strategy: 'block',
    hook,
    types: typesOf(detections),
    detections: reported(detections, includeDetections, offset),
    ...where,
  };
}

/** A processor's `onViolation` callback, when one is set. */
type ViolationCallback = ((violation: ProcessorViolation) => void | Promise<void>) | undefined;

/** Tells `onViolation` what a non-blocking strategy did; a failing callback never disturbs the run. */
export async function notifyViolation(
  callback: ViolationCallback,
  o: Pick<ResolvedPIIOptions, 'includeDetections' | 'redactionMethod' | 'preserveFormat'>,
  found: {
    strategy: Exclude<PIIStrategy, 'block'>;
    detections: readonly PIIResultDetection[];
    hook: PIIHook;
    where: PIIWhere;
    offset: number;
  },
): Promise<void> {
  if (typeof callback !== 'function') return;
  const { strategy, detections, hook, where, offset } = found;
  const replacements =
    strategy === 'redact' && o.includeDetections
      ? detections.map((d) => redactValue(d.type, d.value, o.redactionMethod, o.preserveFormat))
      : undefined;
  const detail: PIIViolationDetail = {
    processorId: PII_DETECTOR_ID,
    strategy,
    hook,
    types: typesOf(detections),
    detections: reported(detections, o.includeDetections, offset, replacements),
    ...where,
  };
  const verb = strategy === 'redact' ? 'redacted' : strategy === 'filter' ? 'filtered' : 'found';
  try {
    await callback({
      processorId: PII_DETECTOR_ID,
      message: `pii-detector: personal data ${verb} (${detail.types.join(', ')}).`,
      detail,
    });
  } catch {
    // By contract a failing onViolation never disturbs the run.
  }
}

/** Tells `onViolation` that a check failed or timed out, and what `errorStrategy` did about it. */
export async function reportFailure(
  callback: ViolationCallback,
  failure: GuardrailFailure,
  hook: PIIHook,
): Promise<void> {
  if (typeof callback !== 'function') return;
  try {
    await callback({
      processorId: PII_DETECTOR_ID,
      message: `pii-detector: the check in ${hook} ${failure.kind === 'timeout' ? 'timed out' : 'failed'} (${failure.errorStrategy === 'warn' ? 'content let through' : 'run aborted'}).`,
      detail: {
        processorId: PII_DETECTOR_ID,
        hook,
        failure: failure.kind,
        errorStrategy: failure.errorStrategy,
        message: failure.message,
      },
    });
  } catch {
    // Ignored, as above.
  }
}
