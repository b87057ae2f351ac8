import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import { describeValue } from '../../errors/describe-value.js';
import { describeError, errorTexts } from '../../errors/error-chain.js';
import type {
  ProcessAPIErrorArgs,
  ProcessAPIErrorResult,
  ProcessLLMRequestArgs,
  ProcessLLMRequestResult,
  Processor,
  ProcessorState,
} from '../../pipeline/types.js';
import { withHookDefaults } from '../direct-call/index.js';
import { invalidOptionFor } from '../option-errors.js';
import { DEFAULT_COMPAT_RULES } from './compat-rules/index.js';
import type { CompatRule } from './compat-rules/types.js';

/** Options of {@link ProviderHistoryCompat}. */
export interface ProviderHistoryCompatOptions {
  /**
   * Extra rules, run after the built-in ones (`DEFAULT_COMPAT_RULES`). Names must be unique, and
   * a rule with `fix` needs `errorPatterns` (the fix only runs after a matching rejection).
   */
  additionalRules?: readonly CompatRule[];
}

/** What the processor keeps in its per-run `state`. */
interface CompatState extends ProcessorState {
  /** Names of rules forced by a matching provider rejection in this run (each forced once). */
  forcedRules?: string[];
  /** Names of rules whose `fix` changed the stored messages in this run (each fixes once). */
  fixedRules?: string[];
  /** The prompt this processor last handed on, for the reactive dry run. */
  lastPrompt?: LanguageModelV2Prompt;
}

const invalidOptions = invalidOptionFor('ProviderHistoryCompat');

function validateRules(rules: unknown): readonly CompatRule[] {
  if (rules === undefined) return [];
  if (!Array.isArray(rules)) {
    throw invalidOptions(
      'additionalRules',
      `additionalRules must be an array of CompatRule objects, got ${describeValue(rules)}.`,
    );
  }
  const names = new Set(DEFAULT_COMPAT_RULES.map((rule) => rule.name));
  rules.forEach((rule: unknown, index) => {
    const at = `additionalRules[${index}]`;
    if (typeof rule !== 'object' || rule === null) {
      throw invalidOptions(at, `${at} must be an object with a name and fix and/or applyToPrompt.`);
    }
    const { name, fix, applyToPrompt, errorPatterns } = rule as Record<string, unknown>;
    if (typeof name !== 'string' || name.trim() === '') {
      throw invalidOptions(`${at}.name`, `${at} needs a non-empty string \`name\`.`);
    }
    if (fix !== undefined && typeof fix !== 'function') {
      throw invalidOptions(
        `${at}.fix`,
        `${at} ("${name}"): \`fix\` must be a function (messages) => boolean.`,
      );
    }
    if (applyToPrompt !== undefined && typeof applyToPrompt !== 'function') {
      throw invalidOptions(
        `${at}.applyToPrompt`,
        `${at} ("${name}"): \`applyToPrompt\` must be a function returning a prompt or undefined.`,
      );
    }
    if (fix === undefined && applyToPrompt === undefined) {
      throw invalidOptions(at, `${at} ("${name}") does nothing: give it \`fix\`, \`applyToPrompt\` or both.`);
    }
    if (errorPatterns !== undefined) {
      if (!Array.isArray(errorPatterns) || !errorPatterns.every((p) => p instanceof RegExp)) {
        throw invalidOptions(
          `${at}.errorPatterns`,
          `${at} ("${name}"): \`errorPatterns\` must be an array of RegExp.`,
        );
      }
    }
    if (fix !== undefined && (errorPatterns === undefined || errorPatterns.length === 0)) {
      // `fix` only runs after a rejection one of the patterns matches: without any it is dead code.
      throw invalidOptions(
        `${at}.errorPatterns`,
        `${at}.errorPatterns ("${name}"): a rule with \`fix\` needs at least one RegExp in \`errorPatterns\`, the provider rejections it repairs; without one the fix never runs.`,
      );
    }
    if (names.has(name)) {
      throw invalidOptions(
        `${at}.name`,
        `${at}: a rule named "${name}" already exists (built-in or earlier in additionalRules); give each rule a unique name.`,
      );
    }
    names.add(name);
  });
  return rules as readonly CompatRule[];
}

function matches(patterns: readonly RegExp[] | undefined, texts: readonly string[]): boolean {
  if (!patterns) return false;
  for (const pattern of patterns) {
    for (const text of texts) {
      // A global/sticky pattern keeps `lastIndex` between calls; start every test fresh.
      pattern.lastIndex = 0;
      if (pattern.test(text)) return true;
    }
  }
  return false;
}

/** The names stored under `key`, or an empty list. */
function namesIn(state: CompatState, key: 'forcedRules' | 'fixedRules'): readonly string[] {
  const names = state[key];
  return Array.isArray(names) ? names : [];
}

/**
 * Smooths over provider-specific history incompatibilities when an agent reuses messages across
 * providers (tool-call id formats, reasoning a provider rejects, orphaned Responses item ids,
 * tags a content filter dislikes).
 *
 * - `processLLMRequest` (before every model call): threads the outbound prompt through each
 *   rule's `applyToPrompt`, built-ins first; returns `{ prompt }` only when a rule changed it.
 *   The input prompt is never mutated, and the stored history is never touched.
 * - `processAPIError`: the first rule whose `errorPatterns` match the provider error and that
 *   can still act wins: its `fix` edits the stored messages (custom rules), or its
 *   `applyToPrompt` is marked forced for the rest of the run — then the call is retried. Each
 *   rule's `fix` runs successfully at most once per run and each rule is forced at most once,
 *   so the processor cannot loop; earlier retries in the run (a dropped connection, say) do not
 *   stop it, and the agent's error-retry budget still caps the run. A forced rewrite that would
 *   not change the prompt last sent is not retried.
 *
 * One of the agent's default error processors; add your own instance for custom rules.
 */
export class ProviderHistoryCompat implements Processor<'provider-history-compat'> {
  /** `'provider-history-compat'`. */
  readonly id = 'provider-history-compat' as const;
  /** `'Provider History Compat'`. */
  readonly name = 'Provider History Compat';
  /** One line for logs and traces. */
  readonly description =
    'Rewrites the outbound prompt so history from one provider is accepted by another, and repairs it after a matching rejection.';
  /** Rules in the order they run: `DEFAULT_COMPAT_RULES`, then `additionalRules`. */
  readonly rules: readonly CompatRule[];

  /**
   * @throws ConfigurationError `PROCESSOR_INVALID_OPTIONS` naming the rule and field when an
   *   additional rule is malformed (no name, a duplicate name, nothing to do, a `fix` without
   *   `errorPatterns`, …).
   */
  constructor(options?: ProviderHistoryCompatOptions) {
    if (options !== undefined && (typeof options !== 'object' || options === null)) {
      throw invalidOptions(
        'options',
        'options must be an object like { additionalRules: [...] } or omitted.',
      );
    }
    const additional = validateRules(options?.additionalRules);
    this.rules = additional.length > 0 ? [...DEFAULT_COMPAT_RULES, ...additional] : DEFAULT_COMPAT_RULES;
  }

  /** Apply every rule's outbound rewrite; `undefined` when none applied (nothing copied). */
  processLLMRequest(input: ProcessLLMRequestArgs): ProcessLLMRequestResult {
    const args = withHookDefaults(this, input);
    const { model, messageList } = args;
    const state = args.state as CompatState;
    const forced = namesIn(state, 'forcedRules');
    let prompt = args.prompt;
    let changed = false;
    for (const rule of this.rules) {
      const apply = rule.applyToPrompt;
      if (!apply) continue;
      const next = this.#apply(rule, apply, {
        prompt,
        model,
        messageList,
        forced: forced.includes(rule.name),
      });
      if (next === undefined || next === prompt) continue;
      prompt = next;
      changed = true;
    }
    state.lastPrompt = prompt;
    return changed ? { prompt } : undefined;
  }

  /**
   * Recover from a provider rejection a rule recognises, with a `fix` not yet applied in this
   * run or a rewrite not yet forced.
   */
  processAPIError(input: ProcessAPIErrorArgs): ProcessAPIErrorResult | undefined {
    const texts = errorTexts(input.error);
    if (texts.length === 0) return undefined;
    const args = withHookDefaults(this, input);
    const state = args.state as CompatState;
    for (const rule of this.rules) {
      if (!matches(rule.errorPatterns, texts)) continue;
      const fixed = namesIn(state, 'fixedRules');
      // A fix that already ran and still drew the rejection would only run (and fail) again.
      if (rule.fix && !fixed.includes(rule.name) && this.#fix(rule, rule.fix, args)) {
        state.fixedRules = [...fixed, rule.name];
        return { retry: true };
      }
      const apply = rule.applyToPrompt;
      if (!apply) continue;
      const forced = namesIn(state, 'forcedRules');
      if (forced.includes(rule.name)) continue;
      if (!this.#wouldChange(rule, apply, args)) continue;
      state.forcedRules = [...forced, rule.name];
      return { retry: true };
    }
    return undefined;
  }

  /**
   * Dry-run the forced rewrite on the prompt this processor last sent: retrying an identical
   * request cannot help (e.g. a content-filter hit caused by the user's own text). Without a
   * recorded prompt (the request hook never ran) the retry is allowed.
   */
  #wouldChange(rule: CompatRule, apply: NonNullable<CompatRule['applyToPrompt']>, args: ProcessAPIErrorArgs) {
    const last = (args.state as CompatState).lastPrompt;
    if (!Array.isArray(last) || args.model === undefined) return true;
    const prompt = last as LanguageModelV2Prompt;
    const next = this.#apply(rule, apply, {
      prompt,
      model: args.model,
      messageList: args.messageList,
      forced: true,
    });
    return next !== undefined && next !== prompt;
  }

  #apply(
    rule: CompatRule,
    apply: NonNullable<CompatRule['applyToPrompt']>,
    input: Parameters<NonNullable<CompatRule['applyToPrompt']>>[0],
  ): LanguageModelV2Prompt | undefined {
    let next: unknown;
    try {
      next = apply.call(rule, input);
    } catch (error) {
      throw new Error(`Compat rule "${rule.name}" threw in applyToPrompt: ${describeError(error)}`, {
        cause: error,
      });
    }
    if (next !== undefined && !Array.isArray(next)) {
      throw new Error(
        `Compat rule "${rule.name}": applyToPrompt must synchronously return a new prompt array or undefined, got ${
          next === null
            ? 'null'
            : typeof (next as { then?: unknown }).then === 'function'
              ? 'a Promise'
              : typeof next
        }.`,
      );
    }
    return next as LanguageModelV2Prompt | undefined;
  }

  #fix(rule: CompatRule, fix: NonNullable<CompatRule['fix']>, args: ProcessAPIErrorArgs): boolean {
    let result: unknown;
    try {
      // Called directly without a list, the rule fixes the messages given.
      result = fix.call(rule, args.messageList?.get.all.db() ?? args.messages ?? []);
    } catch (error) {
      throw new Error(`Compat rule "${rule.name}" threw in fix: ${describeError(error)}`, { cause: error });
    }
    if (
      result !== null &&
      typeof result === 'object' &&
      typeof (result as { then?: unknown }).then === 'function'
    ) {
      throw new Error(`Compat rule "${rule.name}": fix must return a boolean synchronously, got a Promise.`);
    }
    return result === true;
  }
}
