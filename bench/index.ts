/** `npm run bench`: every benchmark, each against a baseline measured in the same run. */
import { benchStreamOverhead } from './stream-overhead.js';

console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
await benchStreamOverhead();
