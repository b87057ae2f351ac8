// Seeds 000/003: `transient: true` on the chunk streams it without saving it to memory.
import type { ProcessorStreamWriter } from 'sluice/processors';

export async function emitProgress(writer: ProcessorStreamWriter) {
  await writer.custom({
    type: 'data-progress',
    data: { status: 'Processing' },
    transient: true,
  });
}
