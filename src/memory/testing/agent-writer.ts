/**
 * Child process for the concurrency test: runs `turns` agent turns with memory on one thread of
 * a SQLite file. Usage: `node --import tsx agent-writer.ts <db path> <label> <turns>`.
 */
import { Agent } from '../../agent/index.js';
import { SqliteStore } from '../../sqlite/index.js';
import { ScriptedModel } from '../../test/index.js';
import { Memory } from '../index.js';

const [path, label, turns] = process.argv.slice(2) as [string, string, string];
const storage = new SqliteStore({ path });
const memory = new Memory({ storage });
let n = 0;
const model = new ScriptedModel({ steps: () => `${label} answer ${n++}` });
const agent = new Agent({ id: `writer-${label}`, instructions: 'x', model, memory });
for (let i = 0; i < Number(turns); i++) {
  await agent.generate(`${label} question ${i}`, { memory: { thread: 'shared', resource: 'u' } });
}
await storage.close();
