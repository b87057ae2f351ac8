/**
 * `sluice/bullmq`: the background task queue on BullMQ (`BullMQBackgroundTaskQueue`, needs the
 * optional peer dependencies `bullmq@6` and `ioredis@5`, loaded on first use).
 */
export * from '../background/bullmq/index.js';
