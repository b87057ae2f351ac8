/**
 * The call `useAgent: true` makes: one `generate` of an internal agent asked for the schema
 * natively (its default error processors retry transient failures). The agent module registers
 * it when it loads (`src/agent/agent.ts`), so this processor never imports the agent, which
 * itself builds this processor for `structuredOutput: { model }`.
 */
import type { StructuredOutputOptions } from '../../models/call-settings.js';
import type { LanguageModelUsage, MastraLanguageModel } from '../../models/types.js';

/** What the structuring processor asks of the internal agent. */
export interface StructuringAgentRequest {
  model: MastraLanguageModel;
  /** The internal agent's instructions. */
  instructions: string;
  /** The user message: the answer to structure. */
  prompt: string;
  abortSignal: AbortSignal | undefined;
  /** The structured-output options (schema, instructions, providerOptions, …). */
  options: StructuredOutputOptions<unknown>;
}

/** The internal agent's answer: the validated object and the call's usage. */
export interface StructuringAgentResult {
  object: unknown;
  usage: LanguageModelUsage | undefined;
}

/** Runs the internal agent for one structuring request. */
export type StructuringAgentCall = (request: StructuringAgentRequest) => Promise<StructuringAgentResult>;

let registered: StructuringAgentCall | undefined;

/** Register how `useAgent: true` runs its internal agent (the agent module does, once). */
export function registerStructuringAgent(call: StructuringAgentCall): void {
  registered = call;
}

/** The registered call, or `undefined` while no agent module is loaded. */
export function structuringAgentCall(): StructuringAgentCall | undefined {
  return registered;
}
