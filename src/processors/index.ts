export { ProcessorError, type ProcessorHookName } from '../errors/processor-error.js';
export { HOOK_SPAN_ATTRIBUTES, type HookOutcome } from './tracing.js';
export { TripWire } from './tripwire.js';
export * from './types.js';
export { LANE_HOOKS, type ProcessorArrayName, validateProcessors } from './validate.js';
