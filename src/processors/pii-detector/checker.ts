/**
 * One PII check of one text, in the configured mode, with the verdict cache and the fail
 * policy: `offline` runs `detectPII`; `llm` asks the helper model once; `hybrid` runs `detectPII`
 * and asks the model only about the types it cannot decide (names, addresses, dates of birth).
 * Verdicts are cached by content hash, so unchanged text (history resent every turn, a tool
 * result seen twice) is never checked — nor sent to a model — again.
 */

import type { RunUsageContext } from '../../cost/run-usage.js';
import type { TripWireOptions } from '../../errors/tripwire.js';
import type { TracingContext } from '../../pipeline/types.js';
import { flagSensitive } from '../../tracing/sensitive.js';
import {
  askJudge,
  configFingerprint,
  type GuardrailFailure,
  type GuardrailFailureKind,
  type GuardrailFailureTripwireMetadata,
  runWithFailPolicy,
  VerdictCache,
} from '../guardrails/index.js';
import type { PIIType } from './detect/types.js';
import { detectPII } from './detect-on-view.js';
import { detectionsFromAnswer, PII_RESULT_SCHEMA, piiInstructions } from './llm.js';
import {
  MODEL_TYPES,
  PII_DETECTOR_ID,
  type PIICategoryScore,
  type PIIResultDetection,
  type ResolvedPIIOptions,
} from './options.js';

/** How far below `threshold` an offline score still counts as undecided in hybrid mode. */
const GREY_BAND = 0.3;

/** A decided check: what was found at or above the threshold, sorted, never overlapping. */
export interface PIIVerdict {
  detections: PIIResultDetection[];
  categories: PIICategoryScore[];
}

/** What a check needs from the hook it runs in. */
export interface CheckContext {
  abortSignal?: AbortSignal;
  tracingContext?: TracingContext;
  /** The hook's usage recorder: helper-model calls are reported to it. */
  usageRecorder?: RunUsageContext;
  abort?: (reason?: string, options?: TripWireOptions<GuardrailFailureTripwireMetadata>) => never;
  /** Reports a failed helper-model check (as a violation). */
  onFailure?: (failure: GuardrailFailure) => void | Promise<void>;
}

/** Keeps the more confident of overlapping detections; sorted by start. */
function resolveOverlaps(detections: PIIResultDetection[]): PIIResultDetection[] {
  const byConfidence = [...detections].sort((a, b) => b.confidence - a.confidence || a.start - b.start);
  const kept: PIIResultDetection[] = [];
  for (const d of byConfidence) if (!kept.some((k) => k.start < d.end && d.start < k.end)) kept.push(d);
  return kept.sort((a, b) => a.start - b.start);
}

function categoriesOf(detections: readonly PIIResultDetection[]): PIICategoryScore[] {
  const best = new Map<string, number>();
  for (const d of detections) best.set(d.type, Math.max(best.get(d.type) ?? 0, d.confidence));
  return [...best].map(([type, score]) => ({ type, score }));
}

/** Runs checks for one `PIIDetector`; lives as long as the processor. */
export class PIIChecker {
  readonly #o: ResolvedPIIOptions;
  readonly #cache: VerdictCache<PIIVerdict>;
  readonly #offlineTypes: readonly PIIType[];
  readonly #modelTypes: readonly string[];
  readonly #typeSet: ReadonlySet<string>;
  readonly #warned = new Set<GuardrailFailureKind>();

  constructor(options: ResolvedPIIOptions) {
    this.#o = options;
    this.#typeSet = new Set(options.types);
    this.#offlineTypes = options.mode === 'llm' ? [] : (options.types as readonly PIIType[]);
    this.#modelTypes =
      options.mode === 'llm'
        ? options.types
        : options.mode === 'hybrid'
          ? options.types.filter((t) => MODEL_TYPES.includes(t as PIIType))
          : [];
    this.#cache = new VerdictCache<PIIVerdict>({
      fingerprint: configFingerprint({
        mode: options.mode,
        types: options.types,
        threshold: options.threshold,
        ignoreDocumentationDomains: options.ignoreDocumentationDomains,
        instructions: options.instructions ?? null,
        model: (options.model ?? null) as unknown,
      }),
    });
  }

  /** Whether a check of this configuration may call the helper model. */
  get usesModel(): boolean {
    return this.#modelTypes.length > 0;
  }

  /**
   * The verdict on `text`, or `undefined` when the helper-model check failed and
   * `errorStrategy: 'warn'` lets the text through (under `'strict'` the run has been aborted).
   * Failed checks are not cached: the next sight of the text tries again. `cache: false` for
   * text that will not be seen again (stream windows), so it does not push out verdicts on
   * messages.
   */
  async check(text: string, ctx: CheckContext, cache = true): Promise<PIIVerdict | undefined> {
    const verdict = await this.#check(text, ctx, cache);
    // A recorded run masks what was found, wherever it appears in the record.
    if (verdict !== undefined && verdict.detections.length > 0)
      flagSensitive(ctx.tracingContext, verdict.detections);
    return verdict;
  }

  async #check(text: string, ctx: CheckContext, cache: boolean): Promise<PIIVerdict | undefined> {
    if (text.trim() === '') return { detections: [], categories: [] };
    const cached = cache ? this.#cache.get(text) : undefined;
    if (cached !== undefined) return cached;
    const hybrid = this.#o.mode === 'hybrid';
    // Hybrid also collects the grey band: candidates the offline detector scored just below the
    // threshold (bare digit runs, documentation-domain e-mails) go to the model to decide.
    const floor = hybrid ? Math.max(0.05, this.#o.threshold - GREY_BAND) : this.#o.threshold;
    const all: PIIResultDetection[] =
      this.#offlineTypes.length === 0
        ? []
        : detectPII(text, {
            types: this.#offlineTypes,
            minConfidence: floor,
            ignoreDocumentationDomains: this.#o.ignoreDocumentationDomains,
          }).map((d) => ({
            type: d.type,
            value: d.value,
            confidence: d.confidence,
            start: d.start,
            end: d.end,
          }));
    const offline = all.filter((d) => d.confidence >= this.#o.threshold);
    const grey = hybrid ? all.filter((d) => d.confidence < this.#o.threshold) : [];
    let found = offline;
    if (this.#modelTypes.length > 0 || grey.length > 0) {
      const asked = await this.#ask(text, ctx, grey);
      if (asked === undefined) {
        // Fail open: hybrid still has what the offline detector decided on its own.
        if (this.#o.mode !== 'hybrid') return undefined;
      } else {
        found = [...offline, ...asked.filter((d) => d.confidence >= this.#o.threshold)];
      }
    }
    const detections = resolveOverlaps(found);
    const verdict: PIIVerdict = { detections, categories: categoriesOf(detections) };
    if (cache) this.#cache.set(text, verdict);
    return verdict;
  }

  async #ask(
    text: string,
    ctx: CheckContext,
    grey: readonly PIIResultDetection[] = [],
  ): Promise<PIIResultDetection[] | undefined> {
    const model = this.#o.model;
    if (model === undefined) return [];
    const types = [...new Set([...this.#modelTypes, ...grey.map((d) => d.type)])];
    let instructions = this.#o.instructions ?? piiInstructions(types, this.#o.ignoreDocumentationDomains);
    if (grey.length > 0) {
      const list = grey
        .map((d) => JSON.stringify({ type: d.type, value: d.value, start: d.start, end: d.end }))
        .join(', ');
      instructions += `\nAn offline detector was unsure about these candidates; report each one in "detections" only if it really is personal data: ${list}.`;
    }
    const result = await runWithFailPolicy(
      {
        processorId: PII_DETECTOR_ID,
        errorStrategy: this.#o.errorStrategy,
        timeoutMs: this.#o.timeoutMs,
        abortSignal: ctx.abortSignal,
        abort: ctx.abort,
        onFailure: ctx.onFailure,
        warned: this.#warned,
      },
      async (signal) => {
        const answer = await askJudge({
          processorId: PII_DETECTOR_ID,
          model,
          instructions,
          prompt: text,
          schema: PII_RESULT_SCHEMA,
          providerOptions: this.#o.providerOptions,
          structuredOutputOptions: this.#o.structuredOutputOptions,
          timeoutMs: this.#o.timeoutMs,
          abortSignal: signal,
          tracingContext: ctx.tracingContext,
          usageRecorder: ctx.usageRecorder,
        });
        return detectionsFromAnswer(answer, text, this.#o.mode === 'llm' ? this.#typeSet : new Set(types));
      },
    );
    return result.ok ? result.value : undefined;
  }
}
