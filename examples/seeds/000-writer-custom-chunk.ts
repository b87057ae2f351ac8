// Seeds 000/003 ("Emit custom chunks"): writer.custom() with a data-* chunk.
import type { ProcessorStreamWriter } from 'sluice/processors';

export async function emitModerationWarning(writer: ProcessorStreamWriter, runId: string) {
  await writer.custom({
    type: 'data-moderation',
    runId,
    from: 'AGENT',
    data: { level: 'warn', reason: 'Possibly unsafe' },
  });
}
