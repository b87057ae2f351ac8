import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import { ConfigurationError } from '../errors/configuration-error.js';
import { DEFAULT_COMPAT_RULES } from './compat-rules/index.js';
import type { CompatRule } from './compat-rules/types.js';
import type {
  ProcessAPIErrorArgs,
  ProcessAPIErrorResult,
  ProcessLLMRequestArgs,
  ProcessLLMRequestResult,
  Processor,
  ProcessorState,
} from './types.js';

/** Options of {@link ProviderHistoryCompat}. */
export interface ProviderHistoryCompatOptions {
  /** Extra rules, run after the built-in ones (`DEFAULT_COMPAT_RULES`). Names must be unique. */
  additionalRules?: CompatRule[];
}

/** `state` key: names of rules forced by a matching provider rejection in this run. */
const FORCED_KEY = 'forcedRules';
/** `state` key: the prompt this processor last handed on, for the reactive dry run. */
const LAST_PROMPT_KEY = 'lastPrompt';
/** How far down `cause` / nested `error` links an error's text is searched. */
const MAX_ERROR_DEPTH = 8;

function invalidOptions(message: string): ConfigurationError {
  return new ConfigurationError('PROCESSOR_INVALID_OPTIONS', `ProviderHistoryCompat: ${message}`);
}

function validateRules(rules: unknown): CompatRule[] {
  if (rules === undefined) return [];
  if (!Array.isArray(rules)) {
    throw invalidOptions(`additionalRules must be an array of CompatRule objects, got ${typeof rules}.`);
  }
  const names = new Set(DEFAULT_COMPAT_RULES.map((rule) => rule.name));
  rules.forEach((rule: unknown, index) => {
    const at = `additionalRules[${index}]`;
    if (typeof rule !== 'object' || rule === null) {
      throw invalidOptions(`${at} must be an object with a name and fix and/or applyToPrompt.`);
    }
    const { name, fix, applyToPrompt, errorPatterns } = rule as Record<string, unknown>;
    if (typeof name !== 'string' || name.trim() === '') {
      throw invalidOptions(`${at} needs a non-empty string \`name\`.`);
    }
    if (fix !== undefined && typeof fix !== 'function') {
      throw invalidOptions(`${at} ("${name}"): \`fix\` must be a function (messages) => boolean.`);
    }
    if (applyToPrompt !== undefined && typeof applyToPrompt !== 'function') {
      throw invalidOptions(
        `${at} ("${name}"): \`applyToPrompt\` must be a function returning a prompt or undefined.`,
      );
    }
    if (fix === undefined && applyToPrompt === undefined) {
      throw invalidOptions(`${at} ("${name}") does nothing: give it \`fix\`, \`applyToPrompt\` or both.`);
    }
    if (errorPatterns !== undefined) {
      if (!Array.isArray(errorPatterns) || !errorPatterns.every((p) => p instanceof RegExp)) {
        throw invalidOptions(`${at} ("${name}"): \`errorPatterns\` must be an array of RegExp.`);
      }
    }
    if (names.has(name)) {
      throw invalidOptions(
        `${at}: a rule named "${name}" already exists (built-in or earlier in additionalRules); give each rule a unique name.`,
      );
    }
    names.add(name);
  });
  return rules as CompatRule[];
}

/**
 * The texts a provider rejection can be recognised by: `message` and `responseBody` of the error
 * and of everything reachable through `cause`, a nested `error` (stream error events) and
 * `response.error` (`response.failed` events). Cycles and depth are bounded.
 */
function errorTexts(error: unknown): string[] {
  const texts: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number) => {
    if (typeof value === 'string') {
      texts.push(value);
      return;
    }
    if (typeof value !== 'object' || value === null || depth > MAX_ERROR_DEPTH || seen.has(value)) return;
    seen.add(value);
    const record = value as Record<string, unknown>;
    if (typeof record.message === 'string') texts.push(record.message);
    if (typeof record.responseBody === 'string') texts.push(record.responseBody);
    visit(record.cause, depth + 1);
    if (typeof record.error === 'object') visit(record.error, depth + 1);
    const response = record.response;
    if (typeof response === 'object' && response !== null) {
      visit((response as Record<string, unknown>).error, depth + 1);
    }
  };
  visit(error, 0);
  return texts;
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

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function forcedOf(state: ProcessorState | undefined): readonly string[] | undefined {
  const forced = state?.[FORCED_KEY];
  return Array.isArray(forced) ? (forced as string[]) : undefined;
}

/**
 * Smooths over provider-specific history incompatibilities when an agent reuses messages across
 * providers (tool-call id formats, reasoning a provider rejects, orphaned Responses item ids,
 * tags a content filter dislikes).
 *
 * - `processLLMRequest` (before every model call): threads the outbound prompt through each
 *   rule's `applyToPrompt`, built-ins first; returns `{ prompt }` only when a rule changed it.
 *   The input prompt is never mutated, and the stored history is never touched.
 * - `processAPIError` (first failure of a run only): the first rule whose `errorPatterns` match
 *   the provider error and that can act wins: its `fix` edits the stored messages (custom
 *   rules), or its `applyToPrompt` is marked forced for the rest of the run — then the call is
 *   retried. A forced rewrite that would not change the prompt last sent is not retried.
 *
 * One of the agent's default error processors; add your own instance for custom rules.
 */
export class ProviderHistoryCompat implements Processor<'provider-history-compat'> {
  readonly id = 'provider-history-compat';
  readonly name = 'Provider History Compat';
  /** Rules in the order they run: `DEFAULT_COMPAT_RULES`, then `additionalRules`. */
  readonly rules: readonly CompatRule[];

  constructor(options?: ProviderHistoryCompatOptions) {
    if (options !== undefined && (typeof options !== 'object' || options === null)) {
      throw invalidOptions('options must be an object like { additionalRules: [...] } or omitted.');
    }
    const additional = validateRules(options?.additionalRules);
    this.rules = additional.length > 0 ? [...DEFAULT_COMPAT_RULES, ...additional] : DEFAULT_COMPAT_RULES;
  }

  /** Apply every rule's outbound rewrite; `undefined` when none applied (nothing copied). */
  processLLMRequest(args: ProcessLLMRequestArgs): ProcessLLMRequestResult {
    const { model, messageList, state } = args;
    const forced = forcedOf(state);
    let prompt = args.prompt;
    let changed = false;
    for (const rule of this.rules) {
      const apply = rule.applyToPrompt;
      if (!apply) continue;
      const next = this.#apply(rule, apply, {
        prompt,
        model,
        messageList,
        forced: forced?.includes(rule.name) === true,
      });
      if (next === undefined || next === prompt) continue;
      prompt = next;
      changed = true;
    }
    if (state) state[LAST_PROMPT_KEY] = prompt;
    return changed ? { prompt } : undefined;
  }

  /** Recover once per run from a provider rejection a rule recognises. */
  processAPIError(args: ProcessAPIErrorArgs): ProcessAPIErrorResult | undefined {
    if (args.retryCount > 0) return undefined;
    const texts = errorTexts(args.error);
    if (texts.length === 0) return undefined;
    const state = args.state;
    for (const rule of this.rules) {
      if (!matches(rule.errorPatterns, texts)) continue;
      if (rule.fix && this.#fix(rule, rule.fix, args)) return { retry: true };
      const apply = rule.applyToPrompt;
      if (!apply) continue;
      const forced = forcedOf(state) ?? [];
      if (forced.includes(rule.name)) continue;
      if (!this.#wouldChange(rule, apply, args)) continue;
      if (state) state[FORCED_KEY] = [...forced, rule.name];
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
    const last = args.state?.[LAST_PROMPT_KEY];
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
      result = fix.call(rule, args.messageList.get.all.db());
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
