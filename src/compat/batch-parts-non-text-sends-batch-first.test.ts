import { BatchPartsProcessor } from 'sluice/processors';
import { ChunkFrom, type ChunkType } from 'sluice/stream';
import { createProcessorHarness } from 'sluice/test';
import { describe, expect, it } from 'vitest';

/**
 * api-reference §6.16 and the README: with `emitOnNonText: true` (the default) a non-text part
 * sends the pending batch first. That holds for every chunk type that is not a text delta,
 * structured-output `object` chunks included. (`data-*` chunks never reach it: it does not opt in
 * to them.)
 */

const envelope = { runId: 'r', from: ChunkFrom.AGENT };
const NON_TEXT: ChunkType[] = [
  { ...envelope, type: 'object', object: { city: 'Os' } },
  { ...envelope, type: 'object-result', object: { city: 'Oslo' } },
  { ...envelope, type: 'tool-call', payload: { toolCallId: 'c', toolName: 't', args: {} } },
  { ...envelope, type: 'reasoning-delta', payload: { id: 'r1', text: 'hm' } },
  { ...envelope, type: 'text-start', payload: { id: 'text-2' } },
  { ...envelope, type: 'step-start', payload: { messageId: 'm' } },
] as ChunkType[];

describe('BatchPartsProcessor: every non-text chunk sends the pending batch first', () => {
  for (const option of [{ emitOnNonText: true }, {}]) {
    for (const nonText of NON_TEXT) {
      it(`${JSON.stringify(option)}: a '${nonText.type}' chunk comes after the batch it followed`, async () => {
        const harness = createProcessorHarness(new BatchPartsProcessor({ batchSize: 10, ...option }));
        const run = await harness.processOutputStream(['a', 'b', nonText, 'c']);
        expect(run.chunks.map((c) => (c.type === 'text-delta' ? `text:${c.payload.text}` : c.type))).toEqual([
          'text:ab',
          nonText.type,
        ]);
        expect(run.chunks[1]).toBe(nonText);
      });
    }
  }
});
