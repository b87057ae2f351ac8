/** The BullMQ (Redis) background task queue adapter. */
export {
  BullMQBackgroundTaskQueue,
  type BullMQBackgroundTaskQueueOptions,
  type BullMQConnection,
  type BullMQJobHandler,
  type BullMQRedisClient,
  type BullMQRedisOptions,
} from './bullmq-queue.js';
