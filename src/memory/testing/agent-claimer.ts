/**
 * Child process for the thread-ownership race across processes: opens threads `race-0` …
 * `race-<n-1>` of a SQLite file as `resource`, one agent call each, the call on `race-i` starting
 * at `startAt + i * 150` ms (epoch), so two children start each thread at the same moment, and
 * prints one JSON line per call: `{ thread, ok, code, modelCalls }` (`modelCalls`: how many times
 * the model was called during that call).
 * Usage: `node --import tsx agent-claimer.ts <db path> <resource> <n> <startAt>`.
 */
import { Agent } from '../../agent/index.js';
import { SqliteStore } from '../../sqlite/index.js';
import { ScriptedModel } from '../../test/index.js';
import { Memory } from '../index.js';

const [path, resource, n, startAt] = process.argv.slice(2) as [string, string, string, string];
const storage = new SqliteStore({ path });
await storage.init();
const model = new ScriptedModel({ steps: () => `answer for ${resource}` });
const agent = new Agent({
  id: `claimer-${resource}`,
  instructions: 'x',
  model,
  memory: new Memory({ storage }),
});
for (let i = 0; i < Number(n); i++) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) + i * 150 - Date.now())));
  const thread = `race-${i}`;
  const before = model.calls.length;
  let code: string | undefined;
  try {
    await agent.generate(`${resource} secret ${i}`, { memory: { thread, resource } });
  } catch (error) {
    code = String((error as { code?: unknown }).code ?? error);
  }
  console.log(
    JSON.stringify({ thread, ok: code === undefined, code, modelCalls: model.calls.length - before }),
  );
}
await storage.close();
