/** The in-memory store's records (what it keeps) and their conversion to what callers get. */
import { decodeJson } from '../codec.js';
import { checkStoredMessage } from '../common.js';
import type { StorageMessage, StorageResource, StorageThread } from '../types.js';

/** A message as stored: JSON content, epoch times, insertion order. */
export interface MessageRecord {
  id: string;
  threadId: string;
  resourceId: string;
  role: StorageMessage['role'];
  type: string | undefined;
  createdAt: number;
  seq: number;
  content: string;
}

/** A thread as stored. */
export interface ThreadRecord {
  id: string;
  resourceId: string;
  title: string | undefined;
  metadata: string | undefined;
  createdAt: number;
  updatedAt: number;
}

/** A resource as stored. */
export interface ResourceRecord {
  id: string;
  workingMemory: string | undefined;
  metadata: string | undefined;
  createdAt: number;
  updatedAt: number;
}

/** A vector as stored, with its norm. */
export interface VectorRecord {
  id: string;
  vector: Float64Array;
  norm: number;
  messageId: string | undefined;
  threadId: string | undefined;
  resourceId: string | undefined;
  metadata: string | undefined;
}

/** `a` sorts before `b` (created earlier, or inserted earlier at the same time). */
export function before(a: MessageRecord, b: MessageRecord): boolean {
  return a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.seq < b.seq);
}

/** Index of the first record of `list` not before `record` (binary search on createdAt, seq). */
export function lowerBound(list: MessageRecord[], record: MessageRecord): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid] as MessageRecord, record)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A stored thread as callers get it (a fresh copy). */
export function toThread(record: ThreadRecord): StorageThread {
  const thread: StorageThread = {
    id: record.id,
    resourceId: record.resourceId,
    createdAt: new Date(record.createdAt),
    updatedAt: new Date(record.updatedAt),
  };
  if (record.title !== undefined) thread.title = record.title;
  if (record.metadata !== undefined) thread.metadata = decodeJson(record.metadata) as Record<string, unknown>;
  return thread;
}

/** A stored resource as callers get it (a fresh copy). */
export function toResource(record: ResourceRecord): StorageResource {
  const resource: StorageResource = {
    id: record.id,
    createdAt: new Date(record.createdAt),
    updatedAt: new Date(record.updatedAt),
  };
  if (record.workingMemory !== undefined) resource.workingMemory = record.workingMemory;
  if (record.metadata !== undefined)
    resource.metadata = decodeJson(record.metadata) as Record<string, unknown>;
  return resource;
}

/** A stored message as callers get it (a fresh copy, checked). */
export function toMessage(store: string, record: MessageRecord): StorageMessage {
  const message: StorageMessage = {
    id: record.id,
    role: record.role,
    createdAt: new Date(record.createdAt),
    threadId: record.threadId,
    resourceId: record.resourceId,
    content: decodeJson(record.content) as StorageMessage['content'],
  };
  if (record.type !== undefined) message.type = record.type;
  return checkStoredMessage(store, 'messages', message);
}
