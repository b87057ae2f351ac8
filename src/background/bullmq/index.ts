/** The BullMQ (Redis) background task queue adapter. */
export type {
  BullMQBackgroundTaskQueueOptions,
  BullMQConnection,
  BullMQRedisClient,
  BullMQRedisOptions,
} from './bullmq-options.js';
export { BullMQBackgroundTaskQueue, type BullMQJobHandler } from './bullmq-queue.js';
