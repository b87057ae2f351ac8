import type { ServerResponse } from 'node:http';
import type { RenderContext, WireDialect } from './dialect.js';
import { FrameWriter, pause, untilAborted } from './frame-writer.js';
import {
  httpErrorDetails,
  openEventStream,
  sendJson,
  sendProviderError,
  streamErrorDetails,
} from './http-replies.js';
import { DEFAULT_FAULT_EVENTS, type NormalizedScript, normalizeScript } from './normalize-script.js';
import type {
  FakeHangResponse,
  FakeMalformedResponse,
  FakeResetResponse,
  FakeResponse,
  FakeScriptFields,
  FakeStreamErrorResponse,
  FakeSuccessResponse,
} from './types.js';

/** Everything needed to answer one model request. */
export interface Exchange {
  res: ServerResponse;
  dialect: WireDialect;
  /** Whether the request body asked for a stream. */
  stream: boolean;
  render: RenderContext;
  nextToolCallId: () => string;
  /** Aborts when the connection closes (client abort, reset, or server shutdown). */
  signal: AbortSignal;
}

const DEFAULT_MALFORMED_DATA = '{"type": "truncated JSON from the Sluice fake provider';

/** Answers one request with one scripted response. Resolves when the exchange is over. */
export async function serveFakeResponse(response: FakeResponse, exchange: Exchange): Promise<void> {
  const ex = withScriptedId(response, exchange);
  switch (response.type) {
    case 'success':
      return serveSuccess(response, ex);
    case 'http-error':
      if (response.rawBody !== undefined)
        return sendJson(ex.res, response.status, response.rawBody, response.headers);
      return sendProviderError(ex.res, ex.dialect, httpErrorDetails(ex.dialect, response), response.headers);
    case 'stream-error':
      return serveStreamError(response, ex);
    case 'reset':
      return serveReset(response, ex);
    case 'malformed':
      return serveMalformed(response, ex);
    case 'hang':
      return serveHang(response, ex);
  }
}

async function serveSuccess(response: FakeSuccessResponse, ex: Exchange): Promise<void> {
  const script = normalize(response, ex);
  if (!ex.stream) {
    if (!(await pause(response.chunkDelayMs ?? 0, ex.signal))) return;
    return sendJson(ex.res, 200, ex.dialect.renderJson(script, ex.render), response.headers);
  }
  openEventStream(ex.res, response.headers);
  if (await writer(response, ex).writeAll(allFrames(script, ex))) ex.res.end();
}

async function serveStreamError(response: FakeStreamErrorResponse, ex: Exchange): Promise<void> {
  const error = streamErrorDetails(ex.dialect, response);
  if (!ex.stream) return sendProviderError(ex.res, ex.dialect, error);
  // By default the error replaces the finish frames: output arrives, then the provider gives up.
  const [frames] = splitFrames(response, ex);
  openEventStream(ex.res);
  const out = writer(response, ex);
  if (!(await out.writeAll(frames))) return;
  if (await out.write(ex.dialect.streamErrorFrame(error, ex.render, frames.length))) ex.res.end();
}

async function serveReset(response: FakeResetResponse, ex: Exchange): Promise<void> {
  if (ex.stream) {
    openEventStream(ex.res);
    const [frames] = splitFrames(response, ex);
    if (!(await writer(response, ex).writeAll(frames))) return;
    // Give the flushed headers a turn to reach the socket when no frame was written.
    if (frames.length === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  ex.res.socket?.destroy();
}

async function serveMalformed(response: FakeMalformedResponse, ex: Exchange): Promise<void> {
  const data = response.data ?? DEFAULT_MALFORMED_DATA;
  if (!ex.stream) return sendJson(ex.res, 200, data);
  const [before, after] = splitFrames(response, ex);
  openEventStream(ex.res);
  // The stream goes on after the bad frame, like a real glitch: the client reports it and keeps reading.
  if (await writer(response, ex).writeAll([...before, ex.dialect.malformedFrame(data), ...after]))
    ex.res.end();
}

async function serveHang(response: FakeHangResponse, ex: Exchange): Promise<void> {
  if (ex.stream) {
    openEventStream(ex.res);
    const [frames] = splitFrames({ ...response, afterChunks: response.afterChunks ?? 0 }, ex);
    if (!(await writer(response, ex).writeAll(frames))) return;
  }
  await untilAborted(ex.signal);
}

function withScriptedId(response: FakeResponse, ex: Exchange): Exchange {
  if (response.type === 'http-error' || response.id === undefined) return ex;
  return { ...ex, render: { ...ex.render, responseId: response.id } };
}

function normalize(fields: FakeScriptFields, ex: Exchange): NormalizedScript {
  return normalizeScript(fields, DEFAULT_FAULT_EVENTS, ex.nextToolCallId);
}

function allFrames(script: NormalizedScript, ex: Exchange): string[] {
  const { body, finish } = ex.dialect.renderStream(script, ex.render);
  return [...body, ...finish];
}

/** Renders a fault's script and cuts it after `afterChunks` frames (default: after the output frames). */
function splitFrames(
  fields: FakeScriptFields & { afterChunks?: number },
  ex: Exchange,
): [string[], string[]] {
  const { body, finish } = ex.dialect.renderStream(normalize(fields, ex), ex.render);
  const frames = [...body, ...finish];
  const cut = fields.afterChunks ?? body.length;
  return [frames.slice(0, cut), frames.slice(cut)];
}

function writer(fields: FakeScriptFields, ex: Exchange): FrameWriter {
  return new FrameWriter(ex.res, fields.chunkDelayMs ?? 0, ex.signal);
}
