/**
 * Lane entries that are not processors themselves but run as one (a processor workflow from
 * `sluice/workflows`). The pipeline does not know what such an entry is: the entry carries a
 * method under {@link AS_LANE_PROCESSOR} that checks it can run in the lane and returns the
 * processor it runs as. This keeps the dependency one way: workflows build on the pipeline.
 */
import type { Processor } from './types.js';

/** The processor arrays an entry can be put in. */
export type LaneArrayName = 'inputProcessors' | 'outputProcessors' | 'errorProcessors';

/**
 * Key of the method a lane entry implements to run as a processor:
 * `(array, at, owner) => Processor`. It throws a `ConfigurationError` naming `at` and `owner`
 * when the entry cannot run in `array`. Registered globally so copies of the package agree.
 */
export const AS_LANE_PROCESSOR: unique symbol = Symbol.for('sluice.pipeline.asLaneProcessor');

/** Key under which the processor a workflow runs as points back to its workflow. */
export const WORKFLOW_OF: unique symbol = Symbol.for('sluice.workflow.processor');

/** An entry that runs as a processor (see {@link AS_LANE_PROCESSOR}). */
interface LaneProcessorSource {
  [AS_LANE_PROCESSOR](array: LaneArrayName, at: string, owner: string): Processor;
}

/**
 * The processor a lane entry runs as, or `undefined` when the entry is not such an entry (it is
 * then checked as a processor). `at` (e.g. `inputProcessors[2]`) and `owner` (e.g.
 * `Agent "support"`) name the entry in errors.
 */
export function laneEntryProcessor(
  value: unknown,
  array: LaneArrayName,
  at: string,
  owner: string,
): Processor | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const adapt = (value as Partial<LaneProcessorSource>)[AS_LANE_PROCESSOR];
  return typeof adapt === 'function' ? adapt.call(value, array, at, owner) : undefined;
}

/** True for the processor a workflow runs as. */
export function isWorkflowProcessor(value: unknown): boolean {
  return typeof value === 'object' && value !== null && WORKFLOW_OF in value;
}
