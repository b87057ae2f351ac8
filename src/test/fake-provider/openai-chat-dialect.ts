import type { RenderContext, WireDialect } from './dialect.js';
import type { NormalizedScript, ScriptPart } from './normalize-script.js';
import {
  OPENAI_STREAM_ERROR_DEFAULTS,
  openaiDefaultErrorType,
  openaiErrorBody,
} from './openai-error-format.js';
import { DONE_FRAME, dataFrame, rawDataFrame } from './sse.js';
import type { FakeFinishReason } from './types.js';

const FINISH_REASONS: Record<FakeFinishReason, string> = {
  stop: 'stop',
  'tool-calls': 'tool_calls',
  length: 'length',
  'content-filter': 'content_filter',
};

/** OpenAI Chat Completions (`POST /v1/chat/completions`). */
export const openaiChatDialect: WireDialect = {
  endpoint: 'openai-chat',
  responseId: (n) => `chatcmpl-fake-${n}`,
  renderStream,
  renderJson,
  defaultErrorType: openaiDefaultErrorType,
  streamErrorDefaults: OPENAI_STREAM_ERROR_DEFAULTS,
  httpErrorBody: openaiErrorBody,
  // Chat streams carry errors as a bare `{ error }` data chunk.
  streamErrorFrame: (error) => dataFrame(openaiErrorBody(error)),
  malformedFrame: rawDataFrame,
};

function renderStream(script: NormalizedScript, ctx: RenderContext) {
  const chunk = (delta: object, finishReason: string | null = null) =>
    dataFrame({
      id: ctx.responseId,
      object: 'chat.completion.chunk',
      created: ctx.created,
      model: ctx.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    });

  // The role chunk has no `content`: an empty string would make the client emit an empty text delta.
  const body = [chunk({ role: 'assistant' })];
  let toolIndex = 0;
  for (const part of script.parts) {
    if (part.kind === 'text') body.push(...part.deltas.map((content) => chunk({ content })));
    // `reasoning_content` is ignored by @ai-sdk/openai but read by @ai-sdk/openai-compatible.
    if (part.kind === 'reasoning') body.push(...part.deltas.map((d) => chunk({ reasoning_content: d })));
    if (part.kind === 'tool-call')
      body.push(...toolCallChunks(part, toolIndex++).map((delta) => chunk(delta)));
  }

  const usageChunk = dataFrame({
    id: ctx.responseId,
    object: 'chat.completion.chunk',
    created: ctx.created,
    model: ctx.model,
    choices: [],
    usage: chatUsage(script),
  });
  return { body, finish: [chunk({}, FINISH_REASONS[script.finishReason]), usageChunk, DONE_FRAME] };
}

// The first delta names the call with empty arguments; later deltas carry only `index` + argument text.
function toolCallChunks(part: Extract<ScriptPart, { kind: 'tool-call' }>, index: number): object[] {
  const start = {
    tool_calls: [{ index, id: part.id, type: 'function', function: { name: part.name, arguments: '' } }],
  };
  const args = part.argDeltas.map((argDelta) => ({
    tool_calls: [{ index, function: { arguments: argDelta } }],
  }));
  return [start, ...args];
}

function renderJson(script: NormalizedScript, ctx: RenderContext): object {
  const text = joinText(script, 'text');
  const reasoning = joinText(script, 'reasoning');
  const toolCalls = script.parts.flatMap((part) =>
    part.kind === 'tool-call'
      ? [{ id: part.id, type: 'function', function: { name: part.name, arguments: part.args } }]
      : [],
  );
  return {
    id: ctx.responseId,
    object: 'chat.completion',
    created: ctx.created,
    model: ctx.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text,
          refusal: null,
          ...(reasoning !== null && { reasoning_content: reasoning }),
          ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
        },
        logprobs: null,
        finish_reason: FINISH_REASONS[script.finishReason],
      },
    ],
    usage: chatUsage(script),
  };
}

function joinText(script: NormalizedScript, kind: 'text' | 'reasoning'): string | null {
  const texts = script.parts.flatMap((part) => (part.kind === kind ? [part.text] : []));
  return texts.length > 0 ? texts.join('') : null;
}

function chatUsage({ usage }: NormalizedScript): object {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    prompt_tokens_details: { cached_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: usage.reasoningTokens },
  };
}
