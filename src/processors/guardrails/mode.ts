import type { ModelConfig } from '../../models/call-settings.js';
import { describeOptionValue, invalidProcessorOption } from '../option-errors.js';

/**
 * How a guardrail decides:
 * - `'llm'`: a helper model is asked for every check (as in Mastra; the default with a `model`).
 * - `'offline'`: the built-in detector only; no network at all (the only mode without a `model`).
 * - `'hybrid'`: the offline detector first, the model only for what it cannot decide (grey-band
 *   scores, types only a model can find). Needs a `model`.
 */
export type GuardrailMode = 'llm' | 'offline' | 'hybrid';

/** Every {@link GuardrailMode}, in documentation order. */
export const GUARDRAIL_MODES: readonly GuardrailMode[] = ['llm', 'offline', 'hybrid'];

/** Options every guardrail accepts besides its own (see each class for its defaults). */
export interface GuardrailCommonOptions {
  /** Helper model for `'llm'` / `'hybrid'` mode: a model object or a router string. */
  model?: ModelConfig;
  /** Default: `'llm'` with a `model`, `'offline'` without one. */
  mode?: GuardrailMode;
  /** Time budget of one check in milliseconds; past it the check fails per `errorStrategy`. */
  timeoutMs?: number;
  /** On a failed or timed-out check: `'warn'` lets content through and reports, `'strict'` aborts. */
  errorStrategy?: 'warn' | 'strict';
}

/** Stream hold-back options of the streaming guardrails (see `createStreamWindow`). */
export interface GuardrailStreamOptions {
  /** Characters collected before a window is checked. */
  windowChars?: number;
  /** Characters held back after each check and re-checked with the next window. */
  overlapChars?: number;
}

/** True when `model` is set to something (a model object, a router string or config). */
function hasModel(model: unknown): boolean {
  return model !== undefined && model !== null && model !== '';
}

/**
 * The mode a guardrail runs in. With a `model` and no `mode` → `'llm'` (code written for Mastra
 * keeps asking its model); without a model → `'offline'`. `mode: 'llm' | 'hybrid'` without a
 * model, or an unknown mode, is a construction-time `PROCESSOR_INVALID_OPTIONS` error naming the
 * processor and the option.
 */
export function resolveGuardrailMode(
  processorId: string,
  options: { model?: unknown; mode?: unknown },
): GuardrailMode {
  const { mode } = options;
  if (mode !== undefined && !GUARDRAIL_MODES.includes(mode as GuardrailMode)) {
    throw invalidProcessorOption(
      processorId,
      'mode',
      `option "mode" must be one of "llm", "offline", "hybrid" (got ${describeOptionValue(mode)}).`,
    );
  }
  const withModel = hasModel(options.model);
  if (mode === undefined) return withModel ? 'llm' : 'offline';
  if (mode !== 'offline' && !withModel) {
    throw invalidProcessorOption(
      processorId,
      'mode',
      `mode "${mode}" asks a helper model, but no "model" is set. Pass a model (e.g. model: 'openai/gpt-5-nano') or use mode: 'offline'.`,
    );
  }
  return mode as GuardrailMode;
}

/**
 * Throws a construction-time `PROCESSOR_INVALID_OPTIONS` error when an option value needs a
 * helper model (e.g. `strategy: 'rewrite'`, `strategy: 'translate'`) and none is set.
 */
export function requireModelFor(processorId: string, option: string, value: unknown, model: unknown): void {
  if (hasModel(model)) return;
  throw invalidProcessorOption(
    processorId,
    option,
    `${option} ${describeOptionValue(value)} needs a helper model, and no "model" is set. Pass a model (e.g. model: 'openai/gpt-5-nano') or choose another ${option}.`,
  );
}

/**
 * Validates the common `timeoutMs` option: `undefined` (no budget) or a positive finite number.
 */
export function checkTimeoutMs(processorId: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  throw invalidProcessorOption(
    processorId,
    'timeoutMs',
    `option "timeoutMs" must be a positive number of milliseconds (got ${describeOptionValue(value)}).`,
  );
}

/** Validates the common `errorStrategy` option; returns `fallback` when unset. */
export function checkErrorStrategy(
  processorId: string,
  value: unknown,
  fallback: 'warn' | 'strict',
): 'warn' | 'strict' {
  if (value === undefined) return fallback;
  if (value === 'warn' || value === 'strict') return value;
  throw invalidProcessorOption(
    processorId,
    'errorStrategy',
    `option "errorStrategy" must be "warn" or "strict" (got ${describeOptionValue(value)}).`,
  );
}
