/**
 * `sluice diff` (issue 37, item 4): names the first hook where two run records diverge — the
 * processor, the hook, the step and the differing field with both values — and exits 1 when they
 * differ, 0 when they do not (timings and per-run ids are not differences), 2 on bad input.
 * The records are real: the same scripted agent run twice, one processor changed in between.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../tracing/run-record.js';
import { runCli } from '../testing/run-cli.js';
import { sampleRun } from '../testing/sample-runs.js';
import { diffRunRecords } from './run-diff.js';

let phone: RunRecord;
let phoneAgain: RunRecord;
let redacted: RunRecord;
let dir: string;

function write(name: string, record: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(record, null, 2));
  return path;
}

const clone = (record: RunRecord): RunRecord => structuredClone(record);

beforeAll(async () => {
  phone = await sampleRun({ redaction: '[PHONE]' });
  phoneAgain = await sampleRun({ redaction: '[PHONE]' });
  redacted = await sampleRun({ redaction: '[REDACTED]' });
  dir = mkdtempSync(join(tmpdir(), 'sluice-diff-'));
});

describe('sluice diff', () => {
  it('names the processor, hook, step and field where one processor’s change made two runs diverge', () => {
    const divergence = diffRunRecords(phone, redacted);
    expect(divergence).toMatchObject({
      kind: 'hook',
      index: 0,
      a: { processorId: 'redact-phone', hook: 'processInput' },
      path: 'messages.edited[0].after.text',
      before: 'Weather in Lisbon? Call me at [PHONE].',
      after: 'Weather in Lisbon? Call me at [REDACTED].',
    });
  });

  it('prints that divergence and exits 1', async () => {
    write('a.json', phone);
    write('b.json', redacted);
    const run = await runCli(['diff', 'a.json', 'b.json'], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        'The runs diverge at hook #1: processor "redact-phone", "processInput", before the steps.',
        '  differing: messages.edited[0].after.text',
        '  a.json: "Weather in Lisbon? Call me at [PHONE]."',
        '  b.json: "Weather in Lisbon? Call me at [REDACTED]."',
        '',
      ].join('\n'),
    );
  });

  it('two runs of the same code do not differ: timings, run ids and message ids are not differences (exit 0)', async () => {
    expect(phoneAgain.runId).not.toBe(phone.runId);
    expect(phoneAgain.hooks[0]?.messages?.edited?.[0]?.messageId).not.toBe(
      phone.hooks[0]?.messages?.edited?.[0]?.messageId,
    );
    expect(diffRunRecords(phone, phoneAgain)).toBeUndefined();
    write('same-a.json', phone);
    write('same-b.json', phoneAgain);
    const run = await runCli(['diff', 'same-a.json', 'same-b.json'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('every hook did the same');
  });

  it('a hook inside a step is named with its step and attempt (a tripwire that did not fire)', () => {
    const quiet = clone(phone);
    const index = quiet.hooks.findIndex((hook) => hook.tripwire);
    const hook = quiet.hooks[index] as RunRecord['hooks'][number];
    hook.outcome = 'passed';
    delete hook.tripwire;
    const divergence = diffRunRecords(phone, quiet);
    expect(divergence).toMatchObject({
      kind: 'hook',
      index,
      path: 'outcome',
      before: 'retried',
      after: 'passed',
    });
    expect(divergence?.a).toMatchObject({
      processorId: 'celsius-guard',
      hook: 'processOutputStep',
      stepNumber: 1,
      attempt: 0,
    });
  });

  it('when the runs ran different hooks at the same place, both are named', async () => {
    const shorter = clone(phone);
    shorter.hooks.splice(1, 1);
    write('full.json', phone);
    write('shorter.json', shorter);
    const run = await runCli(['diff', 'full.json', 'shorter.json'], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('The runs diverge at hook #2: they ran different hooks there.');
    expect(run.stdout).toContain(`  full.json: processor ${JSON.stringify(phone.hooks[1]?.processorId)}`);
    expect(run.stdout).toContain(`  shorter.json: processor ${JSON.stringify(phone.hooks[2]?.processorId)}`);
  });

  it('same hooks but a different tool result is named as the tool call that differs', () => {
    const other = clone(phone);
    (other.toolCalls[0] as { result: unknown }).result = { city: 'Lisbon', tempC: 30, sky: 'sunny' };
    expect(diffRunRecords(phone, other)).toMatchObject({
      kind: 'toolCall',
      index: 0,
      path: 'result.tempC',
      before: 21,
      after: 30,
    });
  });

  it('record text is escaped in the report: control and bidirectional characters cannot reach the terminal', async () => {
    const hostile = clone(redacted);
    const edit = hostile.hooks[0]?.messages?.edited?.[0] as { after: { text: string } };
    edit.after.text = 'red \u001b[31malert\u001b[0m \u202eevil';
    write('hostile.json', hostile);
    const run = await runCli(['diff', 'a.json', 'hostile.json'], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('\u001b');
    expect(run.stdout).not.toContain('\u202e');
    expect(run.stdout).toContain('\\u001b[31malert');
  });

  /** The text after the redacting hook's edit, in a copy of `record`. */
  const editedText = (record: RunRecord) =>
    (record.hooks[0]?.messages?.edited?.[0] ?? { after: {} }).after as { text: string };

  it('a long text shows the window around its first difference', async () => {
    const long = (tail: string) => `${'x'.repeat(500)} call me at ${tail} ${'y'.repeat(500)}`;
    const a = clone(phone);
    const b = clone(phone);
    editedText(a).text = long('[PHONE]');
    editedText(b).text = long('[REDACTED]');
    write('long-a.json', a);
    write('long-b.json', b);
    const run = await runCli(['diff', 'long-a.json', 'long-b.json'], dir);
    expect(run.stdout).toContain('[PHONE]');
    expect(run.stdout).toContain('[REDACTED]');
    expect(run.stdout).toContain(
      '  long-a.json: …"xxxxxxx call me at [PHONE] yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"… (characters 493-553 of 1020)',
    );
  });

  it('a deeply nested hostile value is compared without recursion and its path is cut in the report', async () => {
    const depth = 20_000;
    // Written as text: JSON.stringify itself recurses and could not write such a value.
    const nested = (leaf: string) => `${'['.repeat(depth)}"${leaf}"${']'.repeat(depth)}`;
    const withDeep = (leaf: string) => {
      const record = clone(phone);
      (editedText(record) as unknown as { deep: string }).deep = 'DEEP';
      return JSON.stringify(record).replace('"DEEP"', nested(leaf));
    };
    writeFileSync(join(dir, 'deep-a.json'), withDeep('a'));
    writeFileSync(join(dir, 'deep-b.json'), withDeep('b'));
    const a = JSON.parse(withDeep('a')) as RunRecord;
    const b = JSON.parse(withDeep('b')) as RunRecord;
    expect(diffRunRecords(a, b)?.path.length).toBe('messages.edited[0].after.deep'.length + depth * 3);
    const run = await runCli(['diff', 'deep-a.json', 'deep-b.json'], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('  differing: messages.edited[0].after.deep[0][0]');
    expect(run.stdout).toContain(`… (${'messages.edited[0].after.deep'.length + depth * 3} characters)`);
    expect(run.stdout.length).toBeLessThan(2_000);
  });

  it('bad input exits 2 naming the file and what is wrong', async () => {
    write('good.json', phone);
    const missing = await runCli(['diff', 'good.json', 'nope.json'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`${join(dir, 'nope.json')}: cannot read the run record (ENOENT)`);
    const broken = clone(phone) as unknown as { hooks: Array<Record<string, unknown>> };
    (broken.hooks[2] as Record<string, unknown>).outcome = 'exploded';
    write('broken.json', broken);
    const invalid = await runCli(['diff', 'good.json', 'broken.json'], dir);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('broken.json: not a run record: hooks[2].outcome must be one of');
    expect(invalid.stderr).toContain('got "exploded"');
  });
});
