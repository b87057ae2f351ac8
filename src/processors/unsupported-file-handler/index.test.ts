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
import { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage, MastraMessagePart } from '../../messages/types.js';
import { toMastraModel } from '../../models/to-mastra-model.js';
import type {
  AgentSandbox,
  ProcessAPIErrorArgs,
  ProcessLLMRequestArgs,
  ProcessorState,
  SandboxFile,
} from '../../pipeline/types.js';
import { DEFAULT_SUPPORTED_MEDIA_TYPES, UnsupportedFileHandler } from './index.js';

const ZIP_BYTES = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
const ZIP_BASE64 = Buffer.from(ZIP_BYTES).toString('base64');

const openai = createOpenAI({ apiKey: 'x', baseURL: 'http://127.0.0.1:1' });
const model = toMastraModel(openai.chat('gpt-4o'));

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

function apiArgs(
  overrides: Partial<ProcessAPIErrorArgs> = {},
  messages: MastraDBMessage[] = [
    userMessage('u1', text('Unpack this'), storedFile('application/zip', 'a.zip')),
  ],
) {
  const messageList = new MessageList();
  messageList.add(messages, 'input');
  const args: ProcessAPIErrorArgs = {
    error: httpRejection('Unsupported MIME type: application/zip'),
    messages: messageList.get.all.db(),
    messageList,
    stepNumber: 0,
    steps: [],
    state: {},
    retryCount: 0,
    abort: () => {
      throw new Error('abort called');
    },
    ...overrides,
  };
  return args;
}

function requestArgs(
  prompt: LanguageModelV2Prompt,
  state: ProcessorState = { rejectedMediaTypes: ['application/zip'] },
  overrides: Partial<ProcessLLMRequestArgs> = {},
): ProcessLLMRequestArgs {
  return {
    prompt,
    model,
    stepNumber: 0,
    steps: [],
    state,
    retryCount: 0,
    abort: () => {
      throw new Error('abort called');
    },
    ...overrides,
  };
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

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
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
      const args = apiArgs({ error });
      expect(new UnsupportedFileHandler().processAPIError(args)).toEqual({ retry: true });
      expect(args.state.rejectedMediaTypes).toEqual(['application/zip']);
    },
  );

  it('accepts the older "media type: <type>" functionality wording', () => {
    const error = new UnsupportedFunctionalityError({ functionality: 'media type: application/zip' });
    const args = apiArgs({ error });
    expect(new UnsupportedFileHandler().processAPIError(args)).toEqual({ retry: true });
    expect(args.state.rejectedMediaTypes).toEqual(['application/zip']);
  });

  it('finds the refusal on the cause chain up to depth 5, not deeper', () => {
    const wrap = (error: unknown, times: number) => {
      let wrapped = error;
      for (let i = 0; i < times; i++) wrapped = new Error(`wrapper ${i}`, { cause: wrapped });
      return wrapped;
    };
    const refusal = new UnsupportedFunctionalityError({
      functionality: 'file part media type application/zip',
    });
    expect(new UnsupportedFileHandler().processAPIError(apiArgs({ error: wrap(refusal, 5) }))).toEqual({
      retry: true,
    });
    expect(
      new UnsupportedFileHandler().processAPIError(apiArgs({ error: wrap(refusal, 6) })),
    ).toBeUndefined();
  });

  it('ignores unsupported-functionality refusals that name no media type', () => {
    const error = new UnsupportedFunctionalityError({ functionality: 'tool choice type: any' });
    const args = apiArgs({ error });
    expect(new UnsupportedFileHandler().processAPIError(args)).toBeUndefined();
    expect(args.state).toEqual({});
  });

  it('retries on an HTTP 400 whose message says the media type is unsupported', () => {
    const args = apiArgs({ error: httpRejection('Unsupported MIME type: application/zip') });
    expect(new UnsupportedFileHandler().processAPIError(args)).toEqual({ retry: true });
    expect(args.state.rejectedMediaTypes).toEqual(['application/zip']);
  });

  it('reads the media type from the HTTP 400 responseBody', () => {
    const body = JSON.stringify({
      error: { message: 'Invalid file type application/zip.', type: 'invalid_request_error' },
    });
    const args = apiArgs({ error: httpRejection('Bad Request', body) });
    expect(new UnsupportedFileHandler().processAPIError(args)).toEqual({ retry: true });
    expect(args.state.rejectedMediaTypes).toEqual(['application/zip']);
  });

  it('does not record the types an HTTP 400 lists as allowed', () => {
    const messages = [
      userMessage('u1', storedFile('application/zip', 'a.zip'), storedFile('image/png', 'b.png')),
    ];
    const error = httpRejection(
      'File type application/zip is not supported. Supported file types: image/png, application/pdf.',
    );
    const args = apiArgs({ error }, messages);
    expect(new UnsupportedFileHandler().processAPIError(args)).toEqual({ retry: true });
    expect(args.state.rejectedMediaTypes).toEqual(['application/zip']);
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
  ])('ignores %s', (_label, error) => {
    const args = apiArgs({ error });
    expect(new UnsupportedFileHandler().processAPIError(args)).toBeUndefined();
    expect(args.state).toEqual({});
  });

  it('still recovers after earlier error-lane retries in the run (retryCount > 0)', () => {
    const args = apiArgs({ retryCount: 2 });
    expect(new UnsupportedFileHandler().processAPIError(args)).toEqual({ retry: true });
    expect(args.state.rejectedMediaTypes).toEqual(['application/zip']);
  });

  it('does not retry a refusal naming only types it already recorded (it cannot loop)', () => {
    const handler = new UnsupportedFileHandler();
    const state = {};
    expect(handler.processAPIError(apiArgs({ state }))).toEqual({ retry: true });
    // The rewrite ran and the provider refused the same type again: another retry would loop.
    expect(handler.processAPIError(apiArgs({ state, stepNumber: 3 }))).toBeUndefined();
    expect(state).toEqual({ rejectedMediaTypes: ['application/zip'] });
  });

  it('retries again when a later refusal names a new type, keeping the recorded ones', () => {
    const handler = new UnsupportedFileHandler({ supportedMediaTypes: ['*/*'] });
    const messages = [
      userMessage('u1', storedFile('application/zip', 'a.zip'), storedFile('audio/wav', 'b.wav')),
    ];
    const state = {};
    expect(handler.processAPIError(apiArgs({ state }, messages))).toEqual({ retry: true });
    const audio = httpRejection('Unsupported MIME type: audio/wav');
    expect(handler.processAPIError(apiArgs({ state, error: audio }, messages))).toEqual({ retry: true });
    expect(state).toEqual({ rejectedMediaTypes: ['application/zip', 'audio/wav'] });
  });

  it('does nothing when the conversation holds no files', () => {
    const args = apiArgs({}, [userMessage('u1', text('Just text'))]);
    expect(new UnsupportedFileHandler().processAPIError(args)).toBeUndefined();
    expect(args.state).toEqual({});
  });

  it('counts legacy experimental_attachments as files', () => {
    const message = userMessage('u1', text('See attached'));
    message.content.experimental_attachments = [
      { url: 'https://files.example/a.zip', contentType: 'application/zip', name: 'a.zip' },
    ];
    const args = apiArgs({}, [message]);
    expect(new UnsupportedFileHandler().processAPIError(args)).toEqual({ retry: true });
  });

  it('does not retry when the retried prompt would send the same files (nothing to leave out)', () => {
    const args = apiArgs({}, [userMessage('u1', storedFile('image/png', 'a.png'))]);
    expect(new UnsupportedFileHandler().processAPIError(args)).toBeUndefined();
    expect(args.state).toEqual({});
  });

  it('retries when the named type differs but the conversation holds a file outside supportedMediaTypes', () => {
    const args = apiArgs({ error: httpRejection('Unsupported MIME type: application/x-zip-compressed') });
    expect(new UnsupportedFileHandler().processAPIError(args)).toEqual({ retry: true });
    expect(args.state.rejectedMediaTypes).toEqual(['application/x-zip-compressed']);
  });

  it('ignores files on assistant messages, which the request hook never rewrites', () => {
    const assistant: MastraDBMessage = {
      id: 'a1',
      role: 'assistant',
      createdAt: new Date(0),
      content: { format: 2, parts: [storedFile('application/zip', 'out.zip')] },
    };
    const args = apiArgs({}, [userMessage('u1', text('Make a zip')), assistant]);
    expect(new UnsupportedFileHandler().processAPIError(args)).toBeUndefined();
  });

  it('keeps stored messages and their files untouched', () => {
    const args = apiArgs();
    const before = structuredClone(args.messageList.get.all.db());
    new UnsupportedFileHandler().processAPIError(args);
    expect(args.messageList.get.all.db()).toEqual(before);
  });
});

describe('UnsupportedFileHandler.processLLMRequest', () => {
  it('changes nothing before a rejection was recorded (synchronously: it runs before every call)', () => {
    const prompt = userPrompt({ type: 'text', text: 'hi' }, file('application/zip', 'a.zip'));
    expect(new UnsupportedFileHandler().processLLMRequest(requestArgs(prompt, {}))).toBeUndefined();
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
    const result = await new UnsupportedFileHandler().processLLMRequest(requestArgs(prompt));
    expect(userContentOf(result?.prompt)).toEqual([
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
    const state = { rejectedMediaTypes: ['application/pdf'] };
    const result = await new UnsupportedFileHandler().processLLMRequest(requestArgs(prompt, state));
    expect(userContentOf(result?.prompt)).toEqual([
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
    const result = await handler.processLLMRequest(requestArgs(prompt));
    expect(userContentOf(result?.prompt)).toEqual([
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
    const result = await handler.processLLMRequest(requestArgs(prompt));
    expect(userContentOf(result?.prompt)).toEqual([
      { type: 'text', text: notSent('a.zip', 'application/zip') },
      file('application/x-tar', 'b.tar'),
    ]);
  });

  it('compares media types case-insensitively but shows the type as sent', async () => {
    const prompt = userPrompt(file('Application/ZIP', 'A.ZIP'));
    const result = await new UnsupportedFileHandler().processLLMRequest(requestArgs(prompt));
    expect(userContentOf(result?.prompt)).toEqual([
      { type: 'text', text: notSent('A.ZIP', 'Application/ZIP') },
    ]);
  });

  it("names a file without a filename 'unnamed'", async () => {
    const prompt = userPrompt(file('application/zip'));
    const result = await new UnsupportedFileHandler().processLLMRequest(requestArgs(prompt));
    expect(userContentOf(result?.prompt)).toEqual([
      { type: 'text', text: notSent('unnamed', 'application/zip') },
    ]);
  });

  it('only rewrites user messages', async () => {
    const prompt: LanguageModelV2Prompt = [
      { role: 'user', content: [{ type: 'text', text: 'zip it' }] },
      { role: 'assistant', content: [file('application/zip', 'made.zip')] },
    ];
    await expect(
      new UnsupportedFileHandler().processLLMRequest(requestArgs(prompt)),
    ).resolves.toBeUndefined();
  });

  it('returns undefined when a rejection is recorded but every file is readable', async () => {
    const prompt = userPrompt(file('image/png', 'a.png'));
    await expect(
      new UnsupportedFileHandler().processLLMRequest(requestArgs(prompt)),
    ).resolves.toBeUndefined();
  });

  it('carries the file part providerOptions over to the note', async () => {
    const cached = {
      ...file('application/zip', 'a.zip'),
      providerOptions: { anthropic: { cacheControl: 'x' } },
    };
    const result = await new UnsupportedFileHandler().processLLMRequest(requestArgs(userPrompt(cached)));
    expect(userContentOf(result?.prompt)[0]).toEqual({
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
    const result = await new UnsupportedFileHandler().processLLMRequest(
      requestArgs(prompt, undefined, { sandbox }),
    );
    expect(prompt).toEqual(snapshot);
    expect(result?.prompt).not.toBe(prompt);
    expect(result?.prompt?.slice(0, 3)).toEqual(prompt.slice(0, 3));
    expect(result?.prompt?.[1]).toBe(prompt[1]);
    expect(userContentOf(result?.prompt, 3)[1]).toEqual({
      type: 'text',
      text: uploadedNote('a.zip', 'application/zip', '/sandbox/a.zip'),
    });
  });

  it('keeps stored messages and their files after the whole recovery', async () => {
    const handler = new UnsupportedFileHandler();
    const args = apiArgs();
    const before = structuredClone(args.messageList.get.all.db());
    expect(handler.processAPIError(args)).toEqual({ retry: true });
    const result = await handler.processLLMRequest(
      requestArgs(args.messageList.get.all.prompt() as LanguageModelV2Prompt, args.state, {
        messageList: args.messageList,
      }),
    );
    expect(JSON.stringify(result?.prompt)).toContain('[File not sent]');
    expect(args.messageList.get.all.db()).toEqual(before);
  });

  describe('with a sandbox', () => {
    it("uploads the file's bytes to the agent's sandbox and tells the model the path", async () => {
      const { sandbox, uploadFile } = fakeSandbox();
      const prompt = userPrompt(file('application/zip', 'a.zip'));
      const result = await new UnsupportedFileHandler().processLLMRequest(
        requestArgs(prompt, undefined, { sandbox }),
      );
      expect(uploadFile).toHaveBeenCalledWith({
        data: ZIP_BYTES,
        mediaType: 'application/zip',
        filename: 'a.zip',
      });
      expect(userContentOf(result?.prompt)).toEqual([
        { type: 'text', text: uploadedNote('a.zip', 'application/zip', '/sandbox/a.zip') },
      ]);
    });

    it("prefers the sandbox option over the agent's", async () => {
      const own = fakeSandbox('/own');
      const agents = fakeSandbox('/agent');
      const handler = new UnsupportedFileHandler({ sandbox: own.sandbox });
      const result = await handler.processLLMRequest(
        requestArgs(userPrompt(file('application/zip', 'a.zip')), undefined, { sandbox: agents.sandbox }),
      );
      expect(agents.uploadFile).not.toHaveBeenCalled();
      expect(userContentOf(result?.prompt)).toEqual([
        { type: 'text', text: uploadedNote('a.zip', 'application/zip', '/own/a.zip') },
      ]);
    });

    it.each([
      ['a base64 string', ZIP_BASE64],
      ['a data URL', `data:application/zip;base64,${ZIP_BASE64}`],
    ])('decodes file data given as %s', async (_label, data) => {
      const { sandbox, uploadFile } = fakeSandbox();
      await new UnsupportedFileHandler().processLLMRequest(
        requestArgs(userPrompt(file('application/zip', 'a.zip', data)), undefined, { sandbox }),
      );
      expect(uploadFile).toHaveBeenCalledTimes(1);
      expect(uploadFile.mock.calls[0]![0].data).toEqual(ZIP_BYTES);
    });

    it.each([
      ['a URL', () => new URL(`${baseUrl}/report.zip`)],
      ['a URL string', () => `${baseUrl}/report.zip`],
    ])('downloads file data given as %s', async (_label, data) => {
      const { sandbox, uploadFile } = fakeSandbox();
      const result = await new UnsupportedFileHandler().processLLMRequest(
        requestArgs(userPrompt(file('application/zip', 'report.zip', data())), undefined, { sandbox }),
      );
      expect(uploadFile.mock.calls[0]![0].data).toEqual(ZIP_BYTES);
      expect(userContentOf(result?.prompt)).toEqual([
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
      const result = await new UnsupportedFileHandler().processLLMRequest(
        requestArgs(userPrompt(part), undefined, { sandbox }),
      );
      expect(userContentOf(result?.prompt)).toEqual([
        { type: 'text', text: notSent('a.zip', 'application/zip') },
      ]);
    });

    it('falls back to the note when the server answers 404', async () => {
      const { sandbox, uploadFile } = fakeSandbox();
      const part = file('application/zip', 'a.zip', new URL(`${baseUrl}/missing.zip`));
      const result = await new UnsupportedFileHandler().processLLMRequest(
        requestArgs(userPrompt(part), undefined, { sandbox }),
      );
      expect(uploadFile).not.toHaveBeenCalled();
      expect(userContentOf(result?.prompt)).toEqual([
        { type: 'text', text: notSent('a.zip', 'application/zip') },
      ]);
    });

    it('uploads each file once per run, across steps and within one prompt', async () => {
      const { sandbox, uploadFile } = fakeSandbox();
      const handler = new UnsupportedFileHandler();
      const state: ProcessorState = { rejectedMediaTypes: ['application/zip'] };
      const step = (stepNumber: number) =>
        handler.processLLMRequest(
          requestArgs(
            userPrompt(
              file('application/zip', 'a.zip', ZIP_BASE64),
              file('application/zip', 'a.zip', ZIP_BASE64),
            ),
            state,
            { sandbox, stepNumber },
          ),
        );
      const first = await step(0);
      const second = await step(1);
      expect(uploadFile).toHaveBeenCalledTimes(1);
      const note = { type: 'text', text: uploadedNote('a.zip', 'application/zip', '/sandbox/a.zip') };
      expect(userContentOf(first?.prompt)).toEqual([note, note]);
      expect(userContentOf(second?.prompt)).toEqual([note, note]);
    });

    it('uploads different files separately', async () => {
      const { sandbox, uploadFile } = fakeSandbox();
      const prompt = userPrompt(
        file('application/zip', 'a.zip'),
        file('application/zip', 'b.zip'),
        file('application/x-tar', 'c.tar'),
      );
      const result = await new UnsupportedFileHandler().processLLMRequest(
        requestArgs(prompt, undefined, { sandbox }),
      );
      expect(uploadFile.mock.calls.map(([f]) => [f.filename, f.mediaType])).toEqual([
        ['a.zip', 'application/zip'],
        ['b.zip', 'application/zip'],
        ['c.tar', 'application/x-tar'],
      ]);
      expect(userContentOf(result?.prompt)).toEqual([
        { type: 'text', text: uploadedNote('a.zip', 'application/zip', '/sandbox/a.zip') },
        { type: 'text', text: uploadedNote('b.zip', 'application/zip', '/sandbox/b.zip') },
        { type: 'text', text: uploadedNote('c.tar', 'application/x-tar', '/sandbox/c.tar') },
      ]);
    });

    it('uploads again in a new run (fresh state)', async () => {
      const { sandbox, uploadFile } = fakeSandbox();
      const handler = new UnsupportedFileHandler();
      for (let run = 0; run < 2; run++) {
        await handler.processLLMRequest(
          requestArgs(
            userPrompt(file('application/zip', 'a.zip')),
            { rejectedMediaTypes: ['application/zip'] },
            {
              sandbox,
            },
          ),
        );
      }
      expect(uploadFile).toHaveBeenCalledTimes(2);
    });

    it('tries a failed upload again on the next step', async () => {
      const uploadFile = vi
        .fn<AgentSandbox['uploadFile']>()
        .mockRejectedValueOnce(new Error('busy'))
        .mockResolvedValue({ path: '/sandbox/a.zip' });
      const handler = new UnsupportedFileHandler();
      const state: ProcessorState = { rejectedMediaTypes: ['application/zip'] };
      const step = () =>
        handler.processLLMRequest(
          requestArgs(userPrompt(file('application/zip', 'a.zip')), state, { sandbox: { uploadFile } }),
        );
      expect(userContentOf((await step())?.prompt)[0]).toMatchObject({
        text: expect.stringContaining('[File not sent]'),
      });
      expect(userContentOf((await step())?.prompt)[0]).toEqual({
        type: 'text',
        text: uploadedNote('a.zip', 'application/zip', '/sandbox/a.zip'),
      });
    });
  });

  it('produces a prompt the real @ai-sdk/openai chat model no longer refuses', async () => {
    const handler = new UnsupportedFileHandler();
    const args = apiArgs({ error: await realRefusal('chat') });
    expect(handler.processAPIError(args)).toEqual({ retry: true });
    const prompt = userPrompt({ type: 'text', text: 'What is in here?' }, file('application/zip', 'a.zip'));
    const result = await handler.processLLMRequest(requestArgs(prompt, args.state));
    // The converted prompt now reaches the network step (and fails there: nothing listens on port 1).
    const error = await model.doStream({ prompt: result!.prompt! }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(UnsupportedFunctionalityError.isInstance(error)).toBe(false);
    expect(APICallError.isInstance(error)).toBe(true);
    // The original prompt is still refused, so the test above is meaningful.
    await expect(model.doStream({ prompt })).rejects.toSatisfy(UnsupportedFunctionalityError.isInstance);
  });
});
