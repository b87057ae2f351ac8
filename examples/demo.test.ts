import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Memory } from 'sluice/memory';
import { SqliteStore } from 'sluice/sqlite';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'sluice-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function demo(db: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, SLUICE_DEMO_DB: db };
  delete env.OPENAI_API_KEY;
  delete env.ANTHROPIC_API_KEY;
  const file = fileURLToPath(new URL('./demo.ts', import.meta.url));
  return run(process.execPath, ['--import', 'tsx', file], { env, timeout: 30_000 });
}

describe('npm start', () => {
  it('runs the demo agent offline, with no API key, and prints the streamed answer', async () => {
    const { stdout } = await demo(join(dir, 'first.db'));
    expect(stdout).toContain('model: scripted/scripted-model');
    expect(stdout).toContain('→ weather({"city":"Lisbon"})');
    expect(stdout).toContain('↻ stream-error-retry-processor retried after a provider error: terminated');
    expect(stdout).toContain('↻ temperature-guard asked for a retry: Give the temperature in °C.');
    expect(stdout).toContain('It is 21°C and sunny in Lisbon');
    expect(stdout).toContain('steps: 2, finish: stop');
  });

  it('prints per step what each processor did, from the run record, and writes the record to a file', async () => {
    const { stdout } = await demo(join(dir, 'recorded.db'));
    const report = stdout.slice(stdout.indexOf('what the processors did (from the run record):'));
    expect(report).toMatch(/step 0\n(.*\n)*? {4}stream-error-retry-processor +processAPIError +retried/);
    expect(report).toMatch(
      /step 1\n(.*\n)*? {4}temperature-guard +processOutputStep +retried — "Give the temperature in °C\."/,
    );
    expect(report).toMatch(/step 1 \(attempt 2\)\n(.*\n)*? {4}temperature-guard +processOutputStep +passed/);
    const record = JSON.parse(readFileSync(join(dir, 'demo-run-record.json'), 'utf8'));
    expect(record).toMatchObject({ version: 1, agentId: 'weather-agent', status: 'success' });
    expect(record.toolCalls).toEqual([
      expect.objectContaining({ toolName: 'weather', result: { city: 'Lisbon', tempC: 21, sky: 'sunny' } }),
    ]);
    expect(stdout).toContain(`run record: ${join(dir, 'demo-run-record.json')}`);
  });

  it('a second run remembers the first: its SqliteStore file sends the first turn as history', async () => {
    const db = join(dir, 'twice.db');
    const first = await demo(db);
    expect(first.stdout).toContain('a new conversation');
    expect(first.stdout).toContain('saved: the thread now holds 2 messages');
    const second = await demo(db);
    expect(second.stdout).toContain('2 messages stored by earlier runs');
    expect(second.stdout).toContain(
      'remembered: the model was sent 2 messages from earlier runs (the first: "What is the weather in Lisbon?")',
    );
    expect(second.stdout).toContain('saved: the thread now holds 4 messages');
    // What was stored is the turn as the processors left it: the rejected answer and the
    // transient reminder are not there; the tool call and the accepted answer are.
    const storage = new SqliteStore({ path: db });
    const { messages } = await new Memory({ storage }).recall({
      threadId: 'demo-thread',
      perPage: false,
      hideSignals: false,
    });
    const text = JSON.stringify(messages);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(text).toContain('It is 21°C and sunny in Lisbon');
    expect(text).toContain('"toolName":"weather"');
    expect(text).not.toContain('Lovely weather today!');
    expect(text).not.toContain('Reply in one sentence.');
    await storage.close();
  });
});
