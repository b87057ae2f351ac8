/**
 * `writer.custom()` accepts only `data-*` chunks, for processors and tools alike: anything else
 * is an `INVALID_CUSTOM_CHUNK` error that says how to rename the chunk.
 */
import { describe, expect, it } from 'vitest';
import { assertCustomChunk, invalidCustomChunk } from './invalid-custom-chunk.js';
import { SluiceError } from './sluice-error.js';

describe('assertCustomChunk', () => {
  it('lets data-* chunks through', () => {
    expect(() => assertCustomChunk({ type: 'data-progress', data: 1 })).not.toThrow();
  });

  it('rejects other types, missing types and non-objects with INVALID_CUSTOM_CHUNK', () => {
    for (const chunk of [{ type: 'text-delta' }, { data: 1 }, null, 'data-x', { type: 42n }]) {
      let caught: unknown;
      try {
        assertCustomChunk(chunk);
      } catch (error) {
        caught = error;
      }
      expect(SluiceError.hasCode(caught, 'INVALID_CUSTOM_CHUNK')).toBe(true);
    }
  });

  it('names the caller and suggests a data- name', () => {
    const error = invalidCustomChunk('progress', 'Tool "search"');
    expect(error.message).toBe(
      'Tool "search" called writer.custom(), which needs a chunk whose type starts with "data-" (got "progress"). Rename it, e.g. "data-progress".',
    );
    expect(invalidCustomChunk(undefined).message).toContain('writer.custom() needs a chunk');
    expect(error.details).toEqual({ type: 'progress' });
  });
});
