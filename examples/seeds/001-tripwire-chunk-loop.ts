// Seeds 001/002 ("Abort and tripwire chunks"): detect a tripwire on the stream.
import type { MastraModelOutput } from 'sluice/stream';

export async function watchForTripwire(stream: MastraModelOutput) {
  for await (const chunk of stream.fullStream) {
    if (chunk.type === 'tripwire') {
      console.log('Blocked by', chunk.payload.processorId, '-', chunk.payload.reason);
      break;
    }
  }
}
