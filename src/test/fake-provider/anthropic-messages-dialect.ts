import type { ProviderError, RenderContext, WireDialect } from './dialect.js';
import type { NormalizedScript, ScriptPart } from './normalize-script.js';
import { rawEventFrame, typedEventFrame } from './sse.js';
import type { FakeFinishReason } from './types.js';

const STOP_REASONS: Record<FakeFinishReason, string> = {
  stop: 'end_turn',
  'tool-calls': 'tool_use',
  length: 'max_tokens',
  'content-filter': 'refusal',
};

/** Anthropic Messages (`POST /v1/messages`). */
export const anthropicMessagesDialect: WireDialect = {
  endpoint: 'anthropic-messages',
  responseId: (n) => `msg_fake_${n}`,
  renderStream,
  renderJson,
  defaultErrorType: anthropicDefaultErrorType,
  streamErrorDefaults: { status: 529, message: 'Overloaded', errorType: 'overloaded_error', code: null },
  httpErrorBody: anthropicErrorBody,
  streamErrorFrame: (error) => typedEventFrame(anthropicErrorBody(error)),
  malformedFrame: (data) => rawEventFrame('content_block_delta', data),
};

/** Anthropic's HTTP error body: `{ type: 'error', error: { type, message } }`. */
function anthropicErrorBody(error: ProviderError) {
  return { type: 'error' as const, error: { type: error.errorType, message: error.message } };
}

function anthropicDefaultErrorType(status: number): string {
  const byStatus: Record<number, string> = {
    401: 'authentication_error',
    402: 'billing_error',
    403: 'permission_error',
    404: 'not_found_error',
    413: 'request_too_large',
    429: 'rate_limit_error',
    529: 'overloaded_error',
  };
  return byStatus[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

function renderStream(script: NormalizedScript, ctx: RenderContext) {
  const body = [
    typedEventFrame({
      type: 'message_start',
      message: { ...messageShell(ctx), content: [], stop_reason: null, usage: usage(script, 1) },
    }),
  ];
  script.parts.forEach((part, index) => {
    body.push(...blockFrames(part, index));
  });
  const finish = [
    typedEventFrame({
      type: 'message_delta',
      delta: { stop_reason: STOP_REASONS[script.finishReason], stop_sequence: null },
      usage: { output_tokens: script.usage.outputTokens },
    }),
    typedEventFrame({ type: 'message_stop' }),
  ];
  return { body, finish };
}

// content_block_start → deltas → content_block_stop, one block per script part.
function blockFrames(part: ScriptPart, index: number): string[] {
  const delta = (d: object) => typedEventFrame({ type: 'content_block_delta', index, delta: d });
  const start = (block: object) =>
    typedEventFrame({ type: 'content_block_start', index, content_block: block });
  const frames: string[] = [];
  switch (part.kind) {
    case 'text':
      frames.push(
        start({ type: 'text', text: '' }),
        ...part.deltas.map((text) => delta({ type: 'text_delta', text })),
      );
      break;
    case 'reasoning':
      frames.push(
        start({ type: 'thinking', thinking: '', signature: '' }),
        ...part.deltas.map((thinking) => delta({ type: 'thinking_delta', thinking })),
        delta({ type: 'signature_delta', signature: part.signature }),
      );
      break;
    case 'tool-call':
      frames.push(
        start({ type: 'tool_use', id: part.id, name: part.name, input: {} }),
        ...part.argDeltas.map((partial_json) => delta({ type: 'input_json_delta', partial_json })),
      );
      break;
  }
  frames.push(typedEventFrame({ type: 'content_block_stop', index }));
  return frames;
}

function renderJson(script: NormalizedScript, ctx: RenderContext): object {
  return {
    ...messageShell(ctx),
    content: script.parts.map(jsonBlock),
    stop_reason: STOP_REASONS[script.finishReason],
    usage: usage(script, script.usage.outputTokens),
  };
}

function jsonBlock(part: ScriptPart): object {
  switch (part.kind) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'reasoning':
      return { type: 'thinking', thinking: part.text, signature: part.signature };
    case 'tool-call':
      return { type: 'tool_use', id: part.id, name: part.name, input: parseToolInput(part.args) };
  }
}

// Anthropic sends `input` as an object. Invalid JSON cannot be an object, so it is sent as the raw string
// (the client then serializes it again, which still yields unusable tool input, as intended).
function parseToolInput(args: string): unknown {
  if (args === '') return {};
  try {
    return JSON.parse(args);
  } catch {
    return args;
  }
}

function messageShell(ctx: RenderContext) {
  return { id: ctx.responseId, type: 'message', role: 'assistant', model: ctx.model, stop_sequence: null };
}

function usage(script: NormalizedScript, outputTokens: number): object {
  return {
    input_tokens: script.usage.inputTokens,
    output_tokens: outputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
}
