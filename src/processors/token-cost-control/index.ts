/**
 * `TokenCostControl` (alias `CostGuardProcessor`): spending limits per run, resource, thread,
 * user, organisation or session over a sliding window, checked before every model call.
 */

import { randomUUID } from 'node:crypto';
import { estimatePromptTokens } from '../../cost/call-estimate.js';
import { InMemoryUsageLedger } from '../../cost/in-memory-ledger.js';
import { LedgerOutbox } from '../../cost/ledger-outbox.js';
import { estimateCost, pricingProblem } from '../../cost/pricing.js';
import {
  scopeKeysOf,
  USAGE_TARGET,
  type UsageTarget,
  type UsageTargetProvider,
} from '../../cost/run-usage.js';
import { USAGE_SCOPES, USAGE_WINDOWS } from '../../cost/scope.js';
import type {
  CostUnit,
  PricingTable,
  UsageBreakdownEntry,
  UsageHold,
  UsageLedger,
  UsageReserveResult,
  UsageScope,
  UsageScopeKeys,
  UsageTotals,
  UsageWindow,
} from '../../cost/types.js';
import { describeError } from '../../errors/error-chain.js';
import type {
  ProcessInputStepArgs,
  Processor,
  ProcessorState,
  ProcessorViolation,
} from '../../pipeline/types.js';
import type { RequestContext } from '../../request-context/request-context.js';
import { isTimerMs, MAX_TIMER_MS } from '../../util/timer-ms.js';
import { limiterFor, type WarningLimiter } from '../../util/warning-limiter.js';
import { TIMED_OUT, withinMs } from '../../util/within-ms.js';
import { withHookDefaults } from '../direct-call/index.js';
import { TOKEN_COST_CONTROL_OPTIONS } from '../guardrail-option-names.js';
import { checkOptionNames, describeOptionValue, invalidOptionFor, oneOf } from '../option-errors.js';
import {
  checkReservation,
  DEFAULT_LEDGER_TIMEOUT_MS,
  DEFAULT_MAX_QUEUED_WRITES,
  describeScopeKey,
  flushQuietly,
  formatUsd,
  howToSetKey,
  isBudget,
  keyFor,
  WARNING_INTERVAL_MS,
  withoutHold,
} from './support.js';

const ID = 'token-cost-control';
const NAME = 'Token Cost Control';
const invalid = invalidOptionFor(NAME, '"');

/** A budget: a number of US dollars, or a function of the request context returning one. */
export type TokenCostLimit = number | ((requestContext?: RequestContext) => number | Promise<number>);

/** Options of {@link TokenCostControl} (api-reference 6.18). */
export interface TokenCostControlOptions {
  /**
   * The budget in US dollars, or a function of the request context returning it (per tenant or
   * tier). A function result that is not a finite number >= 0 skips the check with a warning.
   */
  maxCost: TokenCostLimit;
  /**
   * What the budget is counted against. Default `'resource'` (the memory resource id).
   * `'user'`, `'organization'`, `'session'` read the request-context keys `userId`,
   * `organizationId`, `sessionId`; `'thread'` the memory thread; `'run'` one `generate()`/
   * `stream()` call. A missing key skips the check.
   */
  scope?: UsageScope;
  /** Sliding window (`'1h'` … `'365d'`). Default `'7d'`. Not for `scope: 'run'` (a run is its own window). */
  window?: UsageWindow;
  /** `'block'` (default) ends the run with a tripwire; `'warn'` reports to `onViolation` and lets the call through. */
  strategy?: 'block' | 'warn';
  /** Abort reason / warning text; `{usage}` and `{limit}` are replaced by the amounts in USD. */
  message?: string;
  /** Soft threshold (0–100 exclusive): reaching this percentage of the budget warns once per request. */
  warnAtPercent?: number;
  /** Add the per-provider/model breakdown to tripwire metadata and violation detail. Default `false`. */
  includeBreakdown?: boolean;
  /**
   * Where usage is recorded and read. Default: an {@link InMemoryUsageLedger} of this processor
   * (one process only). Use `RedisUsageLedger` (`sluice/redis`) or `SqlUsageLedger`
   * (`sluice/sqlite`, `sluice/pg`) for budgets shared by many servers.
   */
  ledger?: UsageLedger;
  /** Price overrides `{ 'provider/model-id': { input, output, cachedInput?, reasoning? } }`, USD per million tokens. */
  pricing?: PricingTable;
  /** Clock for windows and for the records' time (tests). Default `() => new Date()`. */
  now?: () => Date;
  /**
   * Longest wait, in ms, for the budget check's ledger read (including this run's pending writes).
   * Past it the ledger counts as unreadable (see `failMode`), so a hanging ledger never hangs
   * the agent. Default 2000.
   */
  timeoutMs?: number;
  /**
   * What a call does when the ledger cannot be read (unreachable, or slower than `timeoutMs`):
   * `'open'` (default) goes ahead unchecked with a warning; `'closed'` is blocked with a tripwire
   * (`metadata.threshold: 'ledger-unavailable'`). Warnings during an outage are rate-limited: at
   * most one a minute per kind.
   */
  failMode?: 'open' | 'closed';
  /**
   * Budget reservations (on by default with a ledger that has `reserve`/`settle`, as every
   * built-in one does): before each model call a hold of its estimated cost is placed atomically
   * with the check, so concurrent requests cannot all pass on the same total; the call settles it
   * to its actual usage. `false` turns them off (check, then record after the call).
   */
  reservation?: false | TokenCostReservationOptions;
  /**
   * Most usage writes (records, settlements) kept in this process while the ledger is
   * unreachable, replayed when it answers again (default 10 000; past it the oldest are dropped).
   * Writes still queued when the process exits are lost.
   */
  maxQueuedWrites?: number;
  /** Called for warnings and soft/hard thresholds of the `warn` strategy (also settable as a property). */
  onViolation?: (violation: ProcessorViolation) => void | Promise<void>;
}

/** How a reservation estimates a call (see {@link TokenCostControlOptions.reservation}). */
export interface TokenCostReservationOptions {
  /**
   * Output tokens held when the call sets no `maxOutputTokens` (default 4096). With
   * `maxOutputTokens` set, that many are held.
   */
  outputTokens?: number;
  /** A fixed estimate in US dollars per call, held instead of pricing the estimated tokens. */
  costPerCall?: number;
  /**
   * How long, in ms, a hold waits for its call to settle it (default 600 000: ten minutes). A
   * hold still open then is final: the call is charged its full estimate (a crashed process's
   * calls still count), and a later settlement is ignored.
   */
  ttlMs?: number;
}

/** Cost figures in violations. */
export interface TokenCostUsage {
  /** The scope's estimated spending over the window, in `costUnit`. */
  estimatedCost: number;
  /** Always `'USD'`. */
  costUnit: CostUnit;
}

/** Tripwire metadata of a blocked call (strategy `block`). */
export interface TokenCostControlTripwireMetadata {
  processorId: typeof ID;
  /** The scope's spending (open holds of calls in flight included); absent when the ledger could not be read. */
  usage?: TokenCostUsage;
  maxCost: number;
  scope: UsageScope;
  scopeKey?: string;
  /** `'hard'`: the budget is spent; `'ledger-unavailable'`: `failMode: 'closed'` and the ledger could not be read. */
  threshold: 'hard' | 'ledger-unavailable';
  /** Why the ledger could not be read (`threshold: 'ledger-unavailable'`). */
  error?: string;
  breakdown?: UsageBreakdownEntry[];
}

/** `detail` of a violation reported to `onViolation` (strategy `warn`, and soft thresholds). */
export interface TokenCostControlViolationDetail {
  usage: TokenCostUsage;
  limit: number;
  /** The scope's totals over the window (tokens, calls, cost). */
  totalUsage: Omit<UsageTotals, 'breakdown'>;
  scope: UsageScope;
  scopeKey?: string;
  threshold: 'soft' | 'hard';
  breakdown?: UsageBreakdownEntry[];
}

/** Arguments of {@link TokenCostControl.getUsage}. */
export interface TokenCostUsageQuery {
  /** The scope's key (a resource id, user id, …). Default: read from `requestContext` as the check does. */
  scopeKey?: string;
  /** Read the key (and a function `maxCost`) from this request context. */
  requestContext?: RequestContext;
  /** Window to total over. Default: the processor's window. */
  window?: UsageWindow;
  /** Evaluation time. Default: the processor's clock. */
  now?: Date;
  /** Add the per-provider/model breakdown. Default `true`. */
  breakdown?: boolean;
}

/** A scope's usage against its budget, for showing "you have used $3.20 of $5 this week". */
export interface TokenCostUsageReport extends UsageTotals {
  scope: UsageScope;
  scopeKey: string;
  /** `undefined` for `scope: 'run'` (all of the run). */
  window?: UsageWindow;
  /** The budget, when it resolved to a valid number. */
  maxCost?: number;
  /** `maxCost - estimatedCost`, never below 0. */
  remaining?: number;
  /** Share of the budget used, in percent (may pass 100: the call admitted last may cross the budget). */
  percentUsed?: number;
}

const STATE_SOFT = 'tokenCostControl.softReported';
const STATE_HARD = 'tokenCostControl.hardReported';
const STATE_WARNED = 'tokenCostControl.warned';
const STATE_ATTACHED = 'tokenCostControl.attached';

/**
 * Stops (or warns about) model calls once a scope's estimated spending over a sliding window
 * reaches `maxCost`. Checks in `processInputStep`, so before every model call of a run; the
 * processor also makes the run record every model call it makes (steps, retries, helper models
 * of guardrails, cache hits at zero cost) into its `ledger`.
 *
 * Reservations (default, with a ledger that supports them): before each model call a hold of its
 * estimated cost — estimated input tokens plus `maxOutputTokens` (or `reservation.outputTokens`)
 * at the model's price, or `reservation.costPerCall` — is placed atomically with the check, and
 * the call settles it to its actual usage. Concurrent requests therefore see each other's calls
 * in flight, and spending passes the budget by at most one call (the one admitted while the
 * total was still below it) per ledger. A hold not settled within `reservation.ttlMs` (its
 * process died) is charged in full. Without reservations (`reservation: false`, or a custom
 * ledger without `reserve`) the check is best-effort: concurrent requests each pass on the same
 * total, so spending can pass the budget by the calls in flight.
 */
export class TokenCostControl
  implements Processor<typeof ID, TokenCostControlTripwireMetadata>, UsageTargetProvider
{
  readonly id = ID;
  readonly name = NAME;
  readonly description = 'Blocks or warns when a scope’s estimated model spending reaches its budget.';
  /** Receives warnings, soft thresholds (`warnAtPercent`) and blocked calls. */
  onViolation?: (violation: ProcessorViolation) => void | Promise<void>;

  /** The ledger usage is recorded into and read from. */
  readonly ledger: UsageLedger;
  /** What the budget counts against. */
  readonly scope: UsageScope;
  /** The sliding window; `undefined` for `scope: 'run'`. */
  readonly window: UsageWindow | undefined;
  readonly #maxCost: TokenCostLimit;
  readonly #strategy: 'block' | 'warn';
  readonly #message: string | undefined;
  readonly #warnAtPercent: number | undefined;
  readonly #includeBreakdown: boolean;
  readonly #pricing: PricingTable | undefined;
  readonly #now: () => Date;
  readonly #timeoutMs: number;
  readonly #failMode: 'open' | 'closed';
  readonly #reservation:
    | (Required<Pick<TokenCostReservationOptions, 'outputTokens' | 'ttlMs'>> & {
        costPerCall: number | undefined;
      })
    | undefined;
  readonly #outbox: LedgerOutbox;
  readonly #warnings: WarningLimiter;
  #warnedMissingKey = false;
  /** Usage writes in flight, per scope key of this processor's scope (see {@link #tracked}). */
  readonly #inFlight = new Map<string, Set<Promise<void>>>();

  constructor(options: TokenCostControlOptions) {
    checkOptionNames(NAME, options, TOKEN_COST_CONTROL_OPTIONS);
    if (options === null || typeof options !== 'object') {
      throw invalid(
        'options',
        `expects an options object with "maxCost" (got ${describeOptionValue(options)}).`,
      );
    }
    const { maxCost } = options;
    if (typeof maxCost !== 'function' && !isBudget(maxCost)) {
      throw invalid(
        'maxCost',
        `must be a number of US dollars >= 0 or a function of the request context returning one (got ${describeOptionValue(maxCost)}).`,
      );
    }
    this.#maxCost = maxCost;
    this.scope = oneOf(NAME, 'scope', options.scope, USAGE_SCOPES, 'option "scope"') ?? 'resource';
    if (this.scope === 'run') {
      if (options.window !== undefined) {
        throw invalid(
          'window',
          `cannot be used with scope "run": a run's budget covers the whole run. Remove "window", or count against another scope (e.g. scope: 'resource', window: ${describeOptionValue(options.window)}).`,
        );
      }
      this.window = undefined;
    } else {
      this.window = oneOf(NAME, 'window', options.window, USAGE_WINDOWS, 'option "window"') ?? '7d';
    }
    this.#strategy =
      oneOf(NAME, 'strategy', options.strategy, ['block', 'warn'], 'option "strategy"') ?? 'block';
    if (options.message !== undefined && typeof options.message !== 'string') {
      throw invalid(
        'message',
        `must be a string; {usage} and {limit} are replaced (got ${describeOptionValue(options.message)}).`,
      );
    }
    this.#message = options.message;
    const pct = options.warnAtPercent;
    if (pct !== undefined && (typeof pct !== 'number' || !Number.isFinite(pct) || pct <= 0 || pct >= 100)) {
      throw invalid(
        'warnAtPercent',
        `must be a number between 0 and 100, both exclusive (got ${describeOptionValue(pct)}).`,
      );
    }
    this.#warnAtPercent = pct;
    if (options.includeBreakdown !== undefined && typeof options.includeBreakdown !== 'boolean') {
      throw invalid(
        'includeBreakdown',
        `must be true or false (got ${describeOptionValue(options.includeBreakdown)}).`,
      );
    }
    this.#includeBreakdown = options.includeBreakdown ?? false;
    const ledger = options.ledger;
    if (
      ledger !== undefined &&
      (ledger === null ||
        typeof ledger !== 'object' ||
        typeof ledger.record !== 'function' ||
        typeof ledger.totals !== 'function')
    ) {
      throw invalid(
        'ledger',
        `must be a UsageLedger (an object with record() and totals()) (got ${describeOptionValue(ledger)}).`,
      );
    }
    const problem = pricingProblem(options.pricing);
    if (problem !== undefined) throw invalid('pricing', problem);
    this.#pricing = options.pricing;
    if (options.now !== undefined && typeof options.now !== 'function') {
      throw invalid('now', `must be a function returning a Date (got ${describeOptionValue(options.now)}).`);
    }
    this.#now = options.now ?? (() => new Date());
    if (options.timeoutMs !== undefined && !isTimerMs(options.timeoutMs)) {
      throw invalid(
        'timeoutMs',
        `must be a positive number of milliseconds up to ${MAX_TIMER_MS} (got ${describeOptionValue(options.timeoutMs)}).`,
      );
    }
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_LEDGER_TIMEOUT_MS;
    if (options.onViolation !== undefined) {
      if (typeof options.onViolation !== 'function') {
        throw invalid('onViolation', `must be a function (got ${describeOptionValue(options.onViolation)}).`);
      }
      this.onViolation = options.onViolation;
    }
    this.#failMode =
      oneOf(NAME, 'failMode', options.failMode, ['open', 'closed'], 'option "failMode"') ?? 'open';
    this.#reservation = checkReservation(options.reservation);
    const maxQueued = options.maxQueuedWrites;
    if (maxQueued !== undefined && (!Number.isInteger(maxQueued) || maxQueued < 0)) {
      throw invalid(
        'maxQueuedWrites',
        `must be a whole number >= 0 (0: nothing is queued while the ledger is unreachable) (got ${describeOptionValue(maxQueued)}).`,
      );
    }
    this.ledger = ledger ?? new InMemoryUsageLedger({ now: this.#now });
    // One limiter per ledger for the whole process: processors built per request (a budget per
    // tenant) must not each print their own line during an outage.
    this.#warnings = limiterFor(
      this.ledger,
      WARNING_INTERVAL_MS,
      (message) => console.warn(`[sluice] ${ID}: ${message}`),
      () => this.#now().getTime(),
    );
    this.#outbox = new LedgerOutbox(this.ledger, {
      maxPending: maxQueued ?? DEFAULT_MAX_QUEUED_WRITES,
      warn: (kind, message) => this.#warnings.warn(kind, message),
    });
  }

  /** Usage writes waiting in this process for the ledger to answer again. */
  get queuedWrites(): number {
    return this.#outbox.pending;
  }

  /**
   * Where a run records its calls for this processor; the agent attaches it when a run starts,
   * so every call of the run counts, including those of a run an input guardrail ends.
   */
  [USAGE_TARGET](): UsageTarget {
    // Recording warnings (a failed write, an unknown model) are complete lines: once per run each.
    const warned = new Set<string>();
    return {
      ledger: this.ledger,
      ...(this.#pricing ? { pricing: this.#pricing } : {}),
      now: this.#now,
      warn: (message) => {
        if (warned.has(message)) return;
        warned.add(message);
        console.warn(message);
      },
      // Writes go through the outbox: an unreachable ledger gets them when it answers again.
      record: (record) => this.#tracked(record.scope, this.#outbox.write({ kind: 'record', record })),
      settle: (hold, record) =>
        this.#tracked(hold.scope, this.#outbox.write({ kind: 'settle', hold, record })),
    };
  }

  /**
   * A write of this process in flight under the budget's scope key, until it settles. A run's
   * writes finish after its stream has ended (off the response path), so the next request of the
   * same scope key may come first: its check waits for them ({@link #landed}), and sees them.
   */
  #tracked(keys: UsageScopeKeys, write: Promise<void>): Promise<void> {
    const scopeKey = keyFor(this.scope, keys);
    if (scopeKey === undefined) return write;
    let writes = this.#inFlight.get(scopeKey);
    if (writes === undefined) {
      writes = new Set();
      this.#inFlight.set(scopeKey, writes);
    }
    const done = write.then(
      () => undefined,
      () => undefined,
    );
    writes.add(done);
    void done.then(() => {
      writes.delete(done);
      if (writes.size === 0 && this.#inFlight.get(scopeKey) === writes) this.#inFlight.delete(scopeKey);
    });
    return write;
  }

  /** Resolves once this process's writes in flight under `scopeKey` have landed (or were queued). */
  async #landed(scopeKey: string): Promise<void> {
    const writes = this.#inFlight.get(scopeKey);
    if (writes !== undefined) await Promise.all(writes);
  }

  /** Before every model call: make sure the run records into the ledger, then check the scope's spending. */
  async processInputStep(input: ProcessInputStepArgs<TokenCostControlTripwireMetadata>): Promise<undefined> {
    const args = withHookDefaults(this, input);
    const { requestContext, usageRecorder, state, abort } = args;
    // Already attached when the agent started the run (a ledger is attached once per run).
    if (usageRecorder !== undefined && state[STATE_ATTACHED] !== true) {
      state[STATE_ATTACHED] = true;
      usageRecorder.recordInto(this[USAGE_TARGET]());
    }
    const keys = usageRecorder?.scopeKeys() ?? scopeKeysOf(args.runId ?? '', requestContext);
    const scopeKey = keyFor(this.scope, keys);
    if (scopeKey === undefined) {
      if (!this.#warnedMissingKey) {
        this.#warnedMissingKey = true;
        console.warn(
          `[sluice] ${ID}: no ${describeScopeKey(this.scope)} for this request, so its spending is not checked (calls are still recorded). ${howToSetKey(this.scope)}`,
        );
      }
      return undefined;
    }
    const limit = await this.#limit(requestContext, state);
    if (limit === undefined) return undefined;
    const hold = this.#holdFor(args, keys);
    let totals: UsageTotals;
    let read: Promise<UsageTotals | UsageReserveResult> | undefined;
    try {
      read = (async () => {
        await flushQuietly(usageRecorder);
        await this.#landed(scopeKey);
        await this.#outbox.replay();
        if (hold !== undefined) {
          return (this.ledger.reserve as NonNullable<UsageLedger['reserve']>).call(this.ledger, hold, {
            scope: this.scope,
            scopeKey,
            ...(this.window ? { window: this.window } : {}),
            now: this.#now(),
            // `warn` lets every call through: the hold is always placed.
            ...(this.#strategy === 'block' ? { limit } : {}),
          });
        }
        return this.ledger.totals({
          scope: this.scope,
          scopeKey,
          ...(this.window ? { window: this.window } : {}),
          now: this.#now(),
          ...(this.#includeBreakdown ? { breakdown: true } : {}),
        });
      })();
      const result = await withinMs(read, this.#timeoutMs);
      if (result === TIMED_OUT) {
        // A hold placed after all is released, so a call that never ran is never charged.
        if (hold !== undefined)
          void read.then(
            (late) => this.#releaseLate(late, hold),
            () => undefined,
          );
        throw new Error(
          `${this.ledger.name} did not answer within ${this.#timeoutMs} ms (option \`timeoutMs\`)`,
        );
      }
      if ('granted' in result) {
        totals = result.totals;
        if (result.granted && hold !== undefined) usageRecorder?.settleNextCallWith?.(this.ledger, hold);
      } else {
        totals = result;
      }
    } catch (error) {
      return this.#unreadable(error, limit, scopeKey, abort);
    }
    const used = totals.estimatedCost;
    if (used >= limit) {
      if (this.#strategy === 'block') {
        const metadata: TokenCostControlTripwireMetadata = {
          processorId: ID,
          usage: { estimatedCost: used, costUnit: 'USD' },
          maxCost: limit,
          scope: this.scope,
          scopeKey,
          threshold: 'hard',
        };
        const breakdown = totals.breakdown ?? (await this.#breakdownFor(scopeKey, hold !== undefined));
        if (breakdown) metadata.breakdown = breakdown;
        return abort(this.#text(used, limit, 'hard', scopeKey), { metadata });
      }
      if (state[STATE_HARD] !== true) {
        state[STATE_HARD] = true;
        if (hold !== undefined && this.#includeBreakdown) {
          // Read after this call's own hold was placed: it is left out, like in the totals.
          const breakdown = await this.#breakdownFor(scopeKey, true);
          if (breakdown) totals = { ...totals, breakdown: withoutHold(breakdown, hold) };
        }
        await this.#report(
          this.#text(used, limit, 'hard', scopeKey),
          this.#detail(totals, limit, scopeKey, 'hard'),
        );
      }
      return undefined;
    }
    const pct = this.#warnAtPercent;
    if (pct !== undefined && used >= (limit * pct) / 100 && state[STATE_SOFT] !== true) {
      state[STATE_SOFT] = true;
      if (hold !== undefined && this.#includeBreakdown) {
        // Below the limit the hold was placed: left out of the breakdown, like in the totals.
        const breakdown = await this.#breakdownFor(scopeKey, true);
        if (breakdown) totals = { ...totals, breakdown: withoutHold(breakdown, hold) };
      }
      await this.#report(
        this.#text(used, limit, 'soft', scopeKey),
        this.#detail(totals, limit, scopeKey, 'soft'),
      );
    }
    return undefined;
  }

  /**
   * The hold for this call, or `undefined` when reservations are off, the ledger has no
   * `reserve`/`settle`, or the run cannot settle it (no usage recorder).
   */
  #holdFor(
    args: ProcessInputStepArgs<TokenCostControlTripwireMetadata>,
    keys: UsageScopeKeys,
  ): UsageHold | undefined {
    const reservation = this.#reservation;
    const recorder = args.usageRecorder;
    if (
      reservation === undefined ||
      typeof this.ledger.reserve !== 'function' ||
      typeof this.ledger.settle !== 'function' ||
      typeof recorder?.settleNextCallWith !== 'function'
    ) {
      return undefined;
    }
    const provider = String(args.model?.provider ?? 'unknown');
    const model = String(args.model?.modelId ?? 'unknown');
    const inputTokens = estimatePromptTokens(args.systemMessages, args.messages);
    const max = args.modelSettings?.maxOutputTokens;
    const outputTokens =
      typeof max === 'number' && Number.isInteger(max) && max > 0 ? max : reservation.outputTokens;
    const estimatedCost =
      reservation.costPerCall ??
      estimateCost({ provider, model, usage: { inputTokens, outputTokens } }, this.#pricing, {
        fallbackPricing: [this.ledger.pricing],
      }).estimatedCost;
    return {
      id: `${keys.runId || 'run'}:hold:${randomUUID()}`,
      at: this.#now(),
      provider,
      model,
      inputTokens,
      outputTokens,
      estimatedCost,
      costUnit: 'USD',
      scope: keys,
      ttlMs: reservation.ttlMs,
    };
  }

  /** A hold granted after the check timed out is released: its call never ran. */
  #releaseLate(late: UsageTotals | UsageReserveResult, hold: UsageHold): void {
    if (!('granted' in late) || !late.granted) return;
    void this.#outbox.write({ kind: 'settle', hold, record: null });
  }

  /** The breakdown of a blocked or warned call (a reservation's check has none); undefined when not asked or unreadable. */
  async #breakdownFor(scopeKey: string, needed: boolean): Promise<UsageBreakdownEntry[] | undefined> {
    if (!this.#includeBreakdown || !needed) return undefined;
    try {
      const result = await withinMs(
        this.ledger.totals({
          scope: this.scope,
          scopeKey,
          ...(this.window ? { window: this.window } : {}),
          now: this.#now(),
          breakdown: true,
        }),
        this.#timeoutMs,
      );
      return result === TIMED_OUT ? undefined : result.breakdown;
    } catch {
      return undefined;
    }
  }

  /** The ledger could not be read: `failMode: 'closed'` blocks, `'open'` lets the call through; warned, rate-limited. */
  #unreadable(
    error: unknown,
    limit: number,
    scopeKey: string,
    abort: ProcessInputStepArgs<TokenCostControlTripwireMetadata>['abort'],
  ): undefined {
    const reason = describeError(error);
    if (this.#failMode === 'closed') {
      this.#warnings.warn(
        'ledger-read',
        `${this.ledger.name} could not be read (${reason}); calls are blocked until it answers (failMode 'closed').`,
      );
      const metadata: TokenCostControlTripwireMetadata = {
        processorId: ID,
        maxCost: limit,
        scope: this.scope,
        scopeKey,
        threshold: 'ledger-unavailable',
        error: reason,
      };
      return abort(
        `Token cost budget could not be checked: ${this.ledger.name} could not be read (${reason}); the call is blocked (failMode 'closed').`,
        { metadata },
      );
    }
    this.#warnings.warn(
      'ledger-read',
      `${this.ledger.name} could not be read (${reason}); the call goes ahead unchecked (failMode 'open').`,
    );
    return undefined;
  }

  /**
   * A scope's current usage against its budget over a window, e.g. for "you have used $3.20 of
   * $5 this week". The key is `scopeKey`, or read from `requestContext` like the check reads it.
   */
  async getUsage(query: TokenCostUsageQuery = {}): Promise<TokenCostUsageReport> {
    const scopeKey = query.scopeKey ?? keyFor(this.scope, scopeKeysOf('', query.requestContext));
    if (typeof scopeKey !== 'string' || scopeKey.length === 0) {
      throw invalid(
        'scopeKey',
        `getUsage() needs a scopeKey or a requestContext holding the ${describeScopeKey(this.scope)}.`,
      );
    }
    let window = this.window;
    if (query.window !== undefined) {
      if (this.scope === 'run')
        throw invalid('window', 'getUsage(): scope "run" has no window (it totals the whole run).');
      window = oneOf(NAME, 'window', query.window, USAGE_WINDOWS, 'getUsage() option "window"');
    }
    const totals = await this.ledger.totals({
      scope: this.scope,
      scopeKey,
      ...(window ? { window } : {}),
      now: query.now ?? this.#now(),
      breakdown: query.breakdown ?? true,
    });
    const report: TokenCostUsageReport = { ...totals, scope: this.scope, scopeKey };
    if (window) report.window = window;
    const limit = await this.#resolveLimit(query.requestContext);
    if (typeof limit === 'number') {
      report.maxCost = limit;
      report.remaining = Math.max(0, limit - totals.estimatedCost);
      report.percentUsed =
        limit === 0 ? (totals.estimatedCost > 0 ? 100 : 0) : (totals.estimatedCost / limit) * 100;
    }
    return report;
  }

  /** The budget for this request, or `undefined` (warned once per request) when a function gave no valid number. */
  async #limit(
    requestContext: RequestContext | undefined,
    state: ProcessorState,
  ): Promise<number | undefined> {
    const limit = await this.#resolveLimit(requestContext);
    if (typeof limit === 'number') return limit;
    await this.#warnOnce(
      state,
      'maxCost',
      `maxCost function ${limit.problem}; the budget is not checked for this request.`,
    );
    return undefined;
  }

  async #resolveLimit(requestContext: RequestContext | undefined): Promise<number | { problem: string }> {
    const maxCost = this.#maxCost;
    if (typeof maxCost === 'number') return maxCost;
    let value: unknown;
    try {
      value = await maxCost(requestContext);
    } catch (error) {
      return { problem: `threw (${describeError(error)})` };
    }
    return isBudget(value)
      ? value
      : { problem: `returned ${describeOptionValue(value)}, not a number of US dollars >= 0` };
  }

  #text(used: number, limit: number, threshold: 'soft' | 'hard', scopeKey: string): string {
    const template =
      this.#message ??
      (threshold === 'hard'
        ? `Token cost limit reached: {usage} USD of {limit} USD used (${this.#where(scopeKey)}).`
        : `Token cost at ${this.#warnAtPercent}% of the budget: {usage} USD of {limit} USD used (${this.#where(scopeKey)}).`);
    return template.replaceAll('{usage}', formatUsd(used)).replaceAll('{limit}', formatUsd(limit));
  }

  #where(scopeKey: string): string {
    return this.window ? `${this.scope} "${scopeKey}", last ${this.window}` : `run "${scopeKey}"`;
  }

  #detail(
    totals: UsageTotals,
    limit: number,
    scopeKey: string,
    threshold: 'soft' | 'hard',
  ): TokenCostControlViolationDetail {
    const { breakdown, ...totalUsage } = totals;
    const detail: TokenCostControlViolationDetail = {
      usage: { estimatedCost: totals.estimatedCost, costUnit: 'USD' },
      limit,
      totalUsage,
      scope: this.scope,
      scopeKey,
      threshold,
    };
    if (breakdown) detail.breakdown = breakdown;
    return detail;
  }

  async #report(message: string, detail: TokenCostControlViolationDetail): Promise<void> {
    const callback = this.onViolation;
    if (callback === undefined) {
      console.warn(`[sluice] ${ID}: ${message}`);
      return;
    }
    try {
      await callback.call(this, { processorId: ID, message, detail });
    } catch {
      // A failing onViolation never disturbs the run.
    }
  }

  /** A warning of this processor, at most once per request per `key`. */
  async #warnOnce(state: ProcessorState | undefined, key: string, message: string): Promise<void> {
    this.#once(state, key, () => console.warn(`[sluice] ${ID}: ${message}`));
  }

  /** Runs `fn` at most once per request per `key`. */
  #once(state: ProcessorState | undefined, key: string, fn: () => void): void {
    if (state !== undefined) {
      let done = state[STATE_WARNED] as Set<string> | undefined;
      if (done === undefined) {
        done = new Set<string>();
        state[STATE_WARNED] = done;
      }
      if (done.has(key)) return;
      done.add(key);
    }
    fn();
  }
}

/**
 * @deprecated The older name of {@link TokenCostControl} (same class, same id `token-cost-control`).
 * @alias
 */
export const CostGuardProcessor = TokenCostControl;
/** @deprecated The older name of {@link TokenCostControl}. */
export type CostGuardProcessor = TokenCostControl;
/** @deprecated The older name of {@link TokenCostControlOptions}. */
export type CostGuardProcessorOptions = TokenCostControlOptions;

export { formatUsd } from './support.js';
