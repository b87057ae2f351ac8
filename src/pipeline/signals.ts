/**
 * Signals a processor sends with `sendSignal()`: validated, stamped, and turned into the forms
 * the run needs — a stored `role: 'signal'` message, the user message the model reads, and the
 * transient `data-signal` chunk clients see. Pure functions; the runner decides where each goes.
 */

import type { LanguageModelV2Message } from '@ai-sdk/provider';
import { describeValue } from '../errors/describe-value.js';
import { SluiceError } from '../errors/sluice-error.js';
import { DEFAULT_SIGNAL_TAG, renderSignalText } from '../messages/signal-text.js';
import type { MastraDBMessage } from '../messages/types.js';
import type { DataChunkType } from '../stream/chunk-types.js';
import type { AgentSignalInput, CreatedAgentSignal } from './types.js';

const SIGNAL_TYPES = new Set([
  'user',
  'state',
  'reactive',
  'notification',
  'user-message',
  'system-reminder',
]);

/** Tag a signal renders with: its own `tagName`, else `system-reminder` for reminders, else its type. */
function signalTagName(signal: AgentSignalInput): string {
  if (typeof signal.tagName === 'string' && signal.tagName !== '') return signal.tagName;
  return signal.type === 'reactive' || signal.type === 'system-reminder' ? DEFAULT_SIGNAL_TAG : signal.type;
}

/** The signal's contents as one string (text parts joined). */
function signalContents(signal: AgentSignalInput): string {
  return typeof signal.contents === 'string' ? signal.contents : signal.contents.map((p) => p.text).join('');
}

/**
 * Check a signal and stamp it with an id and times.
 *
 * @throws SluiceError `INVALID_SIGNAL` naming the field to fix.
 */
export function createSignal(input: AgentSignalInput, newId: () => string): CreatedAgentSignal {
  if (typeof input !== 'object' || input === null) {
    throw new SluiceError(
      'INVALID_SIGNAL',
      `sendSignal() needs an object such as { type: 'reactive', contents: '…' } (got ${describeValue(input)}).`,
    );
  }
  if (!SIGNAL_TYPES.has(input.type)) {
    throw new SluiceError(
      'INVALID_SIGNAL',
      `sendSignal(): unknown signal type ${JSON.stringify(input.type)}; use one of ${[...SIGNAL_TYPES].join(', ')}.`,
    );
  }
  const contentsOk =
    typeof input.contents === 'string' ||
    (Array.isArray(input.contents) &&
      input.contents.every((p) => p?.type === 'text' && typeof p.text === 'string'));
  if (!contentsOk) {
    throw new SluiceError(
      'INVALID_SIGNAL',
      'sendSignal(): "contents" must be a string or an array of { type: "text", text } parts.',
    );
  }
  if (input.transient === true && input.type === 'state') {
    throw new SluiceError(
      'INVALID_SIGNAL',
      'sendSignal(): a "state" signal cannot be transient; drop `transient` or use type "reactive".',
    );
  }
  const now = new Date();
  const createdAt = input.createdAt === undefined ? now : new Date(input.createdAt);
  return { ...input, id: input.id ?? newId(), createdAt, acceptedAt: now };
}

/** The model-facing user message: `<tag a="v">contents</tag>`. */
export function signalToPromptMessage(signal: CreatedAgentSignal): LanguageModelV2Message {
  const text = renderSignalText(signalTagName(signal), signal.attributes, signalContents(signal));
  return signal.providerOptions
    ? { role: 'user', content: [{ type: 'text', text }], providerOptions: signal.providerOptions as never }
    : { role: 'user', content: [{ type: 'text', text }] };
}

/** The stored form: a `role: 'signal'` message whose metadata says how to render it. */
export function signalToDBMessage(signal: CreatedAgentSignal): MastraDBMessage {
  return {
    id: signal.id,
    role: 'signal',
    type: signalTagName(signal),
    createdAt: signal.createdAt,
    content: {
      format: 2,
      parts: [{ type: 'text', text: signalContents(signal) }],
      metadata: { ...signal.metadata, signal: signalRecord(signal) },
      ...(signal.providerOptions ? { providerMetadata: signal.providerOptions } : {}),
    },
  };
}

/** The transient `data-signal` chunk that tells clients a signal was sent. */
export function signalDataChunk(signal: CreatedAgentSignal): DataChunkType {
  return {
    type: 'data-signal',
    data: { ...signalRecord(signal), transient: signal.transient === true },
    transient: true,
  };
}

function signalRecord(signal: CreatedAgentSignal): Record<string, unknown> {
  const record: Record<string, unknown> = {
    id: signal.id,
    type: signal.type,
    tagName: signalTagName(signal),
    contents: signalContents(signal),
    createdAt: signal.createdAt,
    acceptedAt: signal.acceptedAt,
  };
  if (signal.attributes) record.attributes = signal.attributes;
  return record;
}
