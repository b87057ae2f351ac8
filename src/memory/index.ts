/**
 * `sluice/memory`. Memory (threads, storage adapters, memory processors) arrives with the
 * memory issue; the message type it stores is already here.
 */
export type { MastraDBMessage, MastraMessageContentV2, MastraMessagePart } from '../messages/types.js';
// Storage (engineer M1): the contract, its row types, the in-memory store and its error class.
export * from '../stores/index.js';
