/**
 * A `doGenerate` result (any spec version) as the stream parts of the same spec version, so a
 * one-shot call flows through the very path a streamed one does: the adapter's normaliser, the
 * step recorder, and `processOutputStream` per chunk. Each text or reasoning content becomes one
 * `*-start` / `*-delta` / `*-end` block; tool calls, tool results, files and sources already have
 * their stream-part shape and pass as they are (the normaliser drops what it does not know).
 */

/** The fields of a spec V2/V3/V4 `doGenerate` result this conversion reads. */
export interface SpecGenerateResult {
  content: ReadonlyArray<{ type: string; text?: string; providerMetadata?: unknown }>;
  finishReason: unknown;
  usage: unknown;
  providerMetadata?: unknown;
  warnings?: unknown[];
  request?: { body?: unknown };
  response?: { id?: string; timestamp?: Date; modelId?: string; headers?: Record<string, string> };
}

/** The stream parts `result` would have arrived as, in content order, `finish` last. */
export function generateResultParts(result: SpecGenerateResult): unknown[] {
  // A malformed result fails the step like a malformed stream: an `error` part, no TypeError.
  if (typeof result !== 'object' || result === null) {
    return [
      {
        type: 'error',
        error: new Error(`doGenerate resolved with ${result === null ? 'null' : typeof result}`),
      },
    ];
  }
  if (!Array.isArray(result.content)) {
    return [{ type: 'error', error: new Error('doGenerate resolved with no "content" array') }];
  }
  const parts: unknown[] = [{ type: 'stream-start', warnings: result.warnings ?? [] }];
  const response = result.response;
  if (response !== undefined) {
    parts.push({
      type: 'response-metadata',
      id: response.id,
      timestamp: response.timestamp,
      modelId: response.modelId,
    });
  }
  const content = result.content;
  for (let index = 0; index < content.length; index++) {
    const item = content[index];
    if (item?.type === 'text' || item?.type === 'reasoning') {
      const id = String(index);
      const kind = item.type;
      parts.push({ type: `${kind}-start`, id });
      if (item.text) parts.push({ type: `${kind}-delta`, id, delta: item.text });
      parts.push(
        item.providerMetadata === undefined
          ? { type: `${kind}-end`, id }
          : { type: `${kind}-end`, id, providerMetadata: item.providerMetadata },
      );
    } else {
      parts.push(item);
    }
  }
  parts.push({
    type: 'finish',
    finishReason: result.finishReason,
    usage: result.usage,
    providerMetadata: result.providerMetadata,
  });
  return parts;
}

/** `parts` as a stream read one part per pull (no queue beyond the array). */
export function streamOfParts(parts: readonly unknown[]): ReadableStream<unknown> {
  let next = 0;
  return new ReadableStream<unknown>(
    {
      pull(controller) {
        if (next < parts.length) controller.enqueue(parts[next++]);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}
