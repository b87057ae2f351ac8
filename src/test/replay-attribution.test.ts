/**
 * Which processor a replay mismatch names (issue 37, item 3): the hook whose own change holds the
 * differing text; else the last hook that changed anything (a one-call prompt rewrite, a stream
 * edit), said as such; none when only the input differs. Recorded from a scripted model: the
 * attribution does not depend on the provider.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../agent/index.js';
import { ReplayMismatchError, SluiceError } from '../errors/index.js';
import type { Processor } from '../processors/index.js';
import { createTool } from '../tools/index.js';
import { replayModel } from './replay-model.js';
import { ScriptedModel } from './scripted-model.js';

const lookup = createTool({
  id: 'lookup',
  description: 'Look a word up',
  inputSchema: z.object({ word: z.string() }),
  execute: async ({ word }) => ({ word, meaning: 'a small river' }),
});

const made: string[] = [];
let dir: string;

function agent(model: unknown, processors: { input?: Processor[]; output?: Processor[] } = {}) {
  return new Agent({
    id: 'dictionary',
    instructions: 'Define words.',
    model: model as never,
    tools: { lookup },
    inputProcessors: processors.input ?? [],
    outputProcessors: processors.output ?? [],
  });
}

async function mismatchOf(run: Promise<unknown>): Promise<ReplayMismatchError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReplayMismatchError);
  return error as ReplayMismatchError;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sluice-replay-attr-'));
  made.push(dir);
  const model = new ScriptedModel({
    steps: [
      { text: 'Let me look that up.', toolCalls: [{ toolName: 'lookup', args: { word: 'rill' } }] },
      { text: 'A rill is a small river.' },
    ],
  });
  await agent(model).generate('What is a rill?', { recordTo: dir });
});

afterAll(() => {
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
});

describe('replay mismatch attribution', () => {
  it('names the input processor whose edit of the user message holds the new text', async () => {
    const polite: Processor = {
      id: 'polite',
      processInput: ({ messages }) => {
        const part = messages[0]?.content.parts[0];
        if (part?.type === 'text') part.text = `Please: ${part.text}`;
        return messages;
      },
    };
    const error = await mismatchOf(agent(replayModel(dir), { input: [polite] }).generate('What is a rill?'));
    expect(error.message).toContain('prompt message 1 (user), part 0, "text" differs');
    expect(error.message).toContain('actual:   "Please: What is a rill?"');
    expect(error.message).toContain('processor "polite" (processInput): its change put this difference');
  });

  it('names a processor that removed text (the recorded text is in its before, not its after)', async () => {
    const stripQuestion: Processor = {
      id: 'strip-question',
      processInput: ({ messages }) => {
        const part = messages[0]?.content.parts[0];
        if (part?.type === 'text') part.text = part.text.replace('?', '');
        return messages;
      },
    };
    const error = await mismatchOf(
      agent(replayModel(dir), { input: [stripQuestion] }).generate('What is a rill?'),
    );
    expect(error.message).toContain('processor "strip-question"');
    expect(error.details).toMatchObject({
      processorId: 'strip-question',
      path: ['prompt', 1, 'content', 0, 'text'],
    });
  });

  it('names a processLLMRequest prompt rewrite as the last change, and says the evidence is weaker', async () => {
    const rewrite: Processor = {
      id: 'rewrite',
      processLLMRequest: ({ prompt }) => ({
        prompt: prompt.map((m) => (m.role === 'system' ? { ...m, content: `${m.content} Be terse.` } : m)),
      }),
    };
    const error = await mismatchOf(agent(replayModel(dir), { input: [rewrite] }).generate('What is a rill?'));
    expect(error.message).toContain('prompt message 0 (system)');
    expect(error.message).toContain('processor "rewrite" (processLLMRequest, step 0)');
    expect(error.message).toContain('last processor that changed the conversation');
  });

  it("names an output processor whose stream edit reaches the next call's assistant message", async () => {
    const shout: Processor = {
      id: 'shout',
      processOutputStream: async ({ part }) =>
        part.type === 'text-delta'
          ? { ...part, payload: { ...part.payload, text: part.payload.text.toUpperCase() } }
          : part,
    };
    const error = await mismatchOf(agent(replayModel(dir), { output: [shout] }).generate('What is a rill?'));
    expect(error.message).toContain('model call 2 of 2 (step 1)');
    expect(error.message).toContain('prompt message 2 (assistant)');
    expect(error.message).toContain('LET ME LOOK THAT UP.');
    expect(error.message).toContain('processor "shout" (processOutputStream, step 0)');
  });

  it('names no processor when the input itself differs', async () => {
    const error = await mismatchOf(agent(replayModel(dir)).generate('What is a brook?'));
    expect(error.message).toContain('no processor changed the conversation');
    expect(error.details.processorId).toBeUndefined();
  });

  it('fails a run that makes more model calls than were recorded', async () => {
    const again: Processor = {
      id: 'again',
      processOutputStep: ({ stepNumber, abort }) => {
        if (stepNumber === 1) abort('one more try', { retry: true });
      },
    };
    const error = await mismatchOf(
      agent(replayModel(dir), { output: [again] }).generate('What is a rill?', { maxProcessorRetries: 1 }),
    );
    expect(error.code).toBe('REPLAY_MISMATCH');
    expect(error.message).toContain('model call 3');
    expect(error.message).toContain('holds 2 calls');
  });

  it('keeps the recording inside its folder whatever the run id', async () => {
    const target = mkdtempSync(join(tmpdir(), 'sluice-replay-id-'));
    made.push(target);
    await agent(replayModel(dir)).generate('What is a rill?', { recordTo: target, runId: '../../escape/me' });
    const files = readdirSync(target);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d+-______escape_me\.sluice-run\.json$/);
  });

  it('refuses a recordTo that is not a folder path', async () => {
    const error = await agent(replayModel(dir))
      .generate('What is a rill?', { recordTo: '' })
      .catch((e: unknown) => e);
    expect(SluiceError.hasCode(error, 'AGENT_INVALID_OPTIONS')).toBe(true);
    expect((error as Error).message).toContain('"recordTo"');
  });
});
