/**
 * Cost estimation: one model call's usage priced in US dollars. Prices come, in order, from the
 * processor's `pricing` overrides, the ledger's `pricing` overrides, then the maintained price
 * data of `@pydantic/genai-prices` (bundled with the package: no network at run time). An
 * unknown model costs 0 with `priced: false` and one warning per model per process.
 */
import { calcPrice } from '@pydantic/genai-prices';
import type { LanguageModelUsage } from '../models/types.js';
import type { CostUnit, ModelPrice, PricingTable } from './types.js';

/** What {@link estimateCost} prices. */
export interface CostEstimateInput {
  /** The model's provider id as the model reports it (`openai.chat` and `openai` both mean OpenAI). */
  provider: string;
  /** The model id as the model reports it. */
  model: string;
  /** The call's usage (AI SDK fields; `cachedInputTokens` and `reasoningTokens` are parts of input and output). */
  usage: Partial<LanguageModelUsage> | undefined;
}

/** Where a price came from. */
export type PriceSource = 'pricing' | 'genai-prices' | 'none';

/** One call's estimated cost. */
export interface CostEstimate {
  estimatedCost: number;
  costUnit: CostUnit;
  /** `false` when no price was known (cost counted as 0, a warning logged once per model). */
  priced: boolean;
  source: PriceSource;
  /** Token counts as priced (undefined counts read as 0; cached is part of input, reasoning part of output). */
  tokens: { input: number; output: number; cachedInput: number; reasoning: number };
}

/** Options of {@link estimateCost}. */
export interface EstimateCostOptions {
  /** Where the unknown-model warning goes (default `console.warn`); once per `provider/model`. */
  warn?: (message: string) => void;
  /** Price tables tried after `pricing`, in order (e.g. the ledger's). */
  fallbackPricing?: readonly (PricingTable | undefined)[];
}

/**
 * The provider id prices are keyed by: the AI SDK reports `openai.chat`, `openai.responses`,
 * `anthropic.messages`, `google.generative-ai`; the part before the first dot names the provider.
 */
export function pricingProviderId(provider: string): string {
  const lower = provider.trim().toLowerCase();
  const dot = lower.indexOf('.');
  const head = dot === -1 ? lower : lower.slice(0, dot);
  return PROVIDER_ALIASES[head] ?? head;
}

const PROVIDER_ALIASES: Readonly<Record<string, string>> = {
  'google-generative-ai': 'google',
  gemini: 'google',
  'google-vertex': 'google',
  vertex: 'google',
  'amazon-bedrock': 'aws',
  bedrock: 'aws',
  'azure-openai': 'azure',
};

const warned = new Set<string>();

const count = (value: number | undefined): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

/** The four token counts of a usage, consistent with each other. */
export function pricedTokens(usage: Partial<LanguageModelUsage> | undefined): CostEstimate['tokens'] {
  let input = count(usage?.inputTokens);
  let output = count(usage?.outputTokens);
  const cachedInput = count(usage?.cachedInputTokens);
  const reasoning = count(usage?.reasoningTokens);
  // Cached input is part of input and reasoning part of output where the provider counts them
  // so (AI SDK spec v3+ does); a provider reporting more cached than input tokens (or more
  // reasoning than output tokens) counts them apart, so they are added.
  if (cachedInput > input) input += cachedInput;
  if (reasoning > output) output += reasoning;
  return { input, output, cachedInput, reasoning };
}

/** Look a model up in a pricing table: `provider/model` as reported, then with the normalised provider id. */
export function findPrice(
  table: PricingTable | undefined,
  provider: string,
  model: string,
): ModelPrice | undefined {
  if (table === undefined) return undefined;
  const exact = table[`${provider}/${model}`];
  if (exact !== undefined) return exact;
  const normal = pricingProviderId(provider);
  return normal === provider ? undefined : table[`${normal}/${model}`];
}

/** Cost of the tokens at a price per million tokens (cached and reasoning at their own rates). */
export function costAt(price: ModelPrice, tokens: CostEstimate['tokens']): number {
  const cachedRate = price.cachedInput ?? price.input;
  const reasoningRate = price.reasoning ?? price.output;
  const micro =
    (tokens.input - tokens.cachedInput) * price.input +
    tokens.cachedInput * cachedRate +
    (tokens.output - tokens.reasoning) * price.output +
    tokens.reasoning * reasoningRate;
  return micro / 1_000_000;
}

/**
 * Estimate one call's cost in US dollars. `pricing` (`{ 'provider/model-id': { input, output,
 * cachedInput?, reasoning? } }`, dollars per million tokens) wins over the bundled price data.
 * Never throws: an unknown model (or a usage the price data cannot take) costs 0 with
 * `priced: false`, and the first time per `provider/model` a warning names the model and the
 * `pricing` key to add.
 */
export function estimateCost(
  input: CostEstimateInput,
  pricing?: PricingTable,
  options: EstimateCostOptions = {},
): CostEstimate {
  const { provider, model } = input;
  const tokens = pricedTokens(input.usage);
  const override =
    findPrice(pricing, provider, model) ?? firstFallback(options.fallbackPricing, provider, model);
  if (override !== undefined) {
    return {
      estimatedCost: costAt(override, tokens),
      costUnit: 'USD',
      priced: true,
      source: 'pricing',
      tokens,
    };
  }
  if (tokens.input === 0 && tokens.output === 0) {
    // Nothing used costs nothing, whatever the model (a failed attempt, a cache hit).
    return { estimatedCost: 0, costUnit: 'USD', priced: true, source: 'none', tokens };
  }
  const bundled = bundledCost(pricingProviderId(provider), model, tokens);
  if (bundled !== undefined) {
    return { estimatedCost: bundled, costUnit: 'USD', priced: true, source: 'genai-prices', tokens };
  }
  const key = `${provider}/${model}`;
  if (!warned.has(key)) {
    warned.add(key);
    const write = options.warn ?? ((message: string) => console.warn(message));
    write(
      `[sluice] token-cost-control: no price known for model "${key}"; its calls are recorded with cost 0 (priced: false). ` +
        `Add it to the "pricing" option, e.g. pricing: { '${pricingProviderId(provider)}/${model}': { input: <USD per 1M input tokens>, output: <USD per 1M output tokens> } }.`,
    );
  }
  return { estimatedCost: 0, costUnit: 'USD', priced: false, source: 'none', tokens };
}

function firstFallback(
  tables: readonly (PricingTable | undefined)[] | undefined,
  provider: string,
  model: string,
): ModelPrice | undefined {
  if (tables === undefined) return undefined;
  for (const table of tables) {
    const price = findPrice(table, provider, model);
    if (price !== undefined) return price;
  }
  return undefined;
}

/**
 * The bundled catalogue's entry per `provider/model`, found once. A flat price (plain per-million
 * rates for input, cached input, output, reasoning) is then computed directly; tiered or
 * time-bound prices go through `calcPrice` against a one-model provider (about 5× faster than a
 * catalogue search). Models the catalogue lacks are remembered as such. Bounded: a process
 * calling unbounded distinct model ids starts over.
 */
const catalogue = new Map<string, CatalogueEntry | null>();
const CATALOGUE_LIMIT = 1000;
type PriceProvider = NonNullable<NonNullable<Parameters<typeof calcPrice>[2]>['provider']>;
interface CatalogueEntry {
  provider: PriceProvider;
  /** Set when the model's price is flat: rates in USD per million tokens. */
  flat?: { input: number; cachedInput: number | undefined; output: number; reasoning: number | undefined };
}

function bundledCost(providerId: string, model: string, tokens: CostEstimate['tokens']): number | undefined {
  const key = `${providerId}/${model}`;
  try {
    let entry = catalogue.get(key);
    if (entry === null) return undefined;
    if (entry === undefined) {
      const found = calcPrice({ input_tokens: 1, output_tokens: 1 }, model, { providerId });
      if (catalogue.size >= CATALOGUE_LIMIT) catalogue.clear();
      if (found === null) {
        catalogue.set(key, null);
        return undefined;
      }
      entry = { provider: { ...found.provider, models: [found.model] } };
      const flat = flatPrice(found.model.prices);
      if (flat !== undefined) entry.flat = flat;
      catalogue.set(key, entry);
    }
    const flat = entry.flat;
    // A flat price without a cached rate is left to the library (it decides what cached input costs).
    if (flat !== undefined && (flat.cachedInput !== undefined || tokens.cachedInput === 0)) {
      const cost =
        (tokens.input - tokens.cachedInput) * flat.input +
        tokens.cachedInput * (flat.cachedInput ?? flat.input) +
        (tokens.output - tokens.reasoning) * flat.output +
        tokens.reasoning * (flat.reasoning ?? flat.output);
      return cost / 1_000_000;
    }
    return finite(
      calcPrice(
        {
          input_tokens: tokens.input,
          cache_read_tokens: tokens.cachedInput,
          output_tokens: tokens.output,
          output_reasoning_tokens: tokens.reasoning,
        },
        model,
        { provider: entry.provider },
      )?.total_price,
    );
  } catch {
    return undefined;
  }
}

/** The four token rates of a price that is one plain number each (no tiers, no date conditions). */
function flatPrice(prices: unknown): CatalogueEntry['flat'] {
  if (prices === null || typeof prices !== 'object' || Array.isArray(prices)) return undefined;
  const p = prices as Record<string, unknown>;
  const rate = (name: string): number | undefined | false => {
    const value = p[name];
    if (value === undefined) return undefined;
    return typeof value === 'number' && Number.isFinite(value) ? value : false;
  };
  const input = rate('input_mtok');
  const output = rate('output_mtok');
  const cachedInput = rate('cache_read_mtok');
  const reasoning = rate('output_reasoning_mtok');
  if (
    typeof input !== 'number' ||
    typeof output !== 'number' ||
    cachedInput === false ||
    reasoning === false
  ) {
    return undefined;
  }
  return { input, output, cachedInput, reasoning };
}

const finite = (value: number | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Checks a `pricing` option; returns a message naming the bad entry, or `undefined` when valid. */
export function pricingProblem(pricing: unknown): string | undefined {
  if (pricing === undefined) return undefined;
  if (pricing === null || typeof pricing !== 'object' || Array.isArray(pricing)) {
    return 'must be an object keyed "provider/model-id" with { input, output, cachedInput?, reasoning? } in USD per million tokens';
  }
  for (const [key, value] of Object.entries(pricing)) {
    if (!key.includes('/')) return `key "${key}" must be "provider/model-id" (e.g. "openai/gpt-5-mini")`;
    if (value === null || typeof value !== 'object')
      return `entry "${key}" must be { input, output, cachedInput?, reasoning? }`;
    for (const field of ['input', 'output', 'cachedInput', 'reasoning'] as const) {
      const rate = (value as Record<string, unknown>)[field];
      const required = field === 'input' || field === 'output';
      if (rate === undefined && !required) continue;
      if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0) {
        return `entry "${key}".${field} must be a number >= 0 (USD per million tokens)`;
      }
    }
  }
  return undefined;
}
