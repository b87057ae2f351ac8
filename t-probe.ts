import { detectPII } from './src/processors/pii-detector/detect/index.js';
for (const t of process.argv.slice(2)) console.log(JSON.stringify(detectPII(t).map(d=>[d.type,d.value,d.confidence])));
