/**
 * `sluice/background`: long tool calls that do not block the agent loop. The task manager,
 * its default in-memory store, an in-process queue for the producer / worker split, and the
 * storage and queue contracts that `SqlBackgroundTaskStore` and `BullMQBackgroundTaskQueue`
 * (`sluice/bullmq`) implement.
 */
export {
  type AgentBackgroundTasksConfig,
  BACKGROUND_ARG,
  type BackgroundOverride,
  type BackgroundPlan,
  type BackgroundTaskCallback,
  checkBackgroundOverride,
  resolveBackgroundPlan,
  type ToolBackgroundConfig,
} from './config.js';
export { BackgroundTaskError } from './errors.js';
export { InProcessBackgroundTaskQueue } from './in-process-queue.js';
export {
  type BackgroundBackpressure,
  type BackgroundManagerMode,
  type BackgroundRecoveryAction,
  type BackgroundSubmitResult,
  type BackgroundTaskEvent,
  type BackgroundTaskExecutor,
  BackgroundTaskManager,
  type BackgroundTaskManagerOptions,
  type BackgroundTaskRunContext,
  type BackgroundTaskSubmission,
  isTerminalStatus,
  toolExecutor,
} from './manager.js';
export { InMemoryBackgroundTaskStore } from './memory-store.js';
export type { UntilIdleOption } from './run-background.js';
export type * from './types.js';
export type {
  BackgroundWorkDisposition,
  BackgroundWorkInvocationKind,
  BackgroundWorkLifecyclePayload,
  BackgroundWorkTerminalStatus,
} from './work-signals.js';
