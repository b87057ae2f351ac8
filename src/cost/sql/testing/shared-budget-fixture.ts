/**
 * What the shared-budget tests (Redis: two agents in one process; PostgreSQL: two processes)
 * agree on: the budget, the price of the scripted model and the model itself. Every call costs
 * $0.60 (1 000 input tokens at $500/M + 100 output tokens at $1 000/M), the budget is $0.50, so one
 * call passes the check and pushes the user over. Test support only.
 */
import { ScriptedModel } from '../../../test/scripted-model.js';
import type { PricingTable } from '../../types.js';

/** The budget in US dollars. */
export const BUDGET = 0.5;

/** What one call costs under {@link PRICING}. */
export const CALL_COST = 0.6;

/** Prices of the scripted model, in $ per million tokens. */
export const PRICING: PricingTable = { 'budget-test/metered-1': { input: 500, output: 1000 } };

/** A scripted model that reports provider `budget-test`, model `metered-1` and fixed usage. */
export function budgetModel(text: string): ScriptedModel {
  return new ScriptedModel({
    provider: 'budget-test',
    modelId: 'metered-1',
    steps: () => ({ text, usage: { inputTokens: 1000, outputTokens: 100 } }),
  });
}
