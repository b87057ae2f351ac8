/**
 * `UnsupportedFileHandler`: after a provider refuses a file type it records
 * the type and retries; before every later call of the run it replaces each refused or
 * unsupported user-turn file with its sandbox path or a note. Stored messages keep their files.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAI } from '@ai-sdk/openai';
import {
  APICallError,
  type LanguageModelV2FilePart,
  type LanguageModelV2Prompt,
  UnsupportedFunctionalityError,
} from '@ai-sdk/provider';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../errors/configuration-error.js';
import type { MastraDBMessage, MastraMessagePart } from '../../messages/types.js';
import { toMastraModel } from '../../models/to-mastra-model.js';
import type { AgentSandbox, ProcessLLMRequestArgs, SandboxFile } from '../../pipeline/types.js';
import { createProcessorHarness, type ProcessorHarnessOptions } from '../../test/processor-harness.js';
import { DEFAULT_SUPPORTED_MEDIA_TYPES, UnsupportedFileHandler } from './index.js';

const ZIP_BYTES = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
const ZIP_BASE64 = Buffer.from(ZIP_BYTES).toString('base64');

const openai = createOpenAI({ apiKey: 'x', baseURL: 'http://127.0.0.1:1' });
const model = toMastraModel(openai.chat('gpt-4o'));

const RETRY = { retry: true, processorId: 'unsupported-file-handler' };
const NO_RETRY = { retry: false };

/** The error `@ai-sdk/openai` really throws when a prompt carries a zip file. */
async function realRefusal(api: 'chat' | 'responses'): Promise<unknown> {
  const provider = api === 'chat' ? openai.chat('gpt-4o') : openai.responses('gpt-4o');
  try {
    await provider.doStream({
      prompt: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in here?' },
            {
              type: 'file',
              mediaType: 'application/zip',
              filename: 'a.zip',
              data: { type: 'data', data: ZIP_BYTES },
            },
          ],
        },
      ],
    });
  } catch (error) {
    return error;
  }
  throw new Error('expected doStream to refuse the zip file');
}

function httpRejection(message: string, responseBody?: string, statusCode = 400): APICallError {
  return new APICallError({
    message,
    url: 'https://provider.example/v1/chat',
    requestBodyValues: {},
    statusCode,
    ...(responseBody !== undefined ? { responseBody } : {}),
  });
}

const ZIP_REFUSAL = () => httpRejection('Unsupported MIME type: application/zip');

function userMessage(id: string, ...parts: MastraMessagePart[]): MastraDBMessage {
  return { id, role: 'user', createdAt: new Date(0), content: { format: 2, parts } };
}

const text = (value: string): MastraMessagePart => ({ type: 'text', text: value });
const storedFile = (mimeType: string, filename?: string): MastraMessagePart => ({
  type: 'file',
  data: `data:${mimeType};base64,${ZIP_BASE64}`,
  mimeType,
  ...(filename ? { filename } : {}),
});

/** One run of `handler` over `messages` (default: a user turn carrying a zip file). */
function harness(
  handler = new UnsupportedFileHandler(),
  messages: MastraDBMessage[] = [
    userMessage('u1', text('Unpack this'), storedFile('application/zip', 'a.zip')),
  ],
  options: ProcessorHarnessOptions = {},
) {
  return createProcessorHarness(handler, { messages, model, ...options });
}

/**
 * A run in which the provider already refused `types` (each once, as a run gets there): the
 * conversation holds a file of each type, and every refusal was retried.
 */
async function afterRefusal(
  handler = new UnsupportedFileHandler(),
  types: readonly string[] = ['application/zip'],
  options: ProcessorHarnessOptions = {},
) {
  const h = harness(handler, [userMessage('u1', ...types.map((type) => storedFile(type)))], options);
  for (const type of types) {
    const run = await h.processAPIError({ error: httpRejection(`Unsupported MIME type: ${type}`) });
    expect(run.result).toEqual(RETRY);
  }
  return h;
}

function file(mediaType: string, filename?: string, data: LanguageModelV2FilePart['data'] = ZIP_BYTES) {
  return {
    type: 'file',
    mediaType,
    data,
    ...(filename ? { filename } : {}),
  } satisfies LanguageModelV2FilePart;
}

function userPrompt(...content: Array<{ type: 'text'; text: string } | LanguageModelV2FilePart>) {
  return [
    { role: 'system', content: 'Be helpful.' },
    { role: 'user', content },
  ] satisfies LanguageModelV2Prompt;
}

function notSent(name: string, type: string): string {
  return [
    '[File not sent]',
    `name: ${name}`,
    `type: ${type}`,
    'reason: The model does not support this type of file, so the file was not sent to it.',
  ].join('\n');
}

function uploadedNote(name: string, type: string, path: string): string {
  return [
    '[File uploaded to sandbox]',
    `name: ${name}`,
    `type: ${type}`,
    `path: ${path}`,
    'reason: The model does not support this type of file, so it was uploaded to the sandbox instead.',
  ].join('\n');
}

function fakeSandbox(root = '/sandbox') {
  const uploadFile = vi.fn(async (f: SandboxFile) => ({ path: `${root}/${f.filename ?? 'file'}` }));
  return { sandbox: { uploadFile } satisfies AgentSandbox, uploadFile };
}

function userContentOf(prompt: LanguageModelV2Prompt | undefined, index = 1) {
  const message = prompt?.[index];
  if (message?.role !== 'user') throw new Error(`prompt[${index}] is not a user message`);
  return message.content;
}

/** The prompt sent after a zip refusal in a run of `handler` (the agent's sandbox, if given). */
async function sentAfterZipRefusal(
  prompt: LanguageModelV2Prompt,
  handler = new UnsupportedFileHandler(),
  sandbox?: AgentSandbox,
): Promise<LanguageModelV2Prompt> {
  const h = await afterRefusal(handler, ['application/zip'], { sandbox });
  return (await h.processLLMRequest({ prompt })).result.prompt;
}

let server: Server;
let baseUrl: string;
/** Requests the file server received. */
let served = 0;
/** The file server listens on loopback, which attachment downloads refuse by default. */
const LOCAL_FILES = { allowPrivateNetworks: true };

beforeAll(async () => {
  server = createServer((request, response) => {
    served++;
    if (request.url === '/report.zip') {
      response.writeHead(200, { 'content-type': 'application/zip' });
      response.end(Buffer.from(ZIP_BYTES));
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('UnsupportedFileHandler: identity and options', () => {
  it('has the documented id and name and both hooks', () => {
    const handler = new UnsupportedFileHandler();
    expect(handler.id).toBe('unsupported-file-handler');
    expect(handler.name).toBe('Unsupported File Handler');
    expect(typeof handler.processAPIError).toBe('function');
    expect(typeof handler.processLLMRequest).toBe('function');
  });

  it('rejects a sandbox without uploadFile, naming the class, the option and the fix', () => {
    const build = () => new UnsupportedFileHandler({ sandbox: {} as AgentSandbox });
    expect(build).toThrow(ConfigurationError);
    expect(build).toThrow(/UnsupportedFileHandler: "sandbox" must have an uploadFile\(file\) method/);
  });

  it.each([
    ['a string', 'image/*'],
    ['an entry without a subtype', ['image']],
    ['a non-string entry', [42]],
    ['an entry with spaces', ['image / png']],
  ])('rejects supportedMediaTypes given as %s', (_label, value) => {
    const build = () => new UnsupportedFileHandler({ supportedMediaTypes: value as string[] });
    expect(build).toThrow(ConfigurationError);
    expect(build).toThrow(/UnsupportedFileHandler: "supportedMediaTypes" must be an array of media types/);
  });

  it('accepts exact types, type wildcards and */*', () => {
    expect(
      () => new UnsupportedFileHandler({ supportedMediaTypes: ['application/pdf', 'image/*', '*/*'] }),
    ).not.toThrow();
    expect(() => new UnsupportedFileHandler({ supportedMediaTypes: [] })).not.toThrow();
  });

  it('accepts the exported (frozen) defaults, which cannot be changed', () => {
    expect(Object.isFrozen(DEFAULT_SUPPORTED_MEDIA_TYPES)).toBe(true);
    expect(
      () => new UnsupportedFileHandler({ supportedMediaTypes: DEFAULT_SUPPORTED_MEDIA_TYPES }),
    ).not.toThrow();
  });

  it('puts the class and option in the error details', () => {
    for (const [options, option] of [
      [{ sandbox: {} as AgentSandbox }, 'sandbox'],
      [{ supportedMediaTypes: ['image'] }, 'supportedMediaTypes'],
    ] as const) {
      let thrown: unknown;
      try {
        new UnsupportedFileHandler(options);
      } catch (error) {
        thrown = error;
      }
      expect((thrown as ConfigurationError).details).toEqual({ processor: 'UnsupportedFileHandler', option });
    }
  });
});

describe('UnsupportedFileHandler.processAPIError', () => {
  it.each(['chat', 'responses'] as const)(
    'retries on the real UnsupportedFunctionalityError of @ai-sdk/openai %s and records the type',
    async (api) => {
      const error = await realRefusal(api);
      expect(UnsupportedFunctionalityError.isInstance(error)).toBe(true);
      const h = harness();
      expect((await h.processAPIError({ error })).result).toEqual(RETRY);
      expect(h.state.rejectedMediaTypes).toEqual(['application/zip']);
      // Recorded: the next request of the run leaves the zip out.
      const next = await h.processLLMRequest();
      expect(userContentOf(next.result.prompt, 0)[1]).toEqual({
        type: 'text',
        text: notSent('a.zip', 'application/zip'),
      });
    },
  );

  it('accepts the older "media type: <type>" functionality wording', async () => {
    const error = new UnsupportedFunctionalityError({ functionality: 'media type: application/zip' });
    const h = harness();
    expect((await h.processAPIError({ error })).result).toEqual(RETRY);
    expect(h.state.rejectedMediaTypes).toEqual(['application/zip']);
  });

  it('finds the refusal on the cause chain up to depth 5, not deeper', async () => {
    const wrap = (error: unknown, times: number) => {
      let wrapped = error;
      for (let i = 0; i < times; i++) wrapped = new Error(`wrapper ${i}`, { cause: wrapped });
      return wrapped;
    };
    const refusal = new UnsupportedFunctionalityError({
      functionality: 'file part media type application/zip',
    });
    expect((await harness().processAPIError({ error: wrap(refusal, 5) })).result).toEqual(RETRY);
    expect((await harness().processAPIError({ error: wrap(refusal, 6) })).result).toEqual(NO_RETRY);
  });

  it('ignores unsupported-functionality refusals that name no media type', async () => {
    const error = new UnsupportedFunctionalityError({ functionality: 'tool choice type: any' });
    const h = harness();
    expect((await h.processAPIError({ error })).result).toEqual(NO_RETRY);
    expect(h.state).toEqual({});
  });

  it('retries on an HTTP 400 whose message says the media type is unsupported', async () => {
    const h = harness();
    expect((await h.processAPIError({ error: ZIP_REFUSAL() })).result).toEqual(RETRY);
    expect(h.state.rejectedMediaTypes).toEqual(['application/zip']);
  });

  it('reads the media type from the HTTP 400 responseBody', async () => {
    const body = JSON.stringify({
      error: { message: 'Invalid file type application/zip.', type: 'invalid_request_error' },
    });
    const h = harness();
    expect((await h.processAPIError({ error: httpRejection('Bad Request', body) })).result).toEqual(RETRY);
    expect(h.state.rejectedMediaTypes).toEqual(['application/zip']);
  });

  it('does not record the types an HTTP 400 lists as allowed', async () => {
    const messages = [
      userMessage('u1', storedFile('application/zip', 'a.zip'), storedFile('image/png', 'b.png')),
    ];
    const error = httpRejection(
      'File type application/zip is not supported. Supported file types: image/png, application/pdf.',
    );
    const h = harness(new UnsupportedFileHandler(), messages);
    expect((await h.processAPIError({ error })).result).toEqual(RETRY);
    expect(h.state.rejectedMediaTypes).toEqual(['application/zip']);
    // So the retried request still sends the png.
    const next = await h.processLLMRequest();
    expect(userContentOf(next.result.prompt, 0).map((part) => part.type)).toEqual(['text', 'file']);
  });

  it.each([
    ['a 500 with the same text', httpRejection('Unsupported MIME type: application/zip', undefined, 500)],
    ['a 400 naming no media type', httpRejection('Invalid MIME type. Only image types are supported.')],
    ['a 400 about something else', httpRejection('Invalid value for temperature: must be at most 2')],
    [
      'a 400 naming only the expected type',
      httpRejection('Invalid header: content-type must be application/json'),
    ],
    ['a socket reset', new TypeError('terminated', { cause: { code: 'UND_ERR_SOCKET' } })],
    ['a non-error value', 'application/zip is not supported'],
  ])('ignores %s', async (_label, error) => {
    const h = harness();
    expect((await h.processAPIError({ error })).result).toEqual(NO_RETRY);
    expect(h.state).toEqual({});
  });

  it('still recovers after earlier error-lane retries in the run (retryCount > 0)', async () => {
    const handler = new UnsupportedFileHandler();
    const hook = vi.spyOn(handler, 'processAPIError');
    const h = harness(handler, [
      userMessage(
        'u1',
        storedFile('audio/wav'),
        storedFile('application/x-tar'),
        storedFile('application/zip'),
      ),
    ]);
    // Two earlier retries in the run, for refusals of other types.
    for (const type of ['audio/wav', 'application/x-tar']) {
      const run = await h.processAPIError({ error: httpRejection(`Unsupported MIME type: ${type}`) });
      expect(run.result).toEqual(RETRY);
    }
    const run = await h.processAPIError({ error: ZIP_REFUSAL() });
    expect(hook.mock.calls[2]?.[0].retryCount).toBe(2);
    expect(run.result).toEqual(RETRY);
    expect(h.state.rejectedMediaTypes).toEqual(['audio/wav', 'application/x-tar', 'application/zip']);
  });

  it('does not retry a refusal naming only types it already recorded (it cannot loop)', async () => {
    const h = harness();
    expect((await h.processAPIError({ error: ZIP_REFUSAL() })).result).toEqual(RETRY);
    // The rewrite ran and the provider refused the same type again: another retry would loop.
    expect((await h.processAPIError({ error: ZIP_REFUSAL(), stepNumber: 3 })).result).toEqual(NO_RETRY);
    expect(h.state).toEqual({ rejectedMediaTypes: ['application/zip'] });
  });

  it('retries again when a later refusal names a new type, keeping the recorded ones', async () => {
    const messages = [
      userMessage('u1', storedFile('application/zip', 'a.zip'), storedFile('audio/wav', 'b.wav')),
    ];
    const h = harness(new UnsupportedFileHandler({ supportedMediaTypes: ['*/*'] }), messages);
    expect((await h.processAPIError({ error: ZIP_REFUSAL() })).result).toEqual(RETRY);
    const audio = httpRejection('Unsupported MIME type: audio/wav');
    expect((await h.processAPIError({ error: audio })).result).toEqual(RETRY);
    expect(h.state).toEqual({ rejectedMediaTypes: ['application/zip', 'audio/wav'] });
  });

  it('does nothing when the conversation holds no files', async () => {
    const h = harness(new UnsupportedFileHandler(), [userMessage('u1', text('Just text'))]);
    expect((await h.processAPIError({ error: ZIP_REFUSAL() })).result).toEqual(NO_RETRY);
    expect(h.state).toEqual({});
  });

  it('counts legacy experimental_attachments as files', async () => {
    const message = userMessage('u1', text('See attached'));
    message.content.experimental_attachments = [
      { url: 'https://files.example/a.zip', contentType: 'application/zip', name: 'a.zip' },
    ];
    const h = harness(new UnsupportedFileHandler(), [message]);
    expect((await h.processAPIError({ error: ZIP_REFUSAL() })).result).toEqual(RETRY);
  });

  it('does not retry when the retried prompt would send the same files (nothing to leave out)', async () => {
    const h = harness(new UnsupportedFileHandler(), [userMessage('u1', storedFile('image/png', 'a.png'))]);
    expect((await h.processAPIError({ error: ZIP_REFUSAL() })).result).toEqual(NO_RETRY);
    expect(h.state).toEqual({});
  });

  it('retries when the named type differs but the conversation holds a file outside supportedMediaTypes', async () => {
    const h = harness();
    const error = httpRejection('Unsupported MIME type: application/x-zip-compressed');
    expect((await h.processAPIError({ error })).result).toEqual(RETRY);
    expect(h.state.rejectedMediaTypes).toEqual(['application/x-zip-compressed']);
  });

  it('ignores files on assistant messages, which the request hook never rewrites', async () => {
    const assistant: MastraDBMessage = {
      id: 'a1',
      role: 'assistant',
      createdAt: new Date(0),
      content: { format: 2, parts: [storedFile('application/zip', 'out.zip')] },
    };
    const h = harness(new UnsupportedFileHandler(), [userMessage('u1', text('Make a zip')), assistant]);
    expect((await h.processAPIError({ error: ZIP_REFUSAL() })).result).toEqual(NO_RETRY);
  });

  it('keeps stored messages and their files untouched', async () => {
    const h = harness();
    const before = structuredClone(h.messageList.get.all.db());
    const run = await h.processAPIError({ error: ZIP_REFUSAL() });
    expect(run.result).toEqual(RETRY);
    expect(run.messages).toEqual(before);
  });
});

describe('UnsupportedFileHandler.processLLMRequest', () => {
  it('changes nothing before a rejection was recorded (synchronously: it runs before every call)', async () => {
    const prompt = userPrompt({ type: 'text', text: 'hi' }, file('application/zip', 'a.zip'));
    const handler = new UnsupportedFileHandler();
    expect((await harness(handler).processLLMRequest({ prompt })).result.prompt).toBe(prompt);
    // Raw args: the harness awaits every hook, so only a direct call shows the answer is no promise.
    const args: ProcessLLMRequestArgs = {
      prompt,
      model,
      stepNumber: 0,
      steps: [],
      state: {},
      retryCount: 0,
      abort: () => {
        throw new Error('abort called');
      },
    };
    expect(handler.processLLMRequest(args)).toBeUndefined();
  });

  it('replaces rejected and unsupported files with a note and keeps supported ones', async () => {
    const png = file('image/png', 'photo.png');
    const pdf = file('application/pdf', 'doc.pdf');
    const txt = file('text/plain; charset=utf-8', 'notes.txt');
    const prompt = userPrompt(
      { type: 'text', text: 'Look at these' },
      file('application/zip', 'a.zip'),
      png,
      file('application/x-tar', 'b.tar'),
      pdf,
      txt,
    );
    expect(userContentOf(await sentAfterZipRefusal(prompt))).toEqual([
      { type: 'text', text: 'Look at these' },
      { type: 'text', text: notSent('a.zip', 'application/zip') },
      png,
      { type: 'text', text: notSent('b.tar', 'application/x-tar') },
      pdf,
      txt,
    ]);
  });

  it('replaces a rejected type even when supportedMediaTypes lists it', async () => {
    const prompt = userPrompt(file('application/pdf', 'doc.pdf'), file('image/png', 'a.png'));
    const h = await afterRefusal(new UnsupportedFileHandler(), ['application/pdf']);
    const run = await h.processLLMRequest({ prompt });
    expect(userContentOf(run.result.prompt)).toEqual([
      { type: 'text', text: notSent('doc.pdf', 'application/pdf') },
      file('image/png', 'a.png'),
    ]);
  });

  it('matches supportedMediaTypes wildcards by top-level type', async () => {
    const handler = new UnsupportedFileHandler({ supportedMediaTypes: ['image/*', 'audio/wav'] });
    const prompt = userPrompt(
      file('image/webp', 'a.webp'),
      file('audio/wav', 'b.wav'),
      file('audio/mpeg', 'c.mp3'),
      file('text/plain', 'd.txt'),
      file('imagex/foo', 'e.bin'),
    );
    expect(userContentOf(await sentAfterZipRefusal(prompt, handler))).toEqual([
      file('image/webp', 'a.webp'),
      file('audio/wav', 'b.wav'),
      { type: 'text', text: notSent('c.mp3', 'audio/mpeg') },
      { type: 'text', text: notSent('d.txt', 'text/plain') },
      { type: 'text', text: notSent('e.bin', 'imagex/foo') },
    ]);
  });

  it('keeps every non-rejected file with */*', async () => {
    const handler = new UnsupportedFileHandler({ supportedMediaTypes: ['*/*'] });
    const prompt = userPrompt(file('application/zip', 'a.zip'), file('application/x-tar', 'b.tar'));
    expect(userContentOf(await sentAfterZipRefusal(prompt, handler))).toEqual([
      { type: 'text', text: notSent('a.zip', 'application/zip') },
      file('application/x-tar', 'b.tar'),
    ]);
  });

  it('compares media types case-insensitively but shows the type as sent', async () => {
    const prompt = userPrompt(file('Application/ZIP', 'A.ZIP'));
    expect(userContentOf(await sentAfterZipRefusal(prompt))).toEqual([
      { type: 'text', text: notSent('A.ZIP', 'Application/ZIP') },
    ]);
  });

  it("names a file without a filename 'unnamed'", async () => {
    const prompt = userPrompt(file('application/zip'));
    expect(userContentOf(await sentAfterZipRefusal(prompt))).toEqual([
      { type: 'text', text: notSent('unnamed', 'application/zip') },
    ]);
  });

  it('only rewrites user messages', async () => {
    const prompt: LanguageModelV2Prompt = [
      { role: 'user', content: [{ type: 'text', text: 'zip it' }] },
      { role: 'assistant', content: [file('application/zip', 'made.zip')] },
    ];
    expect(await sentAfterZipRefusal(prompt)).toBe(prompt);
  });

  it('sends the prompt as it is when a rejection is recorded but every file is readable', async () => {
    const prompt = userPrompt(file('image/png', 'a.png'));
    expect(await sentAfterZipRefusal(prompt)).toBe(prompt);
  });

  it('carries the file part providerOptions over to the note', async () => {
    const cached = {
      ...file('application/zip', 'a.zip'),
      providerOptions: { anthropic: { cacheControl: 'x' } },
    };
    expect(userContentOf(await sentAfterZipRefusal(userPrompt(cached)))[0]).toEqual({
      type: 'text',
      text: notSent('a.zip', 'application/zip'),
      providerOptions: { anthropic: { cacheControl: 'x' } },
    });
  });

  it('never mutates the input prompt and reuses untouched messages', async () => {
    const prompt: LanguageModelV2Prompt = [
      { role: 'system', content: 'Be helpful.' },
      { role: 'user', content: [{ type: 'text', text: 'earlier' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
      { role: 'user', content: [{ type: 'text', text: 'now' }, file('application/zip', 'a.zip')] },
    ];
    const snapshot = structuredClone(prompt);
    const { sandbox } = fakeSandbox();
    const sent = await sentAfterZipRefusal(prompt, new UnsupportedFileHandler(), sandbox);
    expect(prompt).toEqual(snapshot);
    expect(sent).not.toBe(prompt);
    expect(sent.slice(0, 3)).toEqual(prompt.slice(0, 3));
    expect(sent[1]).toBe(prompt[1]);
    expect(userContentOf(sent, 3)[1]).toEqual({
      type: 'text',
      text: uploadedNote('a.zip', 'application/zip', '/sandbox/a.zip'),
    });
  });

  it('keeps stored messages and their files after the whole recovery', async () => {
    const h = harness();
    const before = structuredClone(h.messageList.get.all.db());
    expect((await h.processAPIError({ error: ZIP_REFUSAL() })).result).toEqual(RETRY);
    // The retried request, built from the conversation as the agent builds it.
    const run = await h.processLLMRequest();
    expect(JSON.stringify(run.result.prompt)).toContain('[File not sent]');
    expect(run.messages).toEqual(before);
  });

  describe('with a sandbox', () => {
    it("uploads the file's bytes to the agent's sandbox and tells the model the path", async () => {
      const { sandbox, uploadFile } = fakeSandbox();
      const prompt = userPrompt(file('application/zip', 'a.zip'));
      const sent = await sentAfterZipRefusal(prompt, new UnsupportedFileHandler(), sandbox);
      expect(uploadFile).toHaveBeenCalledWith({
        data: ZIP_BYTES,
        mediaType: 'application/zip',
        filename: 'a.zip',
      });
      expect(userContentOf(sent)).toEqual([
        { type: 'text', text: uploadedNote('a.zip', 'application/zip', '/sandbox/a.zip') },
      ]);
    });

    it("prefers the sandbox option over the agent's", async () => {
      const own = fakeSandbox('/own');
      const agents = fakeSandbox('/agent');
      const handler = new UnsupportedFileHandler({ sandbox: own.sandbox });
      const sent = await sentAfterZipRefusal(
        userPrompt(file('application/zip', 'a.zip')),
        handler,
        agents.sandbox,
      );
      expect(agents.uploadFile).not.toHaveBeenCalled();
      expect(userContentOf(sent)).toEqual([
        { type: 'text', text: uploadedNote('a.zip', 'application/zip', '/own/a.zip') },
      ]);
    });

    it.each([
      ['a base64 string', ZIP_BASE64],
      ['a data URL', `data:application/zip;base64,${ZIP_BASE64}`],
    ])('decodes file data given as %s', async (_label, data) => {
      const { sandbox, uploadFile } = fakeSandbox();
      await sentAfterZipRefusal(
        userPrompt(file('application/zip', 'a.zip', data)),
        new UnsupportedFileHandler(),
        sandbox,
      );
      expect(uploadFile).toHaveBeenCalledTimes(1);
      expect(uploadFile.mock.calls[0]![0].data).toEqual(ZIP_BYTES);
    });

    it.each([
      ['a URL', () => new URL(`${baseUrl}/report.zip`)],
      ['a URL string', () => `${baseUrl}/report.zip`],
    ])('downloads file data given as %s', async (_label, data) => {
      const { sandbox, uploadFile } = fakeSandbox();
      const sent = await sentAfterZipRefusal(
        userPrompt(file('application/zip', 'report.zip', data())),
        new UnsupportedFileHandler({ attachmentDownloads: LOCAL_FILES }),
        sandbox,
      );
      expect(uploadFile.mock.calls[0]![0].data).toEqual(ZIP_BYTES);
      expect(userContentOf(sent)).toEqual([
        { type: 'text', text: uploadedNote('report.zip', 'application/zip', '/sandbox/report.zip') },
      ]);
    });

    it.each([
      [
        'the upload rejects',
        { uploadFile: vi.fn().mockRejectedValue(new Error('disk full')) },
        file('application/zip', 'a.zip'),
      ],
      [
        'the upload returns no path',
        { uploadFile: vi.fn().mockResolvedValue({ path: '' }) },
        file('application/zip', 'a.zip'),
      ],
      [
        'the download fails',
        fakeSandbox().sandbox,
        file('application/zip', 'a.zip', new URL('http://127.0.0.1:1/missing.zip')),
      ],
      ['the data is not base64', fakeSandbox().sandbox, file('application/zip', 'a.zip', 'not base64!')],
    ])('falls back to the note when %s', async (_label, sandbox, part) => {
      const sent = await sentAfterZipRefusal(userPrompt(part), new UnsupportedFileHandler(), sandbox);
      expect(userContentOf(sent)).toEqual([{ type: 'text', text: notSent('a.zip', 'application/zip') }]);
    });

    it('falls back to the note when the server answers 404', async () => {
      const { sandbox, uploadFile } = fakeSandbox();
      const part = file('application/zip', 'a.zip', new URL(`${baseUrl}/missing.zip`));
      const handler = new UnsupportedFileHandler({ attachmentDownloads: LOCAL_FILES });
      const sent = await sentAfterZipRefusal(userPrompt(part), handler, sandbox);
      expect(uploadFile).not.toHaveBeenCalled();
      expect(userContentOf(sent)).toEqual([{ type: 'text', text: notSent('a.zip', 'application/zip') }]);
    });

    it.each([
      ['a loopback URL', () => new URL(`${baseUrl}/report.zip`)],
      ['a loopback URL string', () => `${baseUrl}/report.zip`],
      ['a cloud metadata URL', () => new URL('http://169.254.169.254/latest/meta-data/')],
    ])(
      'follows the attachment download policy: %s is not fetched by default, the model gets the note',
      async (_label, data) => {
        const { sandbox, uploadFile } = fakeSandbox();
        const before = served;
        const sent = await sentAfterZipRefusal(
          userPrompt(file('application/zip', 'a.zip', data())),
          new UnsupportedFileHandler(),
          sandbox,
        );
        expect(served).toBe(before);
        expect(uploadFile).not.toHaveBeenCalled();
        expect(userContentOf(sent)).toEqual([{ type: 'text', text: notSent('a.zip', 'application/zip') }]);
      },
    );

    it('uploads each file once per run, across steps and within one prompt', async () => {
      const { sandbox, uploadFile } = fakeSandbox();
      const h = await afterRefusal(new UnsupportedFileHandler(), ['application/zip'], { sandbox });
      const step = async (stepNumber: number) =>
        (
          await h.processLLMRequest({
            prompt: userPrompt(
              file('application/zip', 'a.zip', ZIP_BASE64),
              file('application/zip', 'a.zip', ZIP_BASE64),
            ),
            stepNumber,
          })
        ).result.prompt;
      const first = await step(0);
      const second = await step(1);
      expect(uploadFile).toHaveBeenCalledTimes(1);
      const note = { type: 'text', text: uploadedNote('a.zip', 'application/zip', '/sandbox/a.zip') };
      expect(userContentOf(first)).toEqual([note, note]);
      expect(userContentOf(second)).toEqual([note, note]);
    });

    it('uploads different files separately', async () => {
      const { sandbox, uploadFile } = fakeSandbox();
      const prompt = userPrompt(
        file('application/zip', 'a.zip'),
        file('application/zip', 'b.zip'),
        file('application/x-tar', 'c.tar'),
      );
      const sent = await sentAfterZipRefusal(prompt, new UnsupportedFileHandler(), sandbox);
      expect(uploadFile.mock.calls.map(([f]) => [f.filename, f.mediaType])).toEqual([
        ['a.zip', 'application/zip'],
        ['b.zip', 'application/zip'],
        ['c.tar', 'application/x-tar'],
      ]);
      expect(userContentOf(sent)).toEqual([
        { type: 'text', text: uploadedNote('a.zip', 'application/zip', '/sandbox/a.zip') },
        { type: 'text', text: uploadedNote('b.zip', 'application/zip', '/sandbox/b.zip') },
        { type: 'text', text: uploadedNote('c.tar', 'application/x-tar', '/sandbox/c.tar') },
      ]);
    });

    it('uploads again in a new run (fresh state)', async () => {
      const { sandbox, uploadFile } = fakeSandbox();
      const handler = new UnsupportedFileHandler();
      for (let run = 0; run < 2; run++) {
        await sentAfterZipRefusal(userPrompt(file('application/zip', 'a.zip')), handler, sandbox);
      }
      expect(uploadFile).toHaveBeenCalledTimes(2);
    });

    it('tries a failed upload again on the next step', async () => {
      const uploadFile = vi
        .fn<AgentSandbox['uploadFile']>()
        .mockRejectedValueOnce(new Error('busy'))
        .mockResolvedValue({ path: '/sandbox/a.zip' });
      const h = await afterRefusal(new UnsupportedFileHandler(), ['application/zip'], {
        sandbox: { uploadFile },
      });
      const step = async (stepNumber: number) =>
        (await h.processLLMRequest({ prompt: userPrompt(file('application/zip', 'a.zip')), stepNumber }))
          .result.prompt;
      expect(userContentOf(await step(0))[0]).toMatchObject({
        text: expect.stringContaining('[File not sent]'),
      });
      expect(userContentOf(await step(1))[0]).toEqual({
        type: 'text',
        text: uploadedNote('a.zip', 'application/zip', '/sandbox/a.zip'),
      });
    });
  });

  it('produces a prompt the real @ai-sdk/openai chat model no longer refuses', async () => {
    const h = harness();
    expect((await h.processAPIError({ error: await realRefusal('chat') })).result).toEqual(RETRY);
    const prompt = userPrompt({ type: 'text', text: 'What is in here?' }, file('application/zip', 'a.zip'));
    const sent = (await h.processLLMRequest({ prompt })).result.prompt;
    // The converted prompt now reaches the network step (and fails there: nothing listens on port 1).
    const error = await model.doStream({ prompt: sent }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(UnsupportedFunctionalityError.isInstance(error)).toBe(false);
    expect(APICallError.isInstance(error)).toBe(true);
    // The original prompt is still refused, so the test above is meaningful.
    await expect(model.doStream({ prompt })).rejects.toSatisfy(UnsupportedFunctionalityError.isInstance);
  });
});
