/**
 * `sluice inspect` and `sluice diff` open `recordTo` recordings too, failed ones included: the
 * run's status and error, its model calls (the refused one with its error) and tool results; and
 * `sluice diff` compares how two recorded runs ended as a field. The recordings are real.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRecords, readRecordFile } from './record-file.js';
import { RECORDING_NOTE } from './recording-view.js';
import { runCli } from './testing/run-cli.js';
import { sampleRecording } from './testing/sample-runs.js';

let dir: string;
let ok: string;
let failed: string;

/** What the model throws on the second call of the failing sample. */
const refusal = () =>
  Object.assign(new Error('This model is overloaded.'), { statusCode: 400, isRetryable: false });

afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sluice-recording-view-'));
  ok = basename(await sampleRecording(dir));
  failed = basename(await sampleRecording(dir, { failWith: refusal() }));
});

describe('a recordTo recording as a run record', () => {
  it('a failed run: status, the error with its name and code, the refused call and the tool result', () => {
    const record = readRecordFile(join(dir, failed));
    expect(record.status).toBe('failed');
    expect(record).toMatchObject({
      errorName: 'ProviderCallError',
      errorCode: 'PROVIDER_CALL_FAILED',
      error: 'Model "scripted/sample-1" failed at step 1 (HTTP 400): This model is overloaded.',
    });
    expect(record.hooks).toEqual([]);
    expect(record.modelCalls.map((call) => [call.stepNumber, call.attempt, call.error])).toEqual([
      [0, 0, undefined],
      [1, 0, 'Error (HTTP 400): This model is overloaded.'],
    ]);
    expect(record.modelCalls[0]).toMatchObject({
      provider: 'scripted',
      model: 'sample-1',
      finishReason: 'tool-calls',
    });
    expect(record.modelCalls[0]?.promptDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(record.toolCalls).toEqual([
      expect.objectContaining({
        stepNumber: 0,
        toolName: 'weather',
        args: { city: 'Lisbon' },
        result: { city: 'Lisbon', tempC: 21, sky: 'sunny' },
      }),
    ]);
    expect(record.sensitive).toBe(true);
  });

  it('a folder lists recordings beside run records, each with the note saying what a recording lacks', () => {
    const entries = loadRecords(dir);
    expect(entries.map((entry) => [entry.name, entry.record?.status, entry.note])).toEqual(
      [
        [ok, 'success', RECORDING_NOTE],
        [failed, 'failed', RECORDING_NOTE],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });

  it('a file that says it is a recording but is not one is named with what is wrong', () => {
    writeFileSync(
      join(dir, 'broken.sluice-run.json'),
      JSON.stringify({ format: 'sluice-run-recording', calls: 3 }),
    );
    expect(() => readRecordFile(join(dir, 'broken.sluice-run.json'))).toThrow(
      `${join(dir, 'broken.sluice-run.json')}: not a readable recording: calls must be an array, got 3.`,
    );
  });
});

describe('sluice diff on recordings', () => {
  it('how the runs ended is a field: a failed recording against a successful one diverges at status', async () => {
    const text = await runCli(['diff', ok, failed], dir);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('Every hook did the same in both runs, but the runs ended differently.');
    expect(text.stdout).toContain('  differing: status');
    expect(text.stdout).toContain(`  ${ok}: "success"`);
    expect(text.stdout).toContain(`  ${failed}: "failed"`);
    const json = await runCli(['diff', ok, failed, '--json'], dir);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).divergence).toEqual({
      kind: 'status',
      index: 0,
      path: 'status',
      a: { value: 'success' },
      b: { value: 'failed' },
    });
  });

  it('two runs that failed differently diverge at the error', async () => {
    const other = basename(
      await sampleRecording(dir, {
        failWith: Object.assign(new Error('Quota exceeded.'), { statusCode: 429, isRetryable: false }),
      }),
    );
    const run = await runCli(['diff', failed, other, '--json'], dir);
    expect(run.code).toBe(1);
    const divergence = JSON.parse(run.stdout).divergence;
    expect(divergence).toMatchObject({ kind: 'status', path: 'error' });
    expect(divergence.a.value).toContain('This model is overloaded.');
    expect(divergence.b.value).toContain('Quota exceeded.');
  });

  it('a hostile recording with millions of tool results in one call is read without overflowing the stack', async () => {
    const results = new Array(2_000_000).fill('{}').join(',');
    writeFileSync(
      join(dir, 'many-tools.sluice-run.json'),
      `{"format":"sluice-run-recording","version":2,"status":"failed","calls":[{"response":[],"toolResults":[${results}]}]}`,
    );
    const run = await runCli(['diff', ok, 'many-tools.sluice-run.json', '--json'], dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).result).toBe('differ');
  });

  it('two recordings of the same conversation are the same (exit 0)', async () => {
    const again = basename(await sampleRecording(dir));
    const run = await runCli(['diff', ok, again], dir);
    expect(run.code).toBe(0);
    // Sanity: the files are different runs.
    expect(readFileSync(join(dir, ok), 'utf8')).not.toBe(readFileSync(join(dir, again), 'utf8'));
  });
});
