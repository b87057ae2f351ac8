/**
 * Workflows in the stream phase (`processOutputStream`, one phase run per chunk): every chunk
 * arrives in order, transformed by the branch `.map()` chose; steps drop (null) and fan out
 * (arrays); `data-*` chunks reach only `processDataParts` processors; 5,000 chunks stay fast.
 * Checked through `stream()`'s `fullStream` and `generate()`'s result.
 */
import { Agent } from 'sluice/agent';
import {
  type Processor,
  ProcessorStepInputSchema,
  ProcessorStepOutputSchema,
  ProcessorStepSchema,
} from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { createStep, createWorkflow } from 'sluice/workflows';
import { describe, expect, it, vi } from 'vitest';
import { collect } from './testing/helpers.js';

// ---- helpers --------------------------------------------------------------------------------

const deltas = (chunks: readonly ChunkType[]) =>
  chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : []));

/** A text-delta like `part` with another text. */
const retext = (part: Extract<ChunkType, { type: 'text-delta' }>, text: string): ChunkType => ({
  ...part,
  payload: { ...part.payload, text },
});

const workflow = (id: string) =>
  createWorkflow({ id, inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema });

/** Uppercases text deltas, counting the deltas it saw. */
function upperProcessor(seen: string[] = []) {
  return {
    id: 'upper',
    processOutputStream: async ({ part }) => {
      if (part.type !== 'text-delta') return part;
      seen.push(part.payload.text);
      return retext(part, part.payload.text.toUpperCase());
    },
  } satisfies Processor;
}

/** Replaces every text delta with "TAGGED" (the branch .map() does not choose). */
function taggerProcessor(seen: string[] = []) {
  return {
    id: 'tagger',
    processOutputStream: async ({ part }) => {
      if (part.type !== 'text-delta') return part;
      seen.push(part.payload.text);
      return retext(part, 'TAGGED');
    },
  } satisfies Processor;
}

// ---- 10. 5,000 chunks -------------------------------------------------------------------------

describe('a stream workflow over many chunks', () => {
  const N = 5000;
  const words = Array.from({ length: N }, (_, i) => `w${i} `);

  it('5,000 text deltas through .parallel([upper, tagger]).map(→ upper): every chunk arrives, in order, transformed by the chosen branch only', async () => {
    const upperSaw: string[] = [];
    const taggerSaw: string[] = [];
    const wf = workflow('stream-wf')
      .parallel([createStep(upperProcessor(upperSaw)), createStep(taggerProcessor(taggerSaw))])
      .map(({ inputData }) => inputData['processor:upper'])
      .commit();
    const model = new ScriptedModel({ steps: [{ text: words }] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [wf] });

    const started = performance.now();
    const out = await agent.stream('go');
    const chunks = await collect(out.fullStream);
    const elapsed = performance.now() - started;

    const got = deltas(chunks);
    expect(got).toHaveLength(N);
    expect(got).toEqual(words.map((w) => w.toUpperCase()));
    expect(got.includes('TAGGED')).toBe(false);
    // Both branches saw every chunk (the tagger's output was simply not chosen).
    expect(upperSaw).toEqual(words);
    expect(taggerSaw).toEqual(words);
    expect(await out.text).toBe(words.join('').toUpperCase());
    expect(chunks.at(-1)?.type).toBe('finish');
    expect(elapsed).toBeLessThan(3000);
  });

  it('generate(): the same workflow shapes the final text (the stream phase runs there too)', async () => {
    const wf = workflow('stream-wf')
      .parallel([createStep(upperProcessor()), createStep(taggerProcessor())])
      .map(({ inputData }) => inputData['processor:upper'])
      .commit();
    const model = new ScriptedModel({ steps: [{ text: words.slice(0, 50) }] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [wf] });

    const result = await agent.generate('go');

    expect(result.text).toBe(words.slice(0, 50).join('').toUpperCase());
  });

  it('in the stream phase parallel branches share the part (read-only, no per-chunk copies)', async () => {
    const seenA: ChunkType[] = [];
    const seenB: ChunkType[] = [];
    const reader = (id: string, into: ChunkType[]) =>
      ({
        id,
        processOutputStream: async ({ part }) => {
          into.push(part);
          return part;
        },
      }) satisfies Processor;
    const wf = workflow('share')
      .parallel([createStep(reader('a', seenA)), createStep(reader('b', seenB))])
      .map(({ inputData }) => inputData['processor:a'])
      .commit();
    const model = new ScriptedModel({ steps: [{ text: ['x', 'y'] }] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [wf] });

    const chunks = await collect((await agent.stream('go')).fullStream);

    expect(deltas(chunks)).toEqual(['x', 'y']);
    expect(seenA.length).toBeGreaterThan(2);
    expect(seenA).toHaveLength(seenB.length);
    seenA.forEach((part, i) => {
      expect(seenB[i]).toBe(part);
    });
  });
});

// ---- drop and fan-out -------------------------------------------------------------------------

describe('parallel branches in the stream phase: the chosen branch decides what is emitted', () => {
  /** Drops "b" and splits "c" into "c1", "c2". */
  const editor = {
    id: 'editor',
    processOutputStream: async ({ part }) => {
      if (part.type !== 'text-delta') return part;
      if (part.payload.text === 'b') return null;
      if (part.payload.text === 'c') return [retext(part, 'c1'), retext(part, 'c2')];
      return part;
    },
  } satisfies Processor;
  const keeper = {
    id: 'keeper',
    processOutputStream: async ({ part }) => part,
  } satisfies Processor;

  it.each([
    { chosen: 'processor:editor', expected: ['a', 'c1', 'c2', 'd'] },
    { chosen: 'processor:keeper', expected: ['a', 'b', 'c', 'd'] },
  ] as const)(
    '.map(→ $chosen): only the chosen branch’s drops and fan-outs take effect; later steps see each chunk',
    async ({ chosen, expected }) => {
      const afterSaw: string[] = [];
      const wf = workflow('pick-stream')
        .parallel([createStep(editor), createStep(keeper)])
        .map(({ inputData }) => inputData[chosen])
        .then(createStep(upperProcessor(afterSaw)))
        .commit();
      const model = new ScriptedModel({ steps: [{ text: ['a', 'b', 'c', 'd'] }] });
      const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [wf] });

      const out = await agent.stream('go');
      const chunks = await collect(out.fullStream);

      // The step after the map sees each chunk of the chosen branch's output on its own.
      expect(afterSaw).toEqual(expected);
      expect(deltas(chunks)).toEqual(expected.map((t) => t.toUpperCase()));
      expect(await out.text).toBe(expected.join('').toUpperCase());
    },
  );
});

describe('dropping and fanning out chunks inside a workflow', () => {
  it('a step returning null drops the chunk; an array fans out: later steps see each chunk, in order', async () => {
    const laterSaw: string[] = [];
    const splitter = {
      id: 'splitter',
      processOutputStream: async ({ part }) => {
        if (part.type !== 'text-delta') return part;
        if (part.payload.text === 'drop') return null;
        if (part.payload.text.startsWith('split:')) {
          return part.payload.text
            .slice('split:'.length)
            .split(',')
            .map((t) => retext(part, t));
        }
        return part;
      },
    } satisfies Processor;
    const wf = workflow('fan')
      .then(createStep(splitter))
      .then(createStep(upperProcessor(laterSaw)))
      .commit();
    const model = new ScriptedModel({ steps: [{ text: ['keep', 'drop', 'split:a,b,c', 'end'] }] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [wf] });

    const out = await agent.stream('go');
    const chunks = await collect(out.fullStream);

    expect(laterSaw).toEqual(['keep', 'a', 'b', 'c', 'end']);
    expect(deltas(chunks)).toEqual(['KEEP', 'A', 'B', 'C', 'END']);
    expect(await out.text).toBe('KEEPABCEND');
  });

  it('an empty array from a step drops the chunk, and a processor after the workflow in the lane never sees it', async () => {
    const afterSaw: string[] = [];
    const dropper = {
      id: 'dropper',
      processOutputStream: async ({ part }) =>
        part.type === 'text-delta' && part.payload.text === 'secret' ? [] : part,
    } satisfies Processor;
    const after = {
      id: 'after',
      processOutputStream: async ({ part }) => {
        if (part.type === 'text-delta') afterSaw.push(part.payload.text);
        return part;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: [{ text: ['a', 'secret', 'b'] }] });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      outputProcessors: [workflow('drop').then(createStep(dropper)).commit(), after],
    });

    const chunks = await collect((await agent.stream('go')).fullStream);

    expect(afterSaw).toEqual(['a', 'b']);
    expect(deltas(chunks)).toEqual(['a', 'b']);
  });
});

// ---- data-* chunks --------------------------------------------------------------------------

describe('data-* chunks in a workflow', () => {
  /** A lane processor before the workflow that adds a data chunk after the text-start chunk. */
  const dataSource = {
    id: 'data-source',
    processOutputStream: async ({ part }) =>
      part.type === 'text-start' ? [part, { type: 'data-note', data: { level: 'info' } } as ChunkType] : part,
  } satisfies Processor;

  function typeRecorder(id: string, seen: string[], processDataParts: boolean) {
    return {
      id,
      processDataParts,
      processOutputStream: async ({ part }) => {
        seen.push(part.type);
        return part;
      },
    } satisfies Processor;
  }

  it('data-* chunks reach only the steps whose processor has processDataParts: true; the client gets the chunk once', async () => {
    const optedIn: string[] = [];
    const optedOut: string[] = [];
    const wf = workflow('data')
      .then(createStep(typeRecorder('opted-out', optedOut, false)))
      .then(createStep(typeRecorder('opted-in', optedIn, true)))
      .commit();
    const model = new ScriptedModel({ steps: ['hello'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [dataSource, wf] });

    const chunks = await collect((await agent.stream('go')).fullStream);

    expect(optedIn).toContain('data-note');
    expect(optedOut).not.toContain('data-note');
    expect(optedOut).toContain('text-delta');
    expect(chunks.filter((c) => c.type === 'data-note')).toEqual([
      expect.objectContaining({ type: 'data-note', data: { level: 'info' } }),
    ]);
  });

  it('a workflow with no processDataParts step lets data-* chunks pass by unchanged', async () => {
    const optedOut: string[] = [];
    const wf = workflow('data')
      .then(createStep(typeRecorder('opted-out', optedOut, false)))
      .commit();
    const model = new ScriptedModel({ steps: ['hello'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [dataSource, wf] });

    const chunks = await collect((await agent.stream('go')).fullStream);

    expect(optedOut).not.toContain('data-note');
    expect(chunks.filter((c) => c.type === 'data-note')).toHaveLength(1);
    const types = chunks.map((c) => c.type);
    expect(types.indexOf('data-note')).toBe(types.indexOf('text-start') + 1);
  });

  it('a processDataParts step returning null for a data-* chunk drops it from the stream', async () => {
    const dropData = {
      id: 'drop-data',
      processDataParts: true,
      processOutputStream: async ({ part }) => (part.type.startsWith('data-') ? null : part),
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['hello'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      outputProcessors: [dataSource, workflow('data').then(createStep(dropData)).commit()],
    });

    const chunks = await collect((await agent.stream('go')).fullStream);

    expect(chunks.some((c) => c.type === 'data-note')).toBe(false);
    expect(deltas(chunks)).toEqual(['hello']);
  });
});

// ---- per-chunk state and the writer ----------------------------------------------------------

describe('per-step state and the writer in the stream phase', () => {
  it('state persists across chunks of one run (per step) and starts empty in the next run', async () => {
    const numbered = {
      id: 'numbered',
      processOutputStream: async ({ part, state }) => {
        if (part.type !== 'text-delta') return part;
        const n = ((state.n as number | undefined) ?? 0) + 1;
        state.n = n;
        return retext(part, `${n}:${part.payload.text}`);
      },
    } satisfies Processor;
    const other = {
      id: 'other',
      processOutputStream: async ({ part, state }) => {
        if (part.type !== 'text-delta') return part;
        state.n = 100; // another step's state: must not leak into `numbered`'s
        return part;
      },
    } satisfies Processor;
    const wf = workflow('stateful').then(createStep(numbered)).then(createStep(other)).commit();
    const model = new ScriptedModel({ steps: [{ text: ['a', 'b', 'c'] }, { text: ['d', 'e'] }] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [wf] });

    const first = deltas(await collect((await agent.stream('one')).fullStream));
    const second = deltas(await collect((await agent.stream('two')).fullStream));

    expect(first).toEqual(['1:a', '2:b', '3:c']);
    expect(second).toEqual(['1:d', '2:e']);
  });

  it('writer.emit() from a step runs the chunk through the workflow steps after it, then the next lane processor and the client (as in a lane)', async () => {
    const laneNextSaw: string[] = [];
    const emitter = {
      id: 'emitter',
      processOutputStream: async ({ part, writer }) => {
        if (part.type === 'text-start')
          await writer?.emit?.({ type: 'data-emitted', data: { n: 1 } } as ChunkType);
        return part;
      },
    } satisfies Processor;
    const inWorkflowSaw: string[] = [];
    const inWorkflow = {
      id: 'in-workflow',
      processDataParts: true,
      processOutputStream: async ({ part }) => {
        inWorkflowSaw.push(part.type);
        return part;
      },
    } satisfies Processor;
    const laneNext = {
      id: 'lane-next',
      processDataParts: true,
      processOutputStream: async ({ part }) => {
        laneNextSaw.push(part.type);
        return part;
      },
    } satisfies Processor;
    const wf = workflow('emit').then(createStep(emitter)).then(createStep(inWorkflow)).commit();
    const model = new ScriptedModel({ steps: ['hello'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [wf, laneNext] });

    const chunks = await collect((await agent.stream('go')).fullStream);

    expect(chunks.filter((c) => c.type === 'data-emitted')).toHaveLength(1);
    expect(laneNextSaw).toContain('data-emitted');
    expect(inWorkflowSaw).toContain('data-emitted');
  });
});

describe('the writer of steps in message phases', () => {
  it('writer.custom() from a parallel branch step of an input workflow puts the data chunk on fullStream', async () => {
    const progress = {
      id: 'progress',
      processInput: async ({ writer, messageList }) => {
        await writer?.custom({ type: 'data-progress', data: { stage: 'input checked' } });
        return messageList;
      },
    } satisfies Processor;
    const idle = { id: 'idle', processInput: ({ messageList }) => messageList } satisfies Processor;
    const wf = workflow('progress')
      .parallel([createStep(idle), createStep(progress)])
      .map(({ inputData }) => inputData['processor:idle'])
      .commit();
    const model = new ScriptedModel({ steps: ['hello'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [wf] });

    const chunks = await collect((await agent.stream('go')).fullStream);

    expect(chunks.filter((c) => c.type === 'data-progress')).toEqual([
      expect.objectContaining({ type: 'data-progress', data: { stage: 'input checked' } }),
    ]);
    expect(deltas(chunks)).toEqual(['hello']);
  });
});

describe('no per-chunk machinery (issue #12 rule 4)', () => {
  it('phase data is validated against the step schemas once per non-chunk phase run, never per stream chunk', async () => {
    const calls = { stream: 0, step: 0 };
    const pass = (id: string) =>
      ({
        id,
        processOutputStream: async ({ part }) => {
          calls.stream++;
          return part;
        },
        processOutputStep: () => {
          calls.step++;
          return [];
        },
      }) satisfies Processor;
    const wf = workflow('no-per-chunk')
      .parallel([createStep(pass('a')), createStep(pass('b'))])
      .map(async ({ inputData }) => inputData['processor:a'])
      .then(createStep(pass('c')))
      .commit();
    const text = Array.from({ length: 300 }, (_, i) => `t${i} `);
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model: new ScriptedModel({ steps: [{ text }] }),
      outputProcessors: [wf],
    });
    const spies = [
      vi.spyOn(ProcessorStepOutputSchema, 'safeParse'),
      vi.spyOn(ProcessorStepInputSchema, 'safeParse'),
    ];
    try {
      const chunks = await collect((await agent.stream('go')).fullStream);
      expect(chunks.filter((c) => c.type === 'text-delta')).toHaveLength(300);
      // Every stream chunk went through the three steps...
      expect(calls.stream).toBeGreaterThanOrEqual(900);
      // ...but the schemas ran only for the one output step phase (one check of its output).
      expect(calls.step).toBe(3);
      const validations = spies.reduce((n, spy) => n + spy.mock.calls.length, 0);
      expect(validations).toBe(1);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
