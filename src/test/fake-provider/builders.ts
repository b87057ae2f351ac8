import type {
  FakeHttpErrorResponse,
  FakeScriptFields,
  FakeSuccessResponse,
  FakeToolArgs,
  FakeToolCallEvent,
} from './types.js';

/** Options of the success builders: everything but the events. */
export type FakeSuccessOptions = Omit<FakeScriptFields, 'events'> & Pick<FakeSuccessResponse, 'headers'>;

/** A success that streams `text` (one delta) or the exact `deltas` given. */
export function fakeText(
  text: string | readonly string[],
  options: FakeSuccessOptions = {},
): FakeSuccessResponse {
  return { ...options, type: 'success', events: [{ type: 'text', deltas: text }] };
}

/** A success that calls one tool (finish reason `tool-calls`). */
export function fakeToolCall(
  name: string,
  args: FakeToolArgs,
  options: FakeSuccessOptions & Pick<FakeToolCallEvent, 'id'> = {},
): FakeSuccessResponse {
  const { id, ...rest } = options;
  return {
    ...rest,
    type: 'success',
    events: [{ type: 'tool-call', name, args, ...(id !== undefined && { id }) }],
  };
}

/** An HTTP error with a provider-shaped body, e.g. `fakeHttpError(429, { headers: { 'retry-after': '0' } })`. */
export function fakeHttpError(
  status: number,
  options: Omit<FakeHttpErrorResponse, 'type' | 'status'> = {},
): FakeHttpErrorResponse {
  return { ...options, type: 'http-error', status };
}
