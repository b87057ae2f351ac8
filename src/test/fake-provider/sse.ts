/** Server-Sent Events framing helpers. Every frame ends with the blank line that terminates an SSE event. */

/** The terminal frame of OpenAI Chat Completions streams. */
export const DONE_FRAME = 'data: [DONE]\n\n';

/** A `data:`-only frame (OpenAI Chat Completions style). */
export function dataFrame(payload: unknown): string {
  return rawDataFrame(JSON.stringify(payload));
}

/** A named frame whose event name is the payload's `type` (OpenAI Responses and Anthropic style). */
export function typedEventFrame(payload: { readonly type: string; readonly [key: string]: unknown }): string {
  return rawEventFrame(payload.type, JSON.stringify(payload));
}

/** A `data:` frame with arbitrary text; newlines become extra `data:` lines, as SSE requires. */
export function rawDataFrame(data: string): string {
  return `${dataLines(data)}\n\n`;
}

/** A named frame with arbitrary (possibly invalid) data text. */
export function rawEventFrame(event: string, data: string): string {
  return `event: ${event}\n${dataLines(data)}\n\n`;
}

function dataLines(data: string): string {
  return data
    .split('\n')
    .map((line) => `data: ${line}`)
    .join('\n');
}
