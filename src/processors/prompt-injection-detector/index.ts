/**
 * `PromptInjectionDetector` (api-reference 6.10): flags prompt-injection and jailbreak attempts in
 * the input (and, with `checkToolResults`, in tool results before the model sees them).
 *
 * Three modes (see `GuardrailMode`): `'offline'` runs {@link scoreInjection} only (no model, no
 * network; the only mode without a `model`), `'llm'` asks the helper model for the documented
 * JSON (the default with a `model`, as in Mastra), `'hybrid'` scores offline first and asks the
 * model only for scores inside a grey band. Verdicts are cached per text, so history that did not
 * change is never checked again, and every check runs under `timeoutMs` with the
 * `errorStrategy` fail policy (default `'warn'`: a failed check lets the content through).
 */

import type { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type { ModelConfig } from '../../models/call-settings.js';
import type {
  ProcessInputArgs,
  Processor,
  ProcessorViolation,
  ProcessToolResultArgs,
  TripWireOptions,
} from '../../pipeline/types.js';
import { listOrMessages, rememberedTest, replaceToolResult, withHookDefaults } from '../direct-call/index.js';
import {
  type FailPolicyOptions,
  type GuardrailFailureKind,
  runWithFailPolicy,
} from '../guardrails/fail-policy.js';
import { askJudge } from '../guardrails/judge.js';
import { messagesToCheck, messageText, reportViolation, rewriteMessageText } from '../guardrails/messages.js';
import type { GuardrailMode } from '../guardrails/mode.js';
import {
  type ToolResultText,
  toolResultOverflowReason,
  walkToolResult,
} from '../guardrails/tool-result-walk.js';
import { configFingerprint, VerdictCache } from '../guardrails/verdict-cache.js';
import { type PromptInjectionDetectionResult, readJudgeResult, resultSchema } from './judge-prompt.js';
import {
  ID,
  type PromptInjectionDetectionEvent,
  type PromptInjectionDetectorOptions,
  type PromptInjectionSource,
  type PromptInjectionStrategy,
  type PromptInjectionViolationDetail,
  type ResolvedInjectionOptions,
  resolveInjectionOptions,
} from './options.js';
import { type InjectionScore, scoreInjection } from './score.js';

export { INJECTION_CATEGORIES, type InjectionCategory } from './features.js';
export type { PromptInjectionDetectionResult } from './judge-prompt.js';
export type {
  PromptInjectionDetectionEvent,
  PromptInjectionDetectorOptions,
  PromptInjectionOversizeStrategy,
  PromptInjectionSource,
  PromptInjectionStrategy,
  PromptInjectionViolationDetail,
} from './options.js';
export {
  INJECTION_WINDOW_CHARS,
  INJECTION_WINDOW_OVERLAP,
  type InjectionCategoryScore,
  type InjectionScore,
  MAX_INJECTION_SCORED_CHARS,
  type ScoreInjectionOptions,
  scoreInjection,
} from './score.js';

/** The tool result a flagged result becomes under `filter`. */
export const INJECTION_WITHHELD_TOOL_RESULT =
  '[tool result withheld by prompt-injection-detector: it looked like a prompt-injection attempt]';

interface Verdict {
  result: PromptInjectionDetectionResult;
  flaggedTypes: string[];
  decidedBy: 'offline' | 'llm';
  score?: number;
  /** Offline verdicts of texts longer than `maxScoredChars`: the characters not scored. */
  unscoredChars?: number;
}

/** The tool result a result longer than `maxScoredChars` becomes under `oversizeStrategy` `'filter'`. */
export const INJECTION_UNSCORED_TOOL_RESULT =
  '[tool result withheld by prompt-injection-detector: it was too long to check for prompt injection]';

/** Detects prompt-injection and jailbreak attempts; see the module comment for modes and defaults. */
export class PromptInjectionDetector implements Processor<typeof ID, PromptInjectionViolationDetail> {
  readonly id = ID;
  readonly name = 'Prompt Injection Detector';
  onViolation?: (violation: ProcessorViolation) => void | Promise<void>;

  /** The checked options, defaults filled in. */
  readonly #o: ResolvedInjectionOptions;
  readonly #cache: VerdictCache<Verdict>;
  readonly #warned = new Set<GuardrailFailureKind>();

  constructor(options: PromptInjectionDetectorOptions = {}) {
    this.#o = resolveInjectionOptions(options);
    if (options.onViolation !== undefined) this.onViolation = options.onViolation;
    this.#cache = new VerdictCache<Verdict>({
      fingerprint: configFingerprint({
        mode: this.#o.mode,
        model: this.#o.model,
        types: this.#o.types,
        threshold: this.#o.threshold,
        rewrite: this.#o.strategy === 'rewrite',
        instructions: this.#o.instructions,
        band: this.#o.band,
        maxScoredChars: this.#o.maxScoredChars,
      }),
    });
  }

  /** The mode this detector runs in. */
  get mode(): GuardrailMode {
    return this.#o.mode;
  }

  /** Check the input messages (user and assistant; memory-loaded history was checked when new). */
  async processInput(
    input: ProcessInputArgs<PromptInjectionViolationDetail>,
  ): Promise<MessageList | MastraDBMessage[]> {
    const args = withHookDefaults(this, input);
    const { messages, messageList } = args;
    const remembered = rememberedTest(messageList);
    const fresh = messages.filter((m) => !remembered(m));
    const flagged = new Map<MastraDBMessage, Verdict>();
    // Too long to score whole, and not flagged on what was scored: `oversizeStrategy` decides.
    const oversize = new Map<MastraDBMessage, Verdict>();
    for (const message of messagesToCheck(fresh, this.#o.lastMessageOnly)) {
      const text = messageText(message);
      const verdict = await this.#check(text, args, 'input');
      if (verdict === undefined) continue;
      if (verdict.flaggedTypes.length > 0) flagged.set(message, verdict);
      else if ((verdict.unscoredChars ?? 0) > 0) oversize.set(message, verdict);
    }
    if (flagged.size === 0 && oversize.size === 0) return listOrMessages(messageList, messages);

    if (flagged.size > 0 && this.#o.strategy === 'block') {
      const [message, verdict] = flagged.entries().next().value as [MastraDBMessage, Verdict];
      this.#block(args.abort, verdict, { source: 'input', messageId: message.id });
    }
    const overStrategy = this.#o.oversize.input;
    if (oversize.size > 0 && overStrategy === 'block') {
      const [message, verdict] = oversize.entries().next().value as [MastraDBMessage, Verdict];
      this.#block(args.abort, verdict, { source: 'input', messageId: message.id });
    }
    const dropped = new Set<MastraDBMessage>();
    for (const [message, verdict] of oversize) {
      await this.#report(overStrategy, verdict, { source: 'input', messageId: message.id });
      if (overStrategy === 'filter') dropped.add(message);
    }
    if (this.#o.strategy === 'warn') {
      for (const [message, verdict] of flagged)
        await this.#report('warn', verdict, { source: 'input', messageId: message.id });
      return dropped.size === 0
        ? listOrMessages(messageList, messages)
        : messages.filter((m) => !dropped.has(m));
    }
    for (const [message, verdict] of flagged) {
      const rewritten = this.#o.strategy === 'rewrite' ? verdict.result.rewritten_content : undefined;
      if (typeof rewritten === 'string' && rewritten.trim() !== '') {
        let first = true;
        rewriteMessageText(message, () => {
          const out = first ? rewritten : '';
          first = false;
          return out;
        });
        await this.#report('rewrite', verdict, { source: 'input', messageId: message.id });
      } else {
        dropped.add(message);
        await this.#report(this.#o.strategy, verdict, {
          source: 'input',
          messageId: message.id,
          ...(this.#o.strategy === 'rewrite' ? { fellBackTo: 'filter' as const } : {}),
        });
      }
    }
    return dropped.size === 0
      ? listOrMessages(messageList, messages)
      : messages.filter((m) => !dropped.has(m));
  }

  /** With `checkToolResults`: check a tool's result before the model sees it. */
  async processToolResult(
    input: ProcessToolResultArgs<PromptInjectionViolationDetail>,
  ): Promise<MastraDBMessage[] | undefined> {
    const args = withHookDefaults(this, input);
    const { toolName, toolCallId, result, messageList } = args;
    // Called without a list, the hook answers with the messages (the documented result).
    const unchanged = messageList === undefined ? (args.messages ?? []) : undefined;
    if (!this.#o.checkToolResults) return unchanged;
    const walk = walkToolResult(result, { limits: this.#o.toolResultLimits, scalar: String });
    if (walk.overflow !== undefined) {
      const reason = toolResultOverflowReason(ID, toolName, walk.overflow);
      const detail: PromptInjectionViolationDetail = {
        processorId: ID,
        strategy: this.#o.strategy === 'warn' ? 'warn' : 'block',
        source: 'tool-result',
        detectedTypes: [],
        reason: null,
        decidedBy: 'offline',
        toolName,
        toolCallId,
        overflow: walk.overflow,
      };
      if (this.#o.strategy !== 'warn') args.abort(reason, { metadata: detail });
      await reportViolation(this, `${ID}: ${reason}`, detail);
      return unchanged;
    }
    const text = toolResultText(walk.texts);
    if (text === '') return unchanged;
    const verdict = await this.#check(text, args, 'tool-result');
    if (verdict === undefined) return unchanged;
    const where = { source: 'tool-result' as const, toolName, toolCallId };
    if (verdict.flaggedTypes.length === 0) {
      if ((verdict.unscoredChars ?? 0) > 0) return this.#oversizedToolResult(args, verdict, where, unchanged);
      return unchanged;
    }
    if (this.#o.strategy === 'block') this.#block(args.abort, verdict, where);
    if (this.#o.strategy === 'warn') {
      await this.#report('warn', verdict, where);
      return unchanged;
    }
    const rewritten = this.#o.strategy === 'rewrite' ? verdict.result.rewritten_content : undefined;
    const useRewrite = typeof rewritten === 'string' && rewritten.trim() !== '';
    const out = replaceToolResult(messageList, args.messages, {
      toolCallId,
      toolName,
      args: args.args,
      result: useRewrite ? rewritten : INJECTION_WITHHELD_TOOL_RESULT,
    });
    await this.#report(useRewrite ? 'rewrite' : this.#o.strategy, verdict, {
      ...where,
      ...(this.#o.strategy === 'rewrite' && !useRewrite ? { fellBackTo: 'filter' as const } : {}),
    });
    return out;
  }

  // A tool result too long to score whole, not flagged on what was scored.
  async #oversizedToolResult(
    args: ProcessToolResultArgs<PromptInjectionViolationDetail>,
    verdict: Verdict,
    where: { source: 'tool-result'; toolName: string; toolCallId: string },
    unchanged: MastraDBMessage[] | undefined,
  ): Promise<MastraDBMessage[] | undefined> {
    const strategy = this.#o.oversize['tool-result'];
    if (strategy === 'block') this.#block(args.abort, verdict, where);
    let out = unchanged;
    if (strategy === 'filter') {
      out = replaceToolResult(args.messageList, args.messages, {
        toolCallId: where.toolCallId,
        toolName: where.toolName,
        args: args.args,
        result: INJECTION_UNSCORED_TOOL_RESULT,
      });
    }
    await this.#report(strategy, verdict, where);
    return out;
  }

  // ---- checking ----------------------------------------------------------------------------

  async #check(
    text: string,
    args: Pick<
      ProcessInputArgs<PromptInjectionViolationDetail>,
      'abort' | 'abortSignal' | 'tracingContext' | 'usageRecorder'
    >,
    source: PromptInjectionSource,
  ): Promise<Verdict | undefined> {
    const cached = this.#cache.get(text);
    if (cached !== undefined) return cached;
    let verdict: Verdict;
    if (this.#o.mode === 'offline') {
      verdict = this.#offlineVerdict(scoreInjection(text, { maxChars: this.#o.maxScoredChars }));
    } else {
      const policy: FailPolicyOptions = {
        processorId: ID,
        errorStrategy: this.#o.errorStrategy,
        timeoutMs: this.#o.timeoutMs,
        abortSignal: args.abortSignal,
        abort: args.abort as unknown as FailPolicyOptions['abort'],
        warned: this.#warned,
        onFailure: (failure) => {
          if (this.#o.errorStrategy === 'warn') {
            return reportViolation(this, `${ID}: ${failure.message}`, {
              processorId: ID,
              failure: failure.kind,
              errorStrategy: 'warn',
              source,
            });
          }
        },
      };
      const run = await runWithFailPolicy(policy, (signal) =>
        this.#decide(text, signal, args.tracingContext, args.usageRecorder),
      );
      if (!run.ok) return undefined; // fail open; nothing cached, so the next turn tries again
      verdict = run.value;
    }
    this.#cache.set(text, verdict);
    await this.#notify(text, verdict, source);
    return verdict;
  }

  async #decide(
    text: string,
    signal: AbortSignal,
    tracingContext: ProcessInputArgs['tracingContext'],
    usageRecorder?: ProcessInputArgs['usageRecorder'],
  ): Promise<Verdict> {
    let offline: Verdict | undefined;
    if (this.#o.mode === 'hybrid') {
      const scored = scoreInjection(text, { maxChars: this.#o.maxScoredChars });
      const score = this.#effectiveScore(scored);
      if (score < this.#o.band.low || score >= this.#o.band.high) offline = this.#offlineVerdict(scored);
      // Rewriting needs the model's text even when the offline score is decisive.
      if (offline !== undefined && !(this.#o.strategy === 'rewrite' && offline.flaggedTypes.length > 0))
        return offline;
    }
    const answer = await askJudge({
      processorId: ID,
      model: this.#o.model as ModelConfig,
      instructions: this.#o.instructions,
      prompt: text,
      schema: resultSchema(this.#o.strategy === 'rewrite'),
      providerOptions: this.#o.providerOptions,
      structuredOutputOptions: this.#o.structured,
      abortSignal: signal,
      tracingContext,
      usageRecorder,
    });
    const result = readJudgeResult(ID, answer);
    const flaggedTypes = (result.categories ?? [])
      .filter((c) => this.#o.types.includes(c.type) && c.score >= this.#o.threshold)
      .map((c) => c.type);
    // A decisive offline flag stands even if the model, asked only for a rewrite, scores lower.
    if (offline !== undefined)
      return {
        ...offline,
        result: { ...offline.result, rewritten_content: result.rewritten_content ?? null },
      };
    return { result, flaggedTypes: [...new Set(flaggedTypes)], decidedBy: 'llm' };
  }

  #effectiveScore(scored: InjectionScore): number {
    if (this.#o.allTypes) return scored.score;
    let best = 0;
    for (const c of scored.categories) if (this.#o.types.includes(c.type) && c.score > best) best = c.score;
    return best;
  }

  #offlineVerdict(scored: InjectionScore): Verdict {
    const score = this.#effectiveScore(scored);
    const categories = scored.categories.filter((c) => this.#o.types.includes(c.type));
    let flaggedTypes: string[] = [];
    if (score >= this.#o.threshold) {
      // The overall score can pass the threshold on combined evidence; name the strongest categories.
      flaggedTypes = categories.filter((c) => c.score >= this.#o.threshold).map((c) => c.type);
      if (flaggedTypes.length === 0 && categories[0] !== undefined) flaggedTypes = [categories[0].type];
    }
    const signals = scored.signals.filter((s) => !s.startsWith('damped:'));
    const verdict: Verdict = {
      result: {
        categories: categories.length > 0 ? categories.map((c) => ({ type: c.type, score: c.score })) : null,
        reason: score > 0 ? `offline score ${score.toFixed(3)}: ${signals.join(', ')}` : null,
      },
      flaggedTypes,
      decidedBy: 'offline',
      score,
    };
    if (scored.unscoredChars !== undefined) verdict.unscoredChars = scored.unscoredChars;
    return verdict;
  }

  // ---- reporting ---------------------------------------------------------------------------

  #detail(
    strategy: PromptInjectionStrategy,
    verdict: Verdict,
    where: Partial<PromptInjectionViolationDetail> & { source: PromptInjectionSource },
  ): PromptInjectionViolationDetail {
    const detail: PromptInjectionViolationDetail = {
      processorId: ID,
      strategy,
      detectedTypes: verdict.flaggedTypes,
      reason: verdict.result.reason,
      decidedBy: verdict.decidedBy,
      ...where,
    };
    if (verdict.flaggedTypes.length === 0 && verdict.unscoredChars !== undefined)
      detail.unscoredChars = verdict.unscoredChars;
    if (this.#o.includeScores) {
      detail.detectionResult = verdict.result;
      if (verdict.score !== undefined) detail.score = verdict.score;
    }
    return detail;
  }

  #block(
    abort: (reason?: string, options?: TripWireOptions<PromptInjectionViolationDetail>) => never,
    verdict: Verdict,
    where: Partial<PromptInjectionViolationDetail> & { source: PromptInjectionSource },
  ): never {
    const place = where.source === 'tool-result' ? ` in the result of tool "${where.toolName}"` : '';
    const reason =
      verdict.flaggedTypes.length > 0
        ? `Prompt injection detected${place}: ${verdict.flaggedTypes.join(', ')}`
        : `${unscoredMessage(verdict, place, this.#o.maxScoredChars)} Blocked (oversizeStrategy 'block'); raise maxScoredChars or choose oversizeStrategy 'warn' or 'filter' to change this.`;
    return abort(reason, { metadata: this.#detail('block', verdict, where) });
  }

  async #report(
    strategy: PromptInjectionStrategy,
    verdict: Verdict,
    where: Partial<PromptInjectionViolationDetail> & { source: PromptInjectionSource },
  ): Promise<void> {
    const place = where.source === 'tool-result' ? ` in the result of tool "${where.toolName}"` : '';
    const action = strategy === 'warn' ? 'let through' : strategy === 'rewrite' ? 'rewritten' : 'removed';
    const message =
      verdict.flaggedTypes.length > 0
        ? `Prompt injection detected${place} (${verdict.flaggedTypes.join(', ')}); ${action}.`
        : `${unscoredMessage(verdict, place, this.#o.maxScoredChars)} ${action[0]?.toUpperCase()}${action.slice(1)} (oversizeStrategy '${strategy}').`;
    if (this.onViolation === undefined) {
      if (strategy === 'warn') console.warn(`[sluice] ${ID}: ${message}`);
      return;
    }
    await reportViolation(this, message, this.#detail(strategy, verdict, where));
  }

  async #notify(text: string, verdict: Verdict, source: PromptInjectionSource): Promise<void> {
    if (this.#o.onDetection === undefined) return;
    const flagged = verdict.flaggedTypes.length > 0;
    let strategyApplied: PromptInjectionDetectionEvent['strategyApplied'] = 'none';
    if (flagged) {
      strategyApplied =
        this.#o.strategy === 'rewrite' && typeof verdict.result.rewritten_content !== 'string'
          ? 'filter'
          : this.#o.strategy;
    }
    try {
      await this.#o.onDetection({
        detectionResult: verdict.result,
        input: text,
        flagged,
        strategyApplied,
        source,
        decidedBy: verdict.decidedBy,
      });
    } catch (error) {
      console.warn(
        `[sluice] ${ID}: onDetection threw; ignored. ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

// What a verdict on a text longer than `maxScoredChars` says about the part never read.
function unscoredMessage(verdict: Verdict, place: string, max: number): string {
  return `Text${place} too long to check for prompt injection: ${verdict.unscoredChars} characters past maxScoredChars (${max}) were not scored.`;
}

// Tool results are often objects. Their strings are scored as the text they are (one per line,
// property names kept as context), not as escaped JSON where line breaks turn into "\\n". The
// walk (shared with PIIDetector) lists every string once and bounds the whole.
function toolResultText(texts: readonly ToolResultText[]): string {
  const lines: string[] = [];
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i] as ToolResultText;
    if (t.kind === 'value') {
      lines.push(t.field === undefined ? t.text : `${t.field}: ${t.text}`);
      continue;
    }
    // A name followed by its own value is read in that value's `name: value` line.
    const next = texts[i + 1];
    if (next === undefined || next.kind !== 'value' || next.field !== t.text) lines.push(t.text);
  }
  return lines.join('\n');
}
