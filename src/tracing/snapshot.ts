/**
 * Cheap before/after pictures of a run's conversation, taken around a hook only while tracing or
 * recording is on. A hook may edit messages in place and return nothing; comparing pictures is
 * the only way to tell the truth about what it did.
 */
import type { MessageList } from '../messages/message-list.js';

/**
 * One part as its own properties, two levels deep (a tool invocation's fields are the second
 * level): values are kept by reference, so taking a picture copies no text. Strings cannot change
 * in place, so an edited text is a different value; an object replaced at either level is too.
 */
type PartPicture = Array<[string, unknown]>;

/** A nested object's picture, told apart from a value that happens to be an array. */
class Nested {
  constructor(readonly entries: PartPicture) {}
}

/** One message: its role and a picture per part (part-level diffs). */
interface MessagePicture {
  role: string;
  parts: PartPicture[];
}

/** The conversation at one moment: messages by id, in order, plus the system messages. */
export interface ConversationPicture {
  ids: string[];
  byId: Map<string, MessagePicture>;
  system: string[];
}

/** A message as the run record shows it. */
export interface RecordedMessage {
  id: string;
  role: string;
  parts: unknown[];
}

/** One part of a message that a hook changed. */
export interface RecordedPartEdit {
  messageId: string;
  /** Index of the part in the message; -1 for a part count change (`before`/`after` are the counts). */
  part: number;
  before: unknown;
  after: unknown;
}

/** What a hook did to the conversation, part by part. Empty arrays are left out. */
export interface MessageDiff {
  added?: RecordedMessage[];
  removed?: RecordedMessage[];
  edited?: RecordedPartEdit[];
  /** System messages as they were before and after, when a hook changed them. */
  system?: { before: string[]; after: string[] };
}

/** Take a picture of the list: references only, no serialisation (see {@link PartPicture}). */
export function pictureOf(list: MessageList): ConversationPicture {
  const ids: string[] = [];
  const byId = new Map<string, MessagePicture>();
  for (const message of list.get.all.db()) {
    ids.push(message.id);
    const parts = message.content.parts ?? [];
    const pictures: PartPicture[] = new Array(parts.length);
    for (let i = 0; i < parts.length; i++) pictures[i] = entriesOf(parts[i], true);
    byId.set(message.id, { role: message.role, parts: pictures });
  }
  const system = list.getAllSystemMessages().map((m) => JSON.stringify(m.content) ?? '');
  return { ids, byId, system };
}

function entriesOf(value: unknown, nest: boolean): PartPicture {
  const entries: PartPicture = [];
  if (value === null || typeof value !== 'object') return entries;
  for (const key in value) {
    const inner = (value as Record<string, unknown>)[key];
    entries.push([key, nest && isPlainObject(inner) ? new Nested(entriesOf(inner, false)) : inner]);
  }
  return entries;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function samePicture(a: PartPicture, b: PartPicture): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const [keyA, valueA] = a[i] as [string, unknown];
    const [keyB, valueB] = b[i] as [string, unknown];
    if (keyA !== keyB) return false;
    if (valueA instanceof Nested && valueB instanceof Nested) {
      if (!samePicture(valueA.entries, valueB.entries)) return false;
    } else if (!Object.is(valueA, valueB)) return false;
  }
  return true;
}

/** The part as it was when pictured, as plain JSON data for the record. */
function partOf(picture: PartPicture): unknown {
  const out: Record<string, unknown> = {};
  for (const [key, value] of picture) out[key] = value instanceof Nested ? partOf(value.entries) : value;
  return JSON.parse(JSON.stringify(out) ?? 'null');
}

/** The difference between two pictures, or `undefined` when nothing changed. */
export function diffPictures(
  before: ConversationPicture,
  after: ConversationPicture,
): MessageDiff | undefined {
  const diff: MessageDiff = {};
  const added: RecordedMessage[] = [];
  const removed: RecordedMessage[] = [];
  const edited: RecordedPartEdit[] = [];
  for (const id of after.ids) {
    const now = after.byId.get(id) as MessagePicture;
    const was = before.byId.get(id);
    if (was === undefined) {
      added.push(recorded(id, now));
      continue;
    }
    const shared = Math.min(was.parts.length, now.parts.length);
    for (let i = 0; i < shared; i++) {
      const before = was.parts[i] as PartPicture;
      const after = now.parts[i] as PartPicture;
      if (!samePicture(before, after)) {
        edited.push({ messageId: id, part: i, before: partOf(before), after: partOf(after) });
      }
    }
    if (was.parts.length !== now.parts.length) {
      for (let i = shared; i < now.parts.length; i++) {
        edited.push({
          messageId: id,
          part: i,
          before: undefined,
          after: partOf(now.parts[i] as PartPicture),
        });
      }
      for (let i = shared; i < was.parts.length; i++) {
        edited.push({
          messageId: id,
          part: i,
          before: partOf(was.parts[i] as PartPicture),
          after: undefined,
        });
      }
    }
  }
  for (const id of before.ids) {
    if (!after.byId.has(id)) removed.push(recorded(id, before.byId.get(id) as MessagePicture));
  }
  if (added.length > 0) diff.added = added;
  if (removed.length > 0) diff.removed = removed;
  if (edited.length > 0) diff.edited = edited;
  if (!sameStrings(before.system, after.system)) {
    diff.system = {
      before: before.system.map(parse) as string[],
      after: after.system.map(parse) as string[],
    };
  }
  return diff.added || diff.removed || diff.edited || diff.system ? diff : undefined;
}

function recorded(id: string, picture: MessagePicture): RecordedMessage {
  return { id, role: picture.role, parts: picture.parts.map(partOf) };
}

function parse(serialised: string | undefined): unknown {
  return serialised === undefined ? undefined : JSON.parse(serialised);
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
