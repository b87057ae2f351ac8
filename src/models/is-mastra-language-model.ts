import type { MastraLanguageModel } from './types.js';

/** Global marker set on every model adapter Sluice creates (works across package copies). */
export const MASTRA_MODEL_MARKER = Symbol.for('sluice.model');

/**
 * True when `value` already is a {@link MastraLanguageModel}: either an adapter Sluice made, or
 * any object shaped like one. AI SDK models are told apart by `supportedUrls`, which is a
 * property (record or promise) there and a method here, and by the `original` field.
 */
export function isMastraLanguageModel(value: unknown): value is MastraLanguageModel {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<PropertyKey, unknown>;
  if (candidate[MASTRA_MODEL_MARKER] === true) return true;
  return (
    typeof candidate.doStream === 'function' &&
    typeof candidate.supportedUrls === 'function' &&
    'original' in candidate &&
    typeof candidate.provider === 'string' &&
    typeof candidate.modelId === 'string'
  );
}
