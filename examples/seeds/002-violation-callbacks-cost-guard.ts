// Seed 002 (older guide): the same callbacks with the cost guard under its older name.
import { CostGuardProcessor, ModerationProcessor } from 'sluice/processors';
import { alertSystem, monitor } from './helpers.js';

export const moderation = new ModerationProcessor({
  model: 'openai/gpt-5-nano',
  strategy: 'block',
});

moderation.onViolation = ({ processorId, message, detail }) => {
  // Forward to monitoring.
  monitor.track('processor_violation', { processorId, message, detail });
};

export const costGuard = new CostGuardProcessor({
  maxCost: 10.0,
  scope: 'resource',
  window: '30d',
});

// biome-ignore lint/correctness/noUnusedFunctionParameters: the seed destructures it to show it is available
costGuard.onViolation = ({ processorId, message, detail }) => {
  alertSystem.notify(`[${processorId}] ${message}`);
};
