/**
 * Imported first by main.tsx, so it runs before any schema is built: the page's
 * Content-Security-Policy allows no eval, and Zod (inside `ai`, which validates every stream
 * chunk) decides while building each object schema whether to compile it, probing
 * `Function('')` — which the browser reports as a CSP violation. Jitless schemas never probe.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
