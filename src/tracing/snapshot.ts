/**
 * Cheap before/after pictures of a run's conversation, taken around a hook only while tracing or
 * recording is on. A hook may edit messages in place and return nothing; comparing pictures is
 * the only way to tell the truth about what it did.
 */
import type { MessageList } from '../messages/message-list.js';

/** One message as text: its role and each part serialised on its own (part-level diffs). */
interface MessagePicture {
  role: string;
  parts: string[];
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

/** Take a picture of the list; each part is serialised once so comparisons are string compares. */
export function pictureOf(list: MessageList): ConversationPicture {
  const ids: string[] = [];
  const byId = new Map<string, MessagePicture>();
  for (const message of list.get.all.db()) {
    ids.push(message.id);
    const parts = message.content.parts ?? [];
    const serialised: string[] = new Array(parts.length);
    for (let i = 0; i < parts.length; i++) serialised[i] = JSON.stringify(parts[i]) ?? 'null';
    byId.set(message.id, { role: message.role, parts: serialised });
  }
  const system = list.getAllSystemMessages().map((m) => JSON.stringify(m.content) ?? '');
  return { ids, byId, system };
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
      if (was.parts[i] !== now.parts[i]) {
        edited.push({ messageId: id, part: i, before: parse(was.parts[i]), after: parse(now.parts[i]) });
      }
    }
    if (was.parts.length !== now.parts.length) {
      for (let i = shared; i < now.parts.length; i++) {
        edited.push({ messageId: id, part: i, before: undefined, after: parse(now.parts[i]) });
      }
      for (let i = shared; i < was.parts.length; i++) {
        edited.push({ messageId: id, part: i, before: parse(was.parts[i]), after: undefined });
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
  return { id, role: picture.role, parts: picture.parts.map(parse) };
}

function parse(serialised: string | undefined): unknown {
  return serialised === undefined ? undefined : JSON.parse(serialised);
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
