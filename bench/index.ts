/** `npm run bench`: every benchmark, each against a baseline measured in the same run. */
import { benchErrorLane } from './error-lane.js';
import { benchGuardrails } from './guardrails.js';
import { benchHistoryScaling } from './history-scaling.js';
import { benchHotPath } from './hot-path.js';
import { benchLanguageId } from './language-id.js';
import { benchOutputProcessors } from './output-processors.js';
import { benchStepOverhead } from './step-overhead.js';
import { benchStreamOverhead } from './stream-overhead.js';
import { benchStructuredOutput } from './structured-output.js';
import { benchTokenLimiter } from './token-limiter.js';
import { benchTokenizers } from './tokenizers.js';

console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
await benchStreamOverhead();
await benchOutputProcessors();
await benchStepOverhead();
await benchHistoryScaling();
await benchHotPath();
await benchErrorLane();
await benchStructuredOutput();
await benchTokenizers();
await benchTokenLimiter();
await benchLanguageId();
await benchGuardrails();
