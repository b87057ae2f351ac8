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
export { BackgroundTaskManager } from './manager.js';
export type {
  BackgroundBackpressure,
  BackgroundManagerMode,
  BackgroundRecoveryAction,
  BackgroundSubmitResult,
  BackgroundTaskEvent,
  BackgroundTaskExecutor,
  BackgroundTaskManagerOptions,
  BackgroundTaskRunContext,
  BackgroundTaskSubmission,
} from './manager-api.js';
export { InMemoryBackgroundTaskStore } from './memory-store.js';
export type { UntilIdleOption } from './run-background.js';
export { isTerminalStatus } from './task-events.js';
export { toolExecutor } from './tool-executor.js';
export type * from './types.js';
export type {
  BackgroundWorkDisposition,
  BackgroundWorkInvocationKind,
  BackgroundWorkLifecyclePayload,
  BackgroundWorkTerminalStatus,
} from './work-signals.js';
