/**
 * Span names and attributes. `gen_ai.*` follow the OpenTelemetry GenAI semantic conventions, so
 * a GenAI-aware backend (Langfuse, Phoenix, …) reads runs, model calls and tool calls as such;
 * `sluice.*` are Sluice's own, for processors.
 */

/** OpenTelemetry GenAI semantic convention attribute names Sluice sets. */
export const GEN_AI_ATTRIBUTES = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  finishReasons: 'gen_ai.response.finish_reasons',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolArguments: 'gen_ai.tool.call.arguments',
  toolResult: 'gen_ai.tool.call.result',
  agentId: 'gen_ai.agent.id',
  agentName: 'gen_ai.agent.name',
  conversationId: 'gen_ai.conversation.id',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  temperature: 'gen_ai.request.temperature',
  maxTokens: 'gen_ai.request.max_tokens',
} as const;

/** Sluice's own span attribute names (processors, steps, runs). */
export const SLUICE_ATTRIBUTES = {
  processorId: 'sluice.processor.id',
  hook: 'sluice.processor.hook',
  outcome: 'sluice.processor.outcome',
  stepNumber: 'sluice.step.number',
  stepAttempt: 'sluice.step.attempt',
  runId: 'sluice.run.id',
  runStatus: 'sluice.run.status',
  chunksSeen: 'sluice.processor.chunks.seen',
  chunksChanged: 'sluice.processor.chunks.changed',
  chunksDropped: 'sluice.processor.chunks.dropped',
  chunksEmitted: 'sluice.processor.chunks.emitted',
  tripwireReason: 'sluice.tripwire.reason',
  cacheHit: 'sluice.model.cache_hit',
} as const;
