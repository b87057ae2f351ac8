/** How a step's text and reasoning accumulate: deltas kept as pieces, joined once when read. */
import type { SharedV2ProviderMetadata } from '@ai-sdk/provider';
import type { ReasoningUIPart, TextUIPart } from '../../messages/types.js';

/** A text part of the step: the stored UI part and, once ended, its `content` entry. */
export interface TextSlot {
  part: TextUIPart;
  entry?: { type: 'text'; text: string; providerMetadata?: SharedV2ProviderMetadata };
  /** Deltas not yet joined into `part.text` (see `StepRecorder#flush`). */
  pending: string[];
}

/** A reasoning part, its deltas not yet joined into it and, once ended, its `content` entry. */
export interface ReasoningSlot {
  part: ReasoningUIPart;
  pending: string[];
  entry?: { type: 'reasoning'; text: string; providerMetadata?: SharedV2ProviderMetadata };
}

/**
 * Text accumulated as pieces and joined on first read (then kept joined), so a delta costs an
 * array slot instead of a new string.
 */
export class Pieces {
  #pieces: string[] = [];
  #joined: string | undefined = '';

  /** Append a piece (the joined text is made again on the next read). */
  push(piece: string): void {
    this.#pieces.push(piece);
    this.#joined = undefined;
  }

  /** The text so far, joined once and kept joined. */
  toString(): string {
    if (this.#joined === undefined) {
      this.#joined = this.#pieces.join('');
      this.#pieces = [this.#joined];
    }
    return this.#joined;
  }
}
