/**
 * Child process for the crash test: one complete turn, then a second one whose answer streams
 * slowly; prints `STREAMING` when the first delta is out, so the parent can SIGKILL it mid-turn.
 * Usage: `node --import tsx agent-killed.ts <db path>`.
 */
import { Agent } from '../../agent/index.js';
import { SqliteStore } from '../../sqlite/index.js';
import { ScriptedModel } from '../../test/index.js';
import { Memory } from '../index.js';

const [path] = process.argv.slice(2) as [string];
const memory = new Memory({ storage: new SqliteStore({ path }) });
const model = new ScriptedModel({
  steps: ['first answer', { text: ['partial ', 'answer ', 'that ', 'never ', 'ends'], delayMs: 300 }],
});
const agent = new Agent({ id: 'killed', instructions: 'x', model, memory });
const conversation = { thread: 'crash', resource: 'u' };
await agent.generate('first question', { memory: conversation });
const output = await agent.stream('second question', { memory: conversation });
for await (const chunk of output.fullStream) {
  if (chunk.type === 'text-delta') process.stdout.write('STREAMING\n');
}
