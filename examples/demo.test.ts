import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('npm start', () => {
  it('runs the demo agent offline, with no API key, and prints the streamed answer', async () => {
    const env = { ...process.env };
    delete env.OPENAI_API_KEY;
    delete env.ANTHROPIC_API_KEY;
    const demo = fileURLToPath(new URL('./demo.ts', import.meta.url));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', demo], { env, timeout: 30_000 });
    expect(stdout).toContain('model: scripted/scripted-model');
    expect(stdout).toContain('→ weather({"city":"Lisbon"})');
    expect(stdout).toContain('↻ stream-error-retry-processor retried after a provider error: terminated');
    expect(stdout).toContain('↻ temperature-guard asked for a retry: Give the temperature in °C.');
    expect(stdout).toContain('It is 21°C and sunny in Lisbon');
    expect(stdout).toContain('steps: 2, finish: stop');
  });
});
