// Seeds 001/002 ("Custom cache keys"): derive the key from a subset of the inputs.
import { buildResponseCacheKey, ResponseCache } from 'sluice/processors';
import { agent, input } from './helpers.js';

await agent.stream(input, {
  requestContext: ResponseCache.context({
    // Key on model id and the end of the prompt only.
    key: ({ model, prompt }) => `qa:${model.modelId}:${JSON.stringify(prompt).slice(-200)}`,
  }),
});

// Or reuse the default derivation with one field overridden.
await agent.stream(input, {
  requestContext: ResponseCache.context({
    key: (inputs) => buildResponseCacheKey({ ...inputs, scope: 'global' }),
  }),
});
