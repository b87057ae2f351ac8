/**
 * The run-level usage seam: every model call a run makes is reported here once, at its end
 * (never per chunk), and written to every ledger attached to the run. The step module reports
 * each step call and each retry attempt, the response-cache replay a zero-cost `cache-hit`, and
 * processors report their helper-model calls through the hook context's `usageRecorder`
 * ({@link RunUsageContext}). The agent attaches the ledger of every input processor with a
 * {@link USAGE_TARGET} (`TokenCostControl`) when the run starts, before any hook, so a run an input
 * guardrail blocks still records its judge's call; `recordInto()` attached later (a processor
 * inside a workflow) writes the calls made so far at once, later ones as they end.
 *
 * A ledger write that fails is a warning (the call already happened); it never fails the run.
 */

import { randomUUID } from 'node:crypto';
import { describeError } from '../errors/error-chain.js';
import type { LanguageModelUsage } from '../models/types.js';
import { innerProcessorsOf } from '../pipeline/inner-processors.js';
import {
  MASTRA_RESOURCE_ID_KEY,
  MASTRA_THREAD_ID_KEY,
  type RequestContext,
} from '../request-context/request-context.js';
import { withinMs } from '../util/within-ms.js';
import { estimateCost } from './pricing.js';
import type {
  PricingTable,
  UsageCallKind,
  UsageHold,
  UsageLedger,
  UsageRecord,
  UsageScopeKeys,
} from './types.js';

/** One model call as reported to the run. */
export interface ModelCallReport {
  /** The model called: its provider id and model id as it reports them. */
  model: { readonly provider: string; readonly modelId: string };
  kind: UsageCallKind;
  /** The call's usage; `undefined` when the provider reported none (a failed attempt). */
  usage: Partial<LanguageModelUsage> | undefined;
  /** The processor that made a helper call. */
  processorId?: string;
}

/** A ledger a run's calls are written to. */
export interface UsageTarget {
  ledger: UsageLedger;
  /** Price overrides tried before the ledger's own and the bundled price data. */
  pricing?: PricingTable;
  /** Clock for the records' `at` (default: the time the call ended). */
  now?: () => Date;
  /** Where write failures and unknown-model warnings go (default `console.warn`). */
  warn?: (message: string) => void;
  /** Writes a record instead of `ledger.record` (e.g. through a replay queue); failures are its own to report. */
  record?: (record: UsageRecord) => Promise<void>;
  /** Settles a hold instead of `ledger.settle`; failures are its own to report. */
  settle?: (hold: UsageHold, record: UsageRecord | null) => Promise<void>;
}

/**
 * What hooks receive as `usageRecorder` (Sluice extension of the hook context): report helper-model
 * calls, attach a ledger, wait for writes.
 */
export interface RunUsageContext {
  /** Report one model call made for this run (a processor's helper model). Never throws. */
  report(call: ModelCallReport): void;
  /**
   * Write this run's calls into `target.ledger` too: the ones made so far at once, later ones as
   * they end. Attaching the same ledger object twice records each call once.
   */
  recordInto(target: UsageTarget): void;
  /** Resolves when every ledger write started so far has settled (failures were warnings). */
  flush(): Promise<void>;
  /** The run's scope keys as of now (run id, thread, resource, request-context keys). */
  scopeKeys(): UsageScopeKeys;
  /**
   * A hold was placed on `ledger` for this run's next model call: the next step call (or cache
   * hit) written to that ledger settles it to the actual usage instead of recording; a hold no
   * call claimed is released when the run ends. Optional for other implementations.
   */
  settleNextCallWith?(ledger: UsageLedger, hold: UsageHold): void;
}

interface ReportedCall extends ModelCallReport {
  id: string;
  at: Date;
}

/**
 * A processor that wants every model call of a run recorded into its ledger (`TokenCostControl`)
 * exposes its target under this key; the agent attaches it when the run starts, before any hook
 * runs, so calls of a run that a guardrail ends in `processInput` (its judge's call) still count.
 */
export const USAGE_TARGET: unique symbol = Symbol.for('sluice.usageTarget');

/** A processor with a {@link USAGE_TARGET}. */
export interface UsageTargetProvider {
  [USAGE_TARGET](): UsageTarget;
}

/** Attach the ledgers of the processors that have one to a run's usage (before any hook runs). */
export function attachUsageTargets(usage: RunUsageContext, processors: readonly unknown[]): void {
  for (const processor of processors) {
    if (typeof processor !== 'object' || processor === null) continue;
    // A workflow's steps are processors too: a cost control inside one records as well.
    const inner = innerProcessorsOf(processor);
    if (inner.length > 0) attachUsageTargets(usage, inner);
    const provide = (processor as Partial<UsageTargetProvider>)[USAGE_TARGET];
    if (typeof provide !== 'function') continue;
    try {
      usage.recordInto(provide.call(processor));
    } catch (error) {
      console.warn(`[sluice] usage: a ledger could not be attached to the run: ${describeError(error)}`);
    }
  }
}

/** The scope keys a request context (and the call's memory ids) give a run. */
export function scopeKeysOf(
  runId: string,
  requestContext: RequestContext | undefined,
  memory?: { threadId?: string; resourceId?: string },
): UsageScopeKeys {
  const keys: UsageScopeKeys = { runId };
  const read = (key: string): string | undefined => {
    const value = requestContext?.get(key as never) as unknown;
    if (typeof value === 'string' && value.length > 0) return value;
    return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
  };
  const threadId = read(MASTRA_THREAD_ID_KEY) ?? memory?.threadId;
  const resourceId = read(MASTRA_RESOURCE_ID_KEY) ?? memory?.resourceId;
  const userId = read('userId');
  const organizationId = read('organizationId');
  const sessionId = read('sessionId');
  if (threadId !== undefined) keys.threadId = threadId;
  if (resourceId !== undefined) keys.resourceId = resourceId;
  if (userId !== undefined) keys.userId = userId;
  if (organizationId !== undefined) keys.organizationId = organizationId;
  if (sessionId !== undefined) keys.sessionId = sessionId;
  return keys;
}

/** One run's usage: the calls it made, the ledgers they go to, the writes in flight. */
export class RunUsage implements RunUsageContext {
  readonly #runId: string;
  readonly #requestContext: RequestContext | undefined;
  readonly #memory: { threadId?: string; resourceId?: string } | undefined;
  readonly #calls: ReportedCall[] = [];
  readonly #targets: UsageTarget[] = [];
  readonly #pending = new Set<Promise<void>>();
  /** Step numbers whose first call was reported (later calls of the step are retries). */
  readonly #steps = new Set<number>();
  /** Holds waiting for the next step call, per ledger. */
  readonly #holds = new Map<UsageLedger, UsageHold[]>();

  constructor(
    runId: string,
    requestContext: RequestContext | undefined,
    memory?: { threadId?: string; resourceId?: string },
  ) {
    this.#runId = runId;
    this.#requestContext = requestContext;
    this.#memory = memory;
  }

  /** Calls reported so far (a copy). */
  get calls(): readonly ModelCallReport[] {
    return this.#calls.slice();
  }

  scopeKeys(): UsageScopeKeys {
    return scopeKeysOf(this.#runId, this.#requestContext, this.#memory);
  }

  /** A step's model call (or a failed attempt of it): the first of a step is `step`, later ones `retry`. */
  reportStepCall(stepNumber: number, model: ModelCallReport['model'], usage: ModelCallReport['usage']): void {
    const first = !this.#steps.has(stepNumber);
    if (first) this.#steps.add(stepNumber);
    this.report({ model, kind: first ? 'step' : 'retry', usage });
  }

  /** A step answered by the response cache: a zero-cost `cache-hit`. */
  reportCacheHit(stepNumber: number, model: ModelCallReport['model']): void {
    this.#steps.add(stepNumber);
    this.report({ model, kind: 'cache-hit', usage: undefined });
  }

  report(call: ModelCallReport): void {
    try {
      const reported: ReportedCall = {
        model: { provider: String(call.model.provider), modelId: String(call.model.modelId) },
        kind: call.kind,
        usage: call.kind === 'cache-hit' ? undefined : call.usage,
        id: `${this.#runId}:${randomUUID()}`,
        at: new Date(),
      };
      if (call.processorId !== undefined) reported.processorId = call.processorId;
      this.#calls.push(reported);
      const claims = call.kind !== 'helper' && this.#holds.size > 0;
      for (const target of this.#targets) {
        const holds = claims ? this.#holds.get(target.ledger) : undefined;
        if (holds !== undefined) this.#holds.delete(target.ledger);
        this.#write(target, reported, holds);
      }
    } catch (error) {
      console.warn(`[sluice] usage: a model call could not be recorded: ${describeError(error)}`);
    }
  }

  recordInto(target: UsageTarget): void {
    if (this.#targets.some((t) => t.ledger === target.ledger)) return;
    this.#targets.push(target);
    for (const call of this.#calls) this.#write(target, call);
  }

  settleNextCallWith(ledger: UsageLedger, hold: UsageHold): void {
    const holds = this.#holds.get(ledger);
    if (holds === undefined) this.#holds.set(ledger, [hold]);
    else holds.push(hold);
  }

  /** Release the holds no model call claimed (the run ended before its call: a tripwire, an abort). */
  releaseUnclaimedHolds(): void {
    if (this.#holds.size === 0) return;
    for (const target of this.#targets) {
      const holds = this.#holds.get(target.ledger);
      if (holds === undefined) continue;
      this.#holds.delete(target.ledger);
      for (const hold of holds) this.#settle(target, hold, null);
    }
    this.#holds.clear();
  }

  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }

  /** {@link flush}, but never longer than `ms` (run finalization must not hang on a ledger). */
  async flushWithin(ms: number): Promise<void> {
    if (this.#pending.size === 0) return;
    await withinMs(this.flush(), ms);
  }

  #write(target: UsageTarget, call: ReportedCall, holds?: UsageHold[]): void {
    const warn = target.warn ?? ((message: string) => console.warn(message));
    let record: UsageRecord;
    try {
      const estimate = estimateCost(
        { provider: call.model.provider, model: call.model.modelId, usage: call.usage },
        target.pricing,
        { warn, fallbackPricing: [target.ledger.pricing] },
      );
      record = {
        id: call.id,
        at: target.now ? target.now() : call.at,
        provider: call.model.provider,
        model: call.model.modelId,
        kind: call.kind,
        inputTokens: estimate.tokens.input,
        outputTokens: estimate.tokens.output,
        cachedInputTokens: estimate.tokens.cachedInput,
        reasoningTokens: estimate.tokens.reasoning,
        estimatedCost: call.kind === 'cache-hit' ? 0 : estimate.estimatedCost,
        costUnit: 'USD',
        priced: estimate.priced,
        scope: this.scopeKeys(),
      };
      if (call.processorId !== undefined) record.processorId = call.processorId;
      if (holds !== undefined && holds.length > 0) {
        // The call settles its hold (recorded under the hold's id); any other hold is released.
        const [first, ...rest] = holds as [UsageHold, ...UsageHold[]];
        this.#settle(target, first, { ...record, id: first.id });
        for (const hold of rest) this.#settle(target, hold, null);
        return;
      }
    } catch (error) {
      warn(
        `[sluice] usage: the call to ${call.model.provider}/${call.model.modelId} could not be priced: ${describeError(error)}`,
      );
      return;
    }
    const ledgerName = target.ledger.name;
    let pending: Promise<void>;
    try {
      pending = Promise.resolve(target.record ? target.record(record) : target.ledger.record(record)).then(
        () => undefined,
        (error: unknown) => {
          warn(
            `[sluice] usage: ${ledgerName} could not record the call to ${record.provider}/${record.model} (run ${this.#runId}): ${describeError(error)}. The run goes on; this call is missing from the budget.`,
          );
        },
      );
    } catch (error) {
      warn(
        `[sluice] usage: ${ledgerName}.record threw: ${describeError(error)}. The run goes on; this call is missing from the budget.`,
      );
      return;
    }
    this.#pending.add(pending);
    pending.finally(() => this.#pending.delete(pending));
  }

  /** Settle (or, with `null`, release) a hold on the target's ledger; failures are warnings. */
  #settle(target: UsageTarget, hold: UsageHold, record: UsageRecord | null): void {
    const warn = target.warn ?? ((message: string) => console.warn(message));
    const ledger = target.ledger;
    let pending: Promise<void>;
    try {
      const settling = target.settle
        ? target.settle(hold, record)
        : ledger.settle
          ? ledger.settle(hold, record).then(() => undefined)
          : Promise.resolve();
      pending = Promise.resolve(settling).catch((error: unknown) => {
        warn(
          `[sluice] usage: ${ledger.name} could not settle the hold of a call (run ${this.#runId}): ${describeError(error)}. The hold stays charged at its estimate.`,
        );
      });
    } catch (error) {
      warn(`[sluice] usage: ${ledger.name}.settle threw: ${describeError(error)}.`);
      return;
    }
    this.#pending.add(pending);
    pending.finally(() => this.#pending.delete(pending));
  }
}
