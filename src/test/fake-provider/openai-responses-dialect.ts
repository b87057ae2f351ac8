import type { ProviderError, RenderContext, WireDialect } from './dialect.js';
import type { NormalizedScript, ScriptPart } from './normalize-script.js';
import {
  OPENAI_STREAM_ERROR_DEFAULTS,
  openaiDefaultErrorType,
  openaiErrorBody,
} from './openai-error-format.js';
import { rawEventFrame, typedEventFrame } from './sse.js';

type ResponseStatus = 'in_progress' | 'completed' | 'incomplete' | 'failed';

/** OpenAI Responses (`POST /v1/responses`). */
export const openaiResponsesDialect: WireDialect = {
  endpoint: 'openai-responses',
  responseId: (n) => `resp_fake_${n}`,
  renderStream,
  renderJson,
  defaultErrorType: openaiDefaultErrorType,
  streamErrorDefaults: OPENAI_STREAM_ERROR_DEFAULTS,
  httpErrorBody: openaiErrorBody,
  streamErrorFrame,
  malformedFrame: (data) => rawEventFrame('response.output_text.delta', data),
};

/** Responses events carry a running `sequence_number`; the client requires it on error events. */
class EventSequence {
  readonly frames: string[] = [];
  constructor(private next = 0) {}
  push(payload: { type: string } & Record<string, unknown>): void {
    this.frames.push(typedEventFrame({ ...payload, sequence_number: this.next++ }));
  }
  get position(): number {
    return this.next;
  }
}

function renderStream(script: NormalizedScript, ctx: RenderContext) {
  const body = new EventSequence();
  body.push({ type: 'response.created', response: responseObject(ctx, 'in_progress', []) });
  body.push({ type: 'response.in_progress', response: responseObject(ctx, 'in_progress', []) });
  script.parts.forEach((part, outputIndex) => {
    pushItemEvents(body, part, outputIndex, itemId(ctx, part, outputIndex));
  });

  const finish = new EventSequence(body.position);
  const { status, incompleteReason } = finalStatus(script);
  finish.push({
    type: status === 'completed' ? 'response.completed' : 'response.incomplete',
    response: {
      ...responseObject(ctx, status, outputItems(script, ctx)),
      incomplete_details: incompleteReason === null ? null : { reason: incompleteReason },
      usage: responsesUsage(script),
    },
  });
  return { body: body.frames, finish: finish.frames };
}

// One output item per script part, framed by output_item.added / output_item.done like the real API.
function pushItemEvents(seq: EventSequence, part: ScriptPart, outputIndex: number, id: string): void {
  const at = { item_id: id, output_index: outputIndex };
  seq.push({ type: 'response.output_item.added', output_index: outputIndex, item: openItem(part, id) });
  if (part.kind === 'text') {
    const textPart = (text: string) => ({ type: 'output_text', text, annotations: [] });
    seq.push({ type: 'response.content_part.added', ...at, content_index: 0, part: textPart('') });
    for (const delta of part.deltas) {
      seq.push({ type: 'response.output_text.delta', ...at, content_index: 0, delta, logprobs: [] });
    }
    seq.push({ type: 'response.output_text.done', ...at, content_index: 0, text: part.text, logprobs: [] });
    seq.push({ type: 'response.content_part.done', ...at, content_index: 0, part: textPart(part.text) });
  }
  if (part.kind === 'reasoning') {
    const summary = (text: string) => ({ type: 'summary_text', text });
    seq.push({ type: 'response.reasoning_summary_part.added', ...at, summary_index: 0, part: summary('') });
    for (const delta of part.deltas) {
      seq.push({ type: 'response.reasoning_summary_text.delta', ...at, summary_index: 0, delta });
    }
    seq.push({ type: 'response.reasoning_summary_text.done', ...at, summary_index: 0, text: part.text });
    seq.push({
      type: 'response.reasoning_summary_part.done',
      ...at,
      summary_index: 0,
      part: summary(part.text),
    });
  }
  if (part.kind === 'tool-call') {
    for (const delta of part.argDeltas) {
      seq.push({ type: 'response.function_call_arguments.delta', ...at, delta });
    }
    seq.push({ type: 'response.function_call_arguments.done', ...at, arguments: part.args });
  }
  seq.push({ type: 'response.output_item.done', output_index: outputIndex, item: doneItem(part, id) });
}

function openItem(part: ScriptPart, id: string): object {
  switch (part.kind) {
    case 'text':
      return { id, type: 'message', status: 'in_progress', role: 'assistant', content: [] };
    case 'reasoning':
      return { id, type: 'reasoning', summary: [] };
    case 'tool-call':
      return { ...functionCall(part, id, ''), status: 'in_progress' };
  }
}

function doneItem(part: ScriptPart, id: string): object {
  switch (part.kind) {
    case 'text':
      return {
        id,
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: part.text, annotations: [], logprobs: [] }],
      };
    case 'reasoning':
      return { id, type: 'reasoning', summary: [{ type: 'summary_text', text: part.text }] };
    case 'tool-call':
      return { ...functionCall(part, id, part.args), status: 'completed' };
  }
}

function functionCall(part: Extract<ScriptPart, { kind: 'tool-call' }>, id: string, args: string) {
  return { id, type: 'function_call', call_id: part.id, name: part.name, arguments: args };
}

function itemId(ctx: RenderContext, part: ScriptPart, outputIndex: number): string {
  const prefix = { text: 'msg', reasoning: 'rs', 'tool-call': 'fc' }[part.kind];
  return `${prefix}_${ctx.responseId}_${outputIndex}`;
}

function outputItems(script: NormalizedScript, ctx: RenderContext): object[] {
  return script.parts.map((part, i) => doneItem(part, itemId(ctx, part, i)));
}

// Responses has no finish reason field: `length` and `content-filter` are "incomplete" responses, and the
// client derives `tool-calls` from the presence of function calls.
function finalStatus(script: NormalizedScript): {
  status: ResponseStatus;
  incompleteReason: string | null;
} {
  if (script.finishReason === 'length')
    return { status: 'incomplete', incompleteReason: 'max_output_tokens' };
  if (script.finishReason === 'content-filter')
    return { status: 'incomplete', incompleteReason: 'content_filter' };
  return { status: 'completed', incompleteReason: null };
}

function responseObject(ctx: RenderContext, status: ResponseStatus, output: object[]) {
  return {
    id: ctx.responseId,
    object: 'response',
    created_at: ctx.created,
    model: ctx.model,
    status,
    output,
    error: null,
    incomplete_details: null,
    usage: null,
  };
}

function responsesUsage({ usage }: NormalizedScript): object {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens },
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}

function renderJson(script: NormalizedScript, ctx: RenderContext): object {
  const { status, incompleteReason } = finalStatus(script);
  return {
    ...responseObject(ctx, status, outputItems(script, ctx)),
    incomplete_details: incompleteReason === null ? null : { reason: incompleteReason },
    usage: responsesUsage(script),
  };
}

// The client's schema wants string codes here, so numeric codes are stringified.
function streamErrorFrame(error: ProviderError, ctx: RenderContext, position: number): string {
  const code = error.code === null ? null : String(error.code);
  if (error.openaiResponsesEvent === 'response.failed') {
    return typedEventFrame({
      type: 'response.failed',
      sequence_number: position,
      response: { ...responseObject(ctx, 'failed', []), error: { code, message: error.message } },
    });
  }
  return typedEventFrame({
    type: 'error',
    sequence_number: position,
    code,
    message: error.message,
    param: error.param,
  });
}
