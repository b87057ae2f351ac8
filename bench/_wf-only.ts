import { benchWorkflows } from './workflows.js';
await benchWorkflows();
