import type { MastraDBMessage } from './types.js';

/** Bucket a message belongs to inside a `MessageList` ('user' input is stored as 'input'). */
export type RecordSource = 'memory' | 'input' | 'response' | 'context';

/** One stored message with its bookkeeping. Owned by a `MessageList`. */
export interface MessageRecord {
  message: MastraDBMessage;
  source: RecordSource;
  /** Position inside the owning segment's slot array; rewritten on compaction. */
  index: number;
  removed: boolean;
  /** When the record joined the list (see `MessageList.insertionMark`). */
  seq: number;
}

const MIN_HOLES_BEFORE_COMPACTION = 64;

/**
 * An ordered run of message records with O(1) append and O(1) amortised removal.
 * Removal leaves a hole; the slot array is compacted (indices rewritten) once holes
 * outnumber live records, so every operation stays amortised constant and iteration
 * linear in the live size.
 */
export class RecordSegment {
  private slots: Array<MessageRecord | undefined> = [];
  private holes = 0;

  /** Number of live records. */
  get size(): number {
    return this.slots.length - this.holes;
  }

  /** Append a record at the end. */
  append(record: MessageRecord): void {
    record.index = this.slots.length;
    this.slots.push(record);
  }

  /** Remove a record that belongs to this segment. */
  remove(record: MessageRecord): void {
    if (this.slots[record.index] !== record) return;
    this.slots[record.index] = undefined;
    record.removed = true;
    this.holes++;
    if (this.holes >= MIN_HOLES_BEFORE_COMPACTION && this.holes * 2 > this.slots.length) this.compact();
  }

  /** Visit live records oldest first. */
  forEach(visit: (record: MessageRecord) => void): void {
    const slots = this.slots;
    for (let i = 0; i < slots.length; i++) {
      const record = slots[i];
      if (record) visit(record);
    }
  }

  /** The newest live record matching `test`, scanning from the end. */
  findLast(test: (record: MessageRecord) => boolean): MessageRecord | undefined {
    const slots = this.slots;
    for (let i = slots.length - 1; i >= 0; i--) {
      const record = slots[i];
      if (record && test(record)) return record;
    }
    return undefined;
  }

  /** Drop every record. */
  clear(): void {
    for (const record of this.slots) if (record) record.removed = true;
    this.slots = [];
    this.holes = 0;
  }

  private compact(): void {
    const live: MessageRecord[] = [];
    for (const record of this.slots) {
      if (!record) continue;
      record.index = live.length;
      live.push(record);
    }
    this.slots = live;
    this.holes = 0;
  }
}
