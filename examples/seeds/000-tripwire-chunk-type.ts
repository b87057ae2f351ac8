// Seeds 000/003: the documented tripwire chunk shape, checked against Sluice's chunk type.
import type { ChunkType } from 'sluice/stream';

type TripwireChunk = {
  type: 'tripwire';
  runId: string;
  from: 'AGENT';
  payload: {
    reason: string;
    retry?: boolean;
    metadata?: unknown;
    processorId: string;
  };
};

// Not in the seed: a tripwire chunk read off a Sluice stream has the documented shape.
export function asDocumentedTripwire(chunk: ChunkType): TripwireChunk | undefined {
  return chunk.type === 'tripwire' ? chunk : undefined;
}
