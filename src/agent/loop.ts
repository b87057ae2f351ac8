/** The agentic run now lives in `./run/` (read `run/run.ts` first); this path stays for imports. */
export { type RunPlan, startRun } from './run/run.js';
