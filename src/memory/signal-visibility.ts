/**
 * Which stored signals a read hides. Stored signals stay in the raw history (the prompt gets
 * them back as `<tag …>` user messages); reads meant for people hide the reminder kinds by
 * default.
 */
import type { MastraDBMessage } from '../messages/types.js';
import type { StorageMessageFilter } from '../stores/types.js';

/** The signal types of `sendSignal()`. */
export type SignalType = 'user' | 'state' | 'reactive' | 'notification' | 'user-message' | 'system-reminder';

const ALL_SIGNAL_TYPES: readonly SignalType[] = [
  'user',
  'state',
  'reactive',
  'notification',
  'user-message',
  'system-reminder',
];
/** Hidden by a read that does not say otherwise. */
const REMINDER_TYPES: readonly SignalType[] = ['reactive', 'system-reminder'];

/** `hideSignals` of `recall()`: omitted → reminders hidden; `false` → none; `true` → all; a list → those. */
export type HideSignals = boolean | readonly SignalType[];

/** The signal types a `hideSignals` value hides (empty: none). */
export function hiddenSignalTypes(hide: HideSignals | undefined): readonly SignalType[] {
  if (hide === undefined) return REMINDER_TYPES;
  if (hide === false) return [];
  if (hide === true) return ALL_SIGNAL_TYPES;
  return hide;
}

/**
 * The store-side part of the filter: signal rows are stored with `type` = their tag name, which
 * is the signal type for every signal but a reactive one (tag `system-reminder`).
 */
export function storeSignalFilter(
  hidden: readonly SignalType[],
): Pick<StorageMessageFilter, 'excludeSignalTypes'> {
  if (hidden.length === 0) return {};
  const types = new Set<string>(hidden);
  if (types.has('reactive')) types.add('system-reminder');
  return { excludeSignalTypes: [...types] };
}

/** The signal type of a stored message, or `undefined` when it is no signal (legacy reminders count). */
function signalTypeOf(message: MastraDBMessage): SignalType | undefined {
  if (message.role === 'signal') {
    const meta = message.content.metadata?.signal as { type?: unknown } | undefined;
    const type = typeof meta?.type === 'string' ? meta.type : message.type;
    return (type ?? 'system-reminder') as SignalType;
  }
  if (message.role === 'user') {
    // Legacy: a reminder stored as a plain user message.
    const first = message.content.parts[0];
    if (first?.type === 'text' && first.text.startsWith('<system-reminder')) return 'system-reminder';
  }
  return undefined;
}

/** True when a read with these hidden types leaves `message` out. */
export function isHiddenSignal(message: MastraDBMessage, hidden: readonly SignalType[]): boolean {
  if (hidden.length === 0) return false;
  const type = signalTypeOf(message);
  return type !== undefined && hidden.includes(type);
}
