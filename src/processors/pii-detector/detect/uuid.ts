import type { Candidate, ScanContext } from './types.js';

const UUID = /(?<![\w-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w-])/gi;

/** UUIDs (any version). Only reported when asked for, but always found: see `masks.ts`. */
export function findUuids({ text }: ScanContext, out: Candidate[]): void {
  UUID.lastIndex = 0;
  for (let m = UUID.exec(text); m !== null; m = UUID.exec(text)) {
    out.push({ type: 'uuid', start: m.index, end: m.index + m[0].length, confidence: 0.9 });
  }
}
