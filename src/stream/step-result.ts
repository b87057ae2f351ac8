import type { LanguageModelV2CallWarning, SharedV2ProviderMetadata } from '@ai-sdk/provider';
import type { FinishReason, LanguageModelUsage } from '../models/types.js';
import type {
  FileChunk,
  ReasoningDeltaChunk,
  SourceChunk,
  StepTripwireData,
  ToolCallChunk,
  ToolErrorChunk,
  ToolResultChunk,
} from './chunk-types.js';

/** One piece of a step's output, in the order the model produced it. */
export type StepContentPart =
  | { type: 'text'; text: string; providerMetadata?: SharedV2ProviderMetadata }
  | { type: 'reasoning'; text: string; providerMetadata?: SharedV2ProviderMetadata }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown; providerExecuted?: boolean }
  | {
      type: 'tool-result';
      toolCallId: string;
      toolName: string;
      input: unknown;
      output: unknown;
      providerExecuted?: boolean;
    }
  | { type: 'tool-error'; toolCallId: string; toolName: string; input: unknown; error: unknown }
  | { type: 'source'; id: string; url?: string; title?: string }
  | { type: 'file'; mediaType: string; data: string | Uint8Array };

/** The result of one LLM call inside the agentic loop (`steps[i]`, `onStepFinish`). */
export interface LLMStepResult {
  /** 0-based position of this step in the run. */
  stepNumber: number;
  text: string;
  reasoning: ReasoningDeltaChunk[];
  reasoningText: string | undefined;
  toolCalls: ToolCallChunk[];
  toolResults: ToolResultChunk[];
  toolErrors: ToolErrorChunk[];
  sources: SourceChunk[];
  files: FileChunk[];
  content: StepContentPart[];
  usage: LanguageModelUsage;
  finishReason: FinishReason;
  rawFinishReason?: string;
  warnings: LanguageModelV2CallWarning[];
  request: { body?: unknown };
  response: { id?: string; timestamp?: Date; modelId?: string; headers?: Record<string, string> };
  providerMetadata: SharedV2ProviderMetadata | undefined;
  /** Set when a processor rejected this step. */
  tripwire?: StepTripwireData;
  /** `initial` for step 0, `tool-result` after a tool round, `continue` otherwise. */
  stepType: 'initial' | 'tool-result' | 'continue';
}

/** Name used by the processor reference for previous steps. */
export type StepResult = LLMStepResult;
