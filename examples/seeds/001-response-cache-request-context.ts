// Seeds 001/002: per-call cache overrides travel on the RequestContext.
import { ResponseCache } from 'sluice/processors';
import { RequestContext } from 'sluice/request-context';
import { agent } from './helpers.js';

// A new context carrying the override.
await agent.stream('hello', {
  requestContext: ResponseCache.context({ key: 'custom-key', bust: true }),
});

// Or merge the override into a context you already have.
const ctx = new RequestContext();
ctx.set('caller-meta', { userId: 'u-123' });
ResponseCache.applyContext(ctx, { bust: true });
await agent.stream('hello', { requestContext: ctx });
