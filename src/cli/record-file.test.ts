/**
 * Record files are checked before the CLI uses them: a file that is not a run record of a version
 * this Sluice reads fails with a stable code and a message naming the file and the field; a folder
 * lists its *.json files, each with its record or its error.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunRecord } from '../tracing/run-record.js';
import { inspectorPage } from './inspect/page.js';
import { loadRecords, RecordFileError, readRecordFile } from './record-file.js';
import { sampleRun } from './testing/sample-runs.js';

let record: RunRecord;
let dir: string;

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function failure(path: string): RecordFileError {
  try {
    readRecordFile(path);
  } catch (error) {
    if (error instanceof RecordFileError) return error;
    throw error;
  }
  throw new Error(`${path} was accepted`);
}

beforeAll(async () => {
  record = await sampleRun();
  dir = mkdtempSync(join(tmpdir(), 'sluice-records-'));
});

describe('run record files', () => {
  it('a record written by `record: true` reads back as it was', () => {
    expect(readRecordFile(write('ok.json', JSON.stringify(record)))).toEqual(record);
  });

  it('a file that is not JSON names the file (RECORD_FILE_NOT_JSON)', () => {
    const path = write('text.json', 'hello');
    const error = failure(path);
    expect(error.code).toBe('RECORD_FILE_NOT_JSON');
    expect(error.message).toContain(`${path}: not a run record: the file is not JSON`);
  });

  it('a record of another version says which version and what to do (RECORD_FILE_INVALID)', () => {
    const error = failure(write('v2.json', JSON.stringify({ ...record, version: 2 })));
    expect(error.code).toBe('RECORD_FILE_INVALID');
    expect(error.message).toContain('version 2 is not one this Sluice reads (it reads version 1)');
  });

  it('a wrong field is named by its path with the value found', () => {
    const broken = structuredClone(record) as unknown as { modelCalls: Array<Record<string, unknown>> };
    (broken.modelCalls[1] as Record<string, unknown>).cacheHit = 'yes';
    const error = failure(write('field.json', JSON.stringify(broken)));
    expect(error.message).toContain('modelCalls[1].cacheHit must be true or false, got "yes"');
    const noHooks = failure(write('no-hooks.json', JSON.stringify({ ...record, hooks: undefined })));
    expect(noHooks.message).toContain('hooks must be an array, got undefined');
    const edited = structuredClone(record) as unknown as {
      hooks: Array<{ messages: { edited: Array<Record<string, unknown>> } }>;
    };
    (edited.hooks[0]?.messages.edited[0] as Record<string, unknown>).part = '0';
    expect(failure(write('edit.json', JSON.stringify(edited))).message).toContain(
      'hooks[0].messages.edited[0].part must be a number, got "0"',
    );
  });

  it('a missing file is RECORD_FILE_UNREADABLE', () => {
    expect(failure(join(dir, 'missing.json')).code).toBe('RECORD_FILE_UNREADABLE');
  });

  it('a folder lists its *.json files by name, each with its record or its error', () => {
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    writeFileSync(join(folder, 'b-run.json'), JSON.stringify(record));
    writeFileSync(join(folder, 'a-run.json'), JSON.stringify(record));
    writeFileSync(join(folder, 'package.json'), '{"name":"x"}');
    writeFileSync(join(folder, 'notes.txt'), 'not listed');
    const listed = loadRecords(folder);
    expect(listed.map((entry) => entry.name)).toEqual(['a-run.json', 'b-run.json', 'package.json']);
    expect(listed[0]?.record).toEqual(record);
    expect(listed[2]?.record).toBeUndefined();
    expect(listed[2]?.error).toContain('package.json: not a run record: version must be 1, got undefined');
  });

  it('a file nested too deeply for the inspector page is listed with its error, and alone refused, instead of taking the page down', () => {
    const folder = join(dir, 'deep-folder');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a-run.json'), JSON.stringify(record));
    const depth = 20_000;
    writeFileSync(
      join(folder, 'deep.sluice-run.json'),
      `{"format":"sluice-run-recording","version":2,"status":"failed","calls":[{"response":[],"toolResults":[{"toolCallId":"a","toolName":"t","args":${'['.repeat(depth)}1${']'.repeat(depth)}}]}]}`,
    );
    const listed = loadRecords(folder);
    expect(listed.map((entry) => entry.name)).toEqual(['a-run.json', 'deep.sluice-run.json']);
    expect(listed[0]?.record).toEqual(record);
    expect(listed[1]?.record).toBeUndefined();
    expect(listed[1]?.error).toContain('nested too deeply to write as JSON');
    // The page for the folder is written (the deep file is left out).
    expect(() => inspectorPage({ source: folder, records: listed })).not.toThrow();
    expect(() => loadRecords(join(folder, 'deep.sluice-run.json'))).toThrow(RecordFileError);
  });
});
