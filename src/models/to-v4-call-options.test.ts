import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { ScriptedModel } from '../test/scripted-model.js';
import { toMastraModel } from './to-mastra-model.js';
import { toV3Prompt } from './to-v3-call-options.js';
import { toV4CallOptions, toV4Prompt } from './to-v4-call-options.js';

const bytes = new Uint8Array([1, 2, 3]);
const url = new URL('https://example.com/cat.png');

const filePrompt: LanguageModelV2Prompt = [
  { role: 'system', content: 'sys' },
  {
    role: 'user',
    content: [
      { type: 'text', text: 'Look:' },
      { type: 'file', data: bytes, mediaType: 'image/png', filename: 'a.png' },
      { type: 'file', data: 'aGVsbG8=', mediaType: 'text/plain' },
      { type: 'file', data: url, mediaType: 'image/png' },
      { type: 'file', data: 'https://example.com/doc.pdf', mediaType: 'application/pdf' },
      { type: 'file', data: 'data:text/plain;base64,aGk=', mediaType: 'text/plain' },
    ],
  },
  {
    role: 'assistant',
    content: [
      { type: 'file', data: bytes, mediaType: 'image/png', providerOptions: { openai: { detail: 'low' } } },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'screenshot',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'shot' },
            { type: 'media', data: 'iVBORw0=', mediaType: 'image/png' },
          ],
        },
      },
    ],
  },
];

describe('toV4Prompt', () => {
  it('wraps file data as { type: data } or { type: url }', () => {
    const v4 = toV4Prompt(filePrompt);
    const user = v4[1];
    if (user.role !== 'user') throw new Error('expected a user message');
    expect(user.content[0]).toBe((filePrompt[1].content as unknown[])[0]);
    expect(user.content.slice(1)).toEqual([
      { type: 'file', data: { type: 'data', data: bytes }, mediaType: 'image/png', filename: 'a.png' },
      { type: 'file', data: { type: 'data', data: 'aGVsbG8=' }, mediaType: 'text/plain' },
      { type: 'file', data: { type: 'url', url }, mediaType: 'image/png' },
      {
        type: 'file',
        data: { type: 'url', url: new URL('https://example.com/doc.pdf') },
        mediaType: 'application/pdf',
      },
      { type: 'file', data: { type: 'data', data: 'aGk=' }, mediaType: 'text/plain' },
    ]);
    expect(v4[2]).toEqual({
      role: 'assistant',
      content: [
        {
          type: 'file',
          data: { type: 'data', data: bytes },
          mediaType: 'image/png',
          providerOptions: { openai: { detail: 'low' } },
        },
      ],
    });
  });

  it('turns tool-result media content into V4 file content', () => {
    const tool = toV4Prompt(filePrompt)[3];
    if (tool.role !== 'tool') throw new Error('expected a tool message');
    expect(tool.content[0]).toMatchObject({
      type: 'tool-result',
      output: {
        type: 'content',
        value: [
          { type: 'text', text: 'shot' },
          { type: 'file', data: { type: 'data', data: 'iVBORw0=' }, mediaType: 'image/png' },
        ],
      },
    });
  });

  it('reuses the prompt and its messages when nothing needs translating', () => {
    const textOnly: LanguageModelV2Prompt = [
      { role: 'system', content: 'sys' },
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 't', input: {} }] },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'c', toolName: 't', output: { type: 'text', value: 'ok' } },
        ],
      },
    ];
    expect(toV4Prompt(textOnly)).toBe(textOnly);
    expect(toV3Prompt(textOnly)).toBe(textOnly);
    const v4 = toV4Prompt(filePrompt);
    expect(v4[0]).toBe(filePrompt[0]);
  });

  it('the V4 adapter sends translated file parts to the model', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const { stream } = await toMastraModel(model).doStream({ prompt: filePrompt });
    await stream.pipeTo(new WritableStream());
    expect(model.lastCall.prompt).toEqual(toV4Prompt(filePrompt));
    expect(toV4CallOptions({ prompt: filePrompt }).reasoning).toBeUndefined();
  });
});

describe('toV3Prompt', () => {
  it('maps tool-result media to image-data / file-data and URL strings to URL objects', () => {
    const prompt: LanguageModelV2Prompt = [
      {
        role: 'user',
        content: [{ type: 'file', data: 'https://example.com/a.pdf', mediaType: 'application/pdf' }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c',
            toolName: 't',
            output: {
              type: 'content',
              value: [
                { type: 'media', data: 'AAA=', mediaType: 'image/png' },
                { type: 'media', data: 'BBB=', mediaType: 'application/pdf' },
              ],
            },
          },
        ],
      },
    ];
    const v3 = toV3Prompt(prompt);
    expect(v3[0]).toEqual({
      role: 'user',
      content: [{ type: 'file', data: new URL('https://example.com/a.pdf'), mediaType: 'application/pdf' }],
    });
    expect(v3[1]).toMatchObject({
      content: [
        {
          output: {
            type: 'content',
            value: [
              { type: 'image-data', data: 'AAA=', mediaType: 'image/png' },
              { type: 'file-data', data: 'BBB=', mediaType: 'application/pdf' },
            ],
          },
        },
      ],
    });
  });
});
