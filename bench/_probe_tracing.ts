import { benchStreamOverhead } from './stream-overhead.js';
import { benchStepOverhead } from './step-overhead.js';
await benchStreamOverhead();
await benchStepOverhead();
