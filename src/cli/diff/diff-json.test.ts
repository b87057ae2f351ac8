/**
 * `sluice diff --json`: the same comparison as the text report, as one JSON object on stdout, with
 * the same exit codes (0 same, 1 differ, 2 bad input). The records are real sample runs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../tracing/run-record.js';
import { runCli } from '../testing/run-cli.js';
import { sampleRun } from '../testing/sample-runs.js';
import { divergenceJson, writeDiffJson } from './json.js';

let phone: RunRecord;
let phoneAgain: RunRecord;
let redacted: RunRecord;
let dir: string;

function write(name: string, record: unknown): string {
  writeFileSync(join(dir, name), JSON.stringify(record, null, 2));
  return name;
}

const clone = (record: RunRecord): RunRecord => structuredClone(record);

async function diffJson(a: string, b: string) {
  const run = await runCli(['diff', a, b, '--json'], dir);
  // One object, one line.
  expect(run.stdout.endsWith('\n')).toBe(true);
  expect(run.stdout.trimEnd().includes('\n')).toBe(false);
  return { ...run, json: JSON.parse(run.stdout) as Record<string, unknown> };
}

afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

beforeAll(async () => {
  phone = await sampleRun({ redaction: '[PHONE]' });
  phoneAgain = await sampleRun({ redaction: '[PHONE]' });
  redacted = await sampleRun({ redaction: '[REDACTED]' });
  dir = mkdtempSync(join(tmpdir(), 'sluice-diff-json-'));
});

describe('sluice diff --json', () => {
  it('a divergence names the hook index, processor, hook, step, field path and both values (exit 1)', async () => {
    const run = await diffJson(write('a.json', phone), write('b.json', redacted));
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    // The example in docs/guides/inspector.md, byte for byte.
    expect(run.stdout).toBe(
      '{"result":"differ","files":{"a":"a.json","b":"b.json"},"divergence":{"kind":"hook","index":0,"sameHook":true,"path":"messages.edited[0].after.text","a":{"hook":{"processorId":"redact-phone","hook":"processInput","stepNumber":null,"attempt":0},"value":"Weather in Lisbon? Call me at [PHONE]."},"b":{"hook":{"processorId":"redact-phone","hook":"processInput","stepNumber":null,"attempt":0},"value":"Weather in Lisbon? Call me at [REDACTED]."}}}\n',
    );
    expect(run.json).toEqual({
      result: 'differ',
      files: { a: 'a.json', b: 'b.json' },
      divergence: {
        kind: 'hook',
        index: 0,
        sameHook: true,
        path: 'messages.edited[0].after.text',
        a: {
          hook: { processorId: 'redact-phone', hook: 'processInput', stepNumber: null, attempt: 0 },
          value: 'Weather in Lisbon? Call me at [PHONE].',
        },
        b: {
          hook: { processorId: 'redact-phone', hook: 'processInput', stepNumber: null, attempt: 0 },
          value: 'Weather in Lisbon? Call me at [REDACTED].',
        },
      },
    });
  });

  it('two runs of the same code are the same (exit 0)', async () => {
    const run = await diffJson(write('same-a.json', phone), write('same-b.json', phoneAgain));
    expect(run.code).toBe(0);
    expect(run.json).toEqual({ result: 'same', files: { a: 'same-a.json', b: 'same-b.json' } });
  });

  it('a hook inside a step carries its step and attempt; different hooks at one place are both named', async () => {
    const quiet = clone(phone);
    const index = quiet.hooks.findIndex((hook) => hook.tripwire);
    const hook = quiet.hooks[index] as RunRecord['hooks'][number];
    hook.outcome = 'passed';
    delete hook.tripwire;
    const step = await diffJson('a.json', write('quiet.json', quiet));
    expect(step.json.divergence).toMatchObject({
      kind: 'hook',
      index,
      path: 'outcome',
      a: {
        hook: { processorId: 'celsius-guard', hook: 'processOutputStep', stepNumber: 1, attempt: 0 },
        value: 'retried',
      },
      b: { value: 'passed' },
    });
    const shorter = clone(phone);
    shorter.hooks.splice(1, 1);
    const moved = await diffJson('a.json', write('shorter.json', shorter));
    expect(moved.code).toBe(1);
    expect(moved.json.divergence).toMatchObject({
      kind: 'hook',
      index: 1,
      sameHook: false,
      a: { hook: { processorId: phone.hooks[1]?.processorId } },
      b: { hook: { processorId: phone.hooks[2]?.processorId } },
    });
  });

  it('how the run ended is a field: a failed run against a successful one diverges at status', async () => {
    const failed = clone(phone);
    failed.status = 'failed';
    failed.error = 'weather: upstream 503';
    const run = await diffJson('a.json', write('failed.json', failed));
    expect(run.code).toBe(1);
    expect(run.json.divergence).toEqual({
      kind: 'status',
      index: 0,
      path: 'status',
      a: { value: 'success' },
      b: { value: 'failed' },
    });
  });

  it('a field only one record has is absent on the other side; a value too deep for JSON is left out, saying why', async () => {
    const other = clone(phone);
    delete (other.toolCalls[0] as { result?: unknown }).result;
    const absent = await diffJson('a.json', write('no-result.json', other));
    expect(absent.json.divergence).toMatchObject({ kind: 'toolCall', index: 0, path: 'result', b: {} });
    expect((absent.json.divergence as { b: object }).b).toEqual({});
    const depth = 20_000;
    const deep = JSON.stringify(phone).replace(
      '"Weather in Lisbon? Call me at [PHONE]."',
      `${'['.repeat(depth)}1${']'.repeat(depth)}`,
    );
    writeFileSync(join(dir, 'deep.json'), deep);
    const run = await diffJson('a.json', 'deep.json');
    expect(run.code).toBe(1);
    expect(run.json.divergence).toMatchObject({
      path: 'messages.edited[0].after.text',
      a: { value: 'Weather in Lisbon? Call me at [PHONE].' },
      b: { valueOmitted: 'the value is nested too deeply to write as JSON' },
    });
  });

  it('stdout is JSON even when a value that could be written alone cannot be written inside the report (left out, saying why)', () => {
    // What a value nested just shallow enough for JSON.stringify on its own does three levels
    // down (where the exact depth depends on the stack): the first write succeeds, the next throws.
    let writes = 0;
    const edge = {
      toJSON: () => {
        writes++;
        if (writes > 1) throw new RangeError('Maximum call stack size exceeded');
        return 'fits alone';
      },
    };
    const text = writeDiffJson(
      divergenceJson(
        { kind: 'toolCall', index: 0, path: 'result', before: 'plain', after: edge },
        'a.json',
        'b.json',
      ),
    );
    expect(JSON.parse(text)).toEqual({
      result: 'differ',
      files: { a: 'a.json', b: 'b.json' },
      divergence: {
        kind: 'toolCall',
        index: 0,
        path: 'result',
        a: { valueOmitted: 'the value is nested too deeply to write as JSON' },
        b: { valueOmitted: 'the value is nested too deeply to write as JSON' },
      },
    });
  });

  it('record text cannot reach the terminal as control or bidirectional characters, and reads back unchanged', async () => {
    const hostile = clone(redacted);
    const edit = hostile.hooks[0]?.messages?.edited?.[0] as { after: { text: string } };
    edit.after.text = 'red \u001b[31malert\u001b[0m \u202eevil';
    const run = await diffJson('a.json', write('hostile.json', hostile));
    expect(run.stdout).not.toContain('\u001b');
    expect(run.stdout).not.toContain('\u202e');
    expect(run.stdout).toContain('\\u202eevil');
    expect((run.json.divergence as { b: { value: string } }).b.value).toBe(edit.after.text);
  });

  it('a file that is not a run record: a JSON error on stdout, the message on stderr, exit 2', async () => {
    const broken = clone(phone) as unknown as { hooks: Array<Record<string, unknown>> };
    (broken.hooks[2] as Record<string, unknown>).outcome = 'exploded';
    const run = await diffJson('a.json', write('broken.json', broken));
    expect(run.code).toBe(2);
    expect(run.json).toMatchObject({
      result: 'invalid',
      error: { code: 'RECORD_FILE_INVALID', file: join(dir, 'broken.json') },
    });
    expect((run.json.error as { message: string }).message).toContain('hooks[2].outcome must be one of');
    expect(run.stderr).toContain('broken.json: not a run record: hooks[2].outcome');
    const missing = await diffJson('a.json', 'nope.json');
    expect(missing.code).toBe(2);
    expect(missing.json).toMatchObject({ result: 'invalid', error: { code: 'RECORD_FILE_UNREADABLE' } });
  });

  it('--help documents --json', async () => {
    const run = await runCli(['diff', '--help'], dir);
    expect(run.stdout).toContain('--json');
  });
});
