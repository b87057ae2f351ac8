import { z } from 'zod/v4';
import { isRecord } from '../../messages/is-record.js';
import { MessageList } from '../../messages/message-list.js';
import type { CoreMessage } from '../../messages/types.js';
import type {
  CallSettings,
  ProviderOptions,
  StructuredOutputOptions,
  ToolChoice,
  ToolsInput,
} from '../../models/call-settings.js';
import type { LanguageModelUsage, MastraLanguageModel } from '../../models/types.js';
import type { ChunkType } from '../../stream/chunk-types.js';
import type { StepResult } from '../../stream/step-result.js';
import { ProcessorMessageSchema } from './message-schemas.js';
import { openObject, taggedUnion } from './open-object.js';

export * from './message-schemas.js';

/** The six phases a processor workflow runs in, one per workflow-capable hook. */
export const PROCESSOR_PHASES = [
  'input',
  'inputStep',
  'outputStream',
  'outputStep',
  'toolResult',
  'outputResult',
] as const;

/** One of {@link PROCESSOR_PHASES}. */
export type ProcessorPhase = (typeof PROCESSOR_PHASES)[number];

// Engine objects (model, tools, chunks, steps…) are checked only for their outer kind and typed
// as the hook argument types, so step data read in a workflow passes straight back to a hook.
const record = (value: unknown): boolean => isRecord(value);

/**
 * The field schemas, shared by the phase schemas and the permissive output schema so a field
 * means the same in every phase.
 */
const field = {
  messages: z.array(ProcessorMessageSchema),
  messageList: z.custom<MessageList>((value) => value instanceof MessageList, {
    message: 'Expected a MessageList instance (pass the messageList the hook received)',
  }),
  systemMessages: z.array(
    z.custom<CoreMessage>((value) => isRecord(value) && typeof value.role === 'string', {
      message: 'Expected a core message ({ role, content })',
    }),
  ),
  retryCount: z.number(),
  stepNumber: z.number(),
  runId: z.string(),
  model: z.custom<MastraLanguageModel>(record, { message: 'Expected a language model object' }),
  tools: z.custom<ToolsInput>(record, { message: 'Expected a record of tools' }),
  toolChoice: z.custom<ToolChoice>((value) => typeof value === 'string' || isRecord(value), {
    message: "Expected a tool choice ('auto', 'none', 'required' or { type: 'tool', toolName })",
  }),
  activeTools: z.array(z.string()),
  providerOptions: z.custom<ProviderOptions>(record, { message: 'Expected a record of provider options' }),
  modelSettings: z.custom<CallSettings>(record, { message: 'Expected a record of model settings' }),
  structuredOutput: z.custom<StructuredOutputOptions>(record, {
    message: 'Expected structured output options ({ schema, … })',
  }),
  steps: z.custom<StepResult[]>(Array.isArray, { message: 'Expected an array of step results' }),
  messageId: z.string(),
  rotateResponseMessageId: z.custom<() => string>((value) => typeof value === 'function', {
    message: 'Expected a function returning the new response message id',
  }),
  part: z
    .custom<ChunkType>((value) => isRecord(value) && typeof value.type === 'string', {
      message: 'Expected a stream chunk ({ type, … }) or null',
    })
    .nullable(),
  streamParts: z.array(
    z.custom<ChunkType>((value) => isRecord(value) && typeof value.type === 'string', {
      message: 'Expected a stream chunk ({ type, … })',
    }),
  ),
  state: z.record(z.string(), z.unknown()),
  finishReason: z.string(),
  providerMetadata: z.record(z.string(), z.record(z.string(), z.unknown())),
  toolCalls: z.array(
    openObject({ toolName: z.string(), toolCallId: z.string(), args: z.unknown().optional() }),
  ),
  text: z.string(),
  usage: z.custom<LanguageModelUsage>(record, { message: 'Expected a usage record' }),
  toolName: z.string(),
  toolCallId: z.string(),
  args: z.unknown(),
  providerExecuted: z.boolean(),
  toolResult: z.unknown(),
  outputResult: openObject({
    text: z.string(),
    usage: z.custom<LanguageModelUsage>(record, { message: 'Expected a usage record' }),
    finishReason: z.string(),
    steps: z.custom<StepResult[]>(Array.isArray, { message: 'Expected an array of step results' }),
  }),
};

/** Step data of `processInput`. */
export const ProcessorInputPhaseSchema = openObject({
  phase: z.literal('input'),
  messages: field.messages,
  messageList: field.messageList,
  systemMessages: field.systemMessages.optional(),
  retryCount: field.retryCount.optional(),
});

/** Step data of `processInputStep` (one per loop iteration). */
export const ProcessorInputStepPhaseSchema = openObject({
  phase: z.literal('inputStep'),
  messages: field.messages,
  messageList: field.messageList,
  stepNumber: field.stepNumber,
  runId: field.runId.optional(),
  systemMessages: field.systemMessages.optional(),
  retryCount: field.retryCount.optional(),
  model: field.model.optional(),
  tools: field.tools.optional(),
  toolChoice: field.toolChoice.optional(),
  activeTools: field.activeTools.optional(),
  providerOptions: field.providerOptions.optional(),
  modelSettings: field.modelSettings.optional(),
  structuredOutput: field.structuredOutput.optional(),
  steps: field.steps.optional(),
  messageId: field.messageId.optional(),
  rotateResponseMessageId: field.rotateResponseMessageId.optional(),
});

/** Step data of `processOutputStream` (one per chunk; `part` is `null` when there is none). */
export const ProcessorOutputStreamPhaseSchema = openObject({
  phase: z.literal('outputStream'),
  part: field.part,
  streamParts: field.streamParts,
  state: field.state,
  messageList: field.messageList.optional(),
  retryCount: field.retryCount.optional(),
});

/** Step data of `processOutputStep` (after each model step). */
export const ProcessorOutputStepPhaseSchema = openObject({
  phase: z.literal('outputStep'),
  messages: field.messages,
  messageList: field.messageList,
  stepNumber: field.stepNumber,
  finishReason: field.finishReason.optional(),
  providerMetadata: field.providerMetadata.optional(),
  toolCalls: field.toolCalls.optional(),
  text: field.text.optional(),
  usage: field.usage.optional(),
  systemMessages: field.systemMessages.optional(),
  retryCount: field.retryCount.optional(),
});

/** Step data of `processToolResult` (one per executed tool call). */
export const ProcessorToolResultPhaseSchema = openObject({
  phase: z.literal('toolResult'),
  messages: field.messages,
  messageList: field.messageList,
  stepNumber: field.stepNumber,
  toolName: field.toolName,
  toolCallId: field.toolCallId,
  args: field.args.optional(),
  result: field.toolResult.optional(),
  providerExecuted: field.providerExecuted.optional(),
  systemMessages: field.systemMessages.optional(),
  steps: field.steps.optional(),
  retryCount: field.retryCount.optional(),
});

/** Step data of `processOutputResult` (once, with the final result). */
export const ProcessorOutputResultPhaseSchema = openObject({
  phase: z.literal('outputResult'),
  messages: field.messages,
  messageList: field.messageList,
  retryCount: field.retryCount.optional(),
  result: field.outputResult.optional(),
});

/** The data a processor step receives: one phase's hook data, told apart by `phase`. */
export const ProcessorStepInputSchema = taggedUnion('phase', [
  ProcessorInputPhaseSchema,
  ProcessorInputStepPhaseSchema,
  ProcessorOutputStreamPhaseSchema,
  ProcessorOutputStepPhaseSchema,
  ProcessorToolResultPhaseSchema,
  ProcessorOutputResultPhaseSchema,
]);

/**
 * The schema to give a processor workflow as `inputSchema`/`outputSchema` (same object as {@link ProcessorStepInputSchema}).
 * @alias
 */
export const ProcessorStepSchema = ProcessorStepInputSchema;

/**
 * What a processor step returns: `phase` plus any field of any phase, because one phase's
 * output may feed a step written for another. `result` is `unknown` here (a tool result in
 * `toolResult`, the final result in `outputResult`).
 */
export const ProcessorStepOutputSchema = openObject({
  phase: z.enum(PROCESSOR_PHASES),
  messages: field.messages.optional(),
  messageList: field.messageList.optional(),
  systemMessages: field.systemMessages.optional(),
  retryCount: field.retryCount.optional(),
  stepNumber: field.stepNumber.optional(),
  runId: field.runId.optional(),
  model: field.model.optional(),
  tools: field.tools.optional(),
  toolChoice: field.toolChoice.optional(),
  activeTools: field.activeTools.optional(),
  providerOptions: field.providerOptions.optional(),
  modelSettings: field.modelSettings.optional(),
  structuredOutput: field.structuredOutput.optional(),
  steps: field.steps.optional(),
  messageId: field.messageId.optional(),
  rotateResponseMessageId: field.rotateResponseMessageId.optional(),
  part: field.part.optional(),
  streamParts: field.streamParts.optional(),
  state: field.state.optional(),
  finishReason: field.finishReason.optional(),
  providerMetadata: field.providerMetadata.optional(),
  toolCalls: field.toolCalls.optional(),
  text: field.text.optional(),
  usage: field.usage.optional(),
  toolName: field.toolName.optional(),
  toolCallId: field.toolCallId.optional(),
  args: field.args.optional(),
  result: z.unknown().optional(),
  providerExecuted: field.providerExecuted.optional(),
  toolResultValue: z.unknown().optional(),
});

/** Step data of any one phase. */
export type ProcessorStepData = z.infer<typeof ProcessorStepInputSchema>;
/** Step output: `phase` plus any phase's fields, all optional. */
export type ProcessorStepDataFlexible = z.infer<typeof ProcessorStepOutputSchema>;
/** What a processor step receives (= {@link ProcessorStepData}). */
export type ProcessorStepInput = ProcessorStepData;
/** What a processor step returns (= {@link ProcessorStepDataFlexible}). */
export type ProcessorStepOutput = ProcessorStepDataFlexible;
