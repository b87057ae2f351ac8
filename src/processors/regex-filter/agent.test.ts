/**
 * RegexFilterProcessor inside an agent: what the client streams, what `generate()` returns,
 * what the model is sent and what the conversation keeps.
 */
import { describe, expect, it } from 'vitest';
import { Agent } from '../../agent/agent.js';
import { getMessageText } from '../../messages/message-text.js';
import type { ProcessorViolation } from '../../pipeline/types.js';
import type { ChunkType } from '../../stream/chunk-types.js';
import { ScriptedModel } from '../../test/scripted-model.js';
import {
  RegexFilterProcessor,
  type RegexFilterProcessorOptions,
  type RegexFilterRedactDetail,
} from './index.js';

const SECRET = 'ghp_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ';

async function collect(stream: ReadableStream<ChunkType>): Promise<ChunkType[]> {
  const out: ChunkType[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

function deltas(chunks: readonly ChunkType[]): string[] {
  return chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : []));
}

function agentWith(
  options: RegexFilterProcessorOptions,
  text: string | string[],
  lanes: 'input' | 'output' | 'both' = 'both',
) {
  const filter = new RegexFilterProcessor(options);
  const model = new ScriptedModel({ steps: [{ text }] });
  const agent = new Agent({
    id: 'agent',
    instructions: 'Be helpful.',
    model,
    inputProcessors: lanes === 'output' ? [] : [filter],
    outputProcessors: lanes === 'input' ? [] : [filter],
  });
  return { agent, model, filter };
}

describe('RegexFilterProcessor in an agent', () => {
  it('stream(): a secret split across three chunks reaches the client redacted whole', async () => {
    const pieces = ['token: ', SECRET.slice(0, 10), SECRET.slice(10, 25), `${SECRET.slice(25)}, done.`];
    const { agent } = agentWith({ presets: ['secrets'], strategy: 'redact' }, pieces);
    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);
    const streamed = deltas(chunks);
    expect(streamed.join('')).toBe('token: [REDACTED], done.');
    for (const piece of pieces.slice(1, 3)) expect(streamed.some((d) => d.includes(piece))).toBe(false);
    // Held text goes out before text-end, not after it.
    const types = chunks.map((c) => c.type);
    expect(types.lastIndexOf('text-delta')).toBeLessThan(types.indexOf('text-end'));
    expect(await output.text).toBe('token: [REDACTED], done.');
    const response = (await output.response).dbMessages ?? [];
    expect(JSON.stringify(response)).not.toContain(SECRET.slice(10, 25));
  });

  it('includeRawChunks: the raw chunk before each provider event does not release a half-streamed secret', async () => {
    const raw = { type: 'part', part: { type: 'raw', rawValue: { event: 'delta' } } } as const;
    const filter = new RegexFilterProcessor({ presets: ['secrets'], strategy: 'redact' });
    const model = new ScriptedModel({
      steps: [{ events: [raw, 'my key is sk-abcdef', raw, 'ghijklmnopqrstuvwxyz0123', raw, ' ok', raw] }],
    });
    const agent = new Agent({ id: 'agent', instructions: 'Be helpful.', model, outputProcessors: [filter] });
    const output = await agent.stream('hi', { includeRawChunks: true });
    const chunks = await collect(output.fullStream);
    expect(chunks.filter((c) => c.type === 'raw').length).toBeGreaterThan(0);
    const streamed = deltas(chunks).join('');
    expect(streamed).toBe('my key is [REDACTED] ok');
    expect(streamed).not.toContain('abcdef');
    expect(await output.text).toBe('my key is [REDACTED] ok');
    expect(JSON.stringify((await output.response).dbMessages ?? [])).not.toContain('abcdef');
  });

  it('generate(): the text is redacted the same way', async () => {
    const { agent } = agentWith({ presets: ['secrets'], strategy: 'redact' }, [
      'key ',
      SECRET.slice(0, 20),
      SECRET.slice(20),
    ]);
    const result = await agent.generate('hi');
    expect(result.text).toBe('key [REDACTED]');
  });

  it('overlapping matches of different rules are replaced once', async () => {
    const { agent } = agentWith(
      {
        rules: [
          { name: 'account', pattern: /ACCT-\d{4}-\d{4}/, replacement: '[ACCOUNT]' },
          { name: 'digits', pattern: /\d{4}-\d{4}-X/, replacement: '[DIGITS]' },
        ],
        strategy: 'redact',
      },
      ['see ACCT-1234-', '5678-X ok'],
    );
    const result = await agent.generate('hi');
    expect(result.text).toBe('see [ACCOUNT] ok');
  });

  it('block: the stream ends with a tripwire carrying the documented metadata, and no part of the match', async () => {
    const { agent } = agentWith({ presets: ['pii'] }, ['Reach me at ', 'jane@', 'example.com today']);
    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);
    expect(chunks.at(-1)).toMatchObject({
      type: 'tripwire',
      payload: {
        processorId: 'regex-filter',
        metadata: {
          processorId: 'regex-filter',
          matches: [{ rule: 'email', match: '[REDACTED]', index: 12 }],
          strategy: 'block',
        },
      },
    });
    expect(deltas(chunks).join('')).not.toContain('jane');
  });

  it('block: generate() resolves with the tripwire and finishReason "other"', async () => {
    const { agent } = agentWith({ presets: ['secrets'] }, 'fine');
    const result = await agent.generate(`my key is ${SECRET}`);
    expect(result.finishReason).toBe('other');
    expect(result.tripwire).toMatchObject({
      processorId: 'regex-filter',
      metadata: { strategy: 'block', matches: [{ rule: 'github-token', match: '[REDACTED]', index: 10 }] },
    });
  });

  it('warn: onViolation receives the detail and the text reaches the client unchanged', async () => {
    const { agent, filter } = agentWith({ presets: ['pii'], strategy: 'warn' }, ['mail ', 'a@b.io', ' ok']);
    const seen: ProcessorViolation[] = [];
    filter.onViolation = (v) => {
      seen.push(v);
    };
    const result = await agent.generate('hello');
    expect(result.text).toBe('mail a@b.io ok');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      processorId: 'regex-filter',
      detail: {
        strategy: 'warn',
        phase: 'processOutputStream',
        matches: [{ rule: 'email', index: 5, length: 6, replacement: '[REDACTED]' }],
      },
    });
  });

  it('redact on input: the model gets the redacted text and the conversation keeps it', async () => {
    const { agent, model, filter } = agentWith({ presets: ['pii'], strategy: 'redact' }, 'noted');
    const seen: ProcessorViolation[] = [];
    filter.onViolation = (v) => {
      seen.push(v);
    };
    const result = await agent.generate('my ssn is 123-45-6789');
    const user = model.calls[0]?.prompt.find((m) => m.role === 'user');
    expect(user?.content).toEqual([{ type: 'text', text: 'my ssn is [REDACTED]' }]);
    const stored = result.messages.find((m) => m.role === 'user');
    expect(stored && getMessageText(stored)).toBe('my ssn is [REDACTED]');
    expect(JSON.stringify(result.messages)).not.toContain('6789');
    expect((seen[0]!.detail as RegexFilterRedactDetail).phase).toBe('processInput');
  });

  it("phase gating: phase 'input' in both lanes leaves the answer alone; phase 'output' leaves the prompt alone", async () => {
    const inputOnly = agentWith({ presets: ['pii'], strategy: 'redact', phase: 'input' }, 'reply to c@d.io');
    const a = await inputOnly.agent.generate('from a@b.io');
    expect(a.text).toBe('reply to c@d.io');
    expect(inputOnly.model.calls[0]?.prompt.at(-1)?.content).toEqual([
      { type: 'text', text: 'from [REDACTED]' },
    ]);

    const outputOnly = agentWith(
      { presets: ['pii'], strategy: 'redact', phase: 'output' },
      'reply to c@d.io',
    );
    const b = await outputOnly.agent.generate('from a@b.io');
    expect(b.text).toBe('reply to [REDACTED]');
    expect(outputOnly.model.calls[0]?.prompt.at(-1)?.content).toEqual([
      { type: 'text', text: 'from a@b.io' },
    ]);
  });
});
