/**
 * `sluice/memory`. Memory (threads, storage adapters, memory processors) arrives with the
 * memory issue; the message type it stores is already here.
 */
export type { MastraDBMessage, MastraMessageContentV2, MastraMessagePart } from '../messages/types.js';
