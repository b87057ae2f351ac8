/** Chunks a test hands the harness, shaped as a provider stream produces them. */
import type { LanguageModelUsage } from '../models/types.js';
import { ChunkFrom, type ChunkType } from '../stream/chunk-types.js';

/** Usage of a step that reported none. */
export const NO_USAGE: LanguageModelUsage = {
  inputTokens: undefined,
  outputTokens: undefined,
  totalTokens: undefined,
};

/** A `text-delta` chunk, as a provider stream would produce it. */
export function textDelta(text: string, id = 'text-1'): ChunkType {
  return { type: 'text-delta', runId: 'harness', from: ChunkFrom.AGENT, payload: { id, text } };
}

/** A `step-finish` chunk ending a step (`reason` default `'stop'`). */
export function stepFinishChunk(reason = 'stop'): ChunkType {
  return {
    type: 'step-finish',
    runId: 'harness',
    from: ChunkFrom.AGENT,
    payload: { stepResult: { reason }, output: { usage: NO_USAGE } },
  } as ChunkType;
}

/** The run's closing `finish` chunk. */
export function finishChunk(reason = 'stop'): ChunkType {
  return {
    type: 'finish',
    runId: 'harness',
    from: ChunkFrom.AGENT,
    payload: { stepResult: { reason }, output: { usage: NO_USAGE }, totalUsage: NO_USAGE },
  } as ChunkType;
}
