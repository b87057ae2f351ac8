import { createHash } from 'node:crypto';
import {
  APICallError,
  type LanguageModelV2DataContent,
  type LanguageModelV2FilePart,
  type LanguageModelV2Prompt,
  type LanguageModelV2TextPart,
  UnsupportedFunctionalityError,
} from '@ai-sdk/provider';
import { downloadUnderPolicy } from '../../downloads/guarded-fetch.js';
import {
  type AttachmentDownloadPolicy,
  DEFAULT_ATTACHMENT_DOWNLOADS,
  type ResolvedDownloadPolicy,
  resolveDownloadPolicy,
  validateDownloadPolicy,
} from '../../downloads/policy.js';
import { ConfigurationError } from '../../errors/configuration-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { errorChain } from '../../errors/error-chain.js';
import { isSchemeUrl, parseDataUrl } from '../../messages/encoding.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type {
  AgentSandbox,
  ProcessAPIErrorArgs,
  ProcessAPIErrorResult,
  ProcessLLMRequestArgs,
  ProcessLLMRequestResult,
  Processor,
  ProcessorState,
} from '../../pipeline/types.js';
import { withHookDefaults } from '../direct-call/index.js';

/** Options of {@link UnsupportedFileHandler}. */
export interface UnsupportedFileHandlerOptions {
  /** Where rejected files are uploaded. Overrides the agent's sandbox. */
  sandbox?: AgentSandbox;
  /**
   * Media types the model reads, exact (`application/pdf`) or by top-level type (`image/*`).
   * After a rejection, files outside this list are kept out of the prompt too.
   * Default {@link DEFAULT_SUPPORTED_MEDIA_TYPES}.
   */
  supportedMediaTypes?: readonly string[];
  /**
   * Fields overriding the agent's attachment download policy when a URL file is fetched for
   * upload. Unset, the agent's policy applies (outside an agent: the safe defaults).
   */
  attachmentDownloads?: AttachmentDownloadPolicy;
}

/** Media types `UnsupportedFileHandler` assumes a model reads when not told otherwise (frozen). */
export const DEFAULT_SUPPORTED_MEDIA_TYPES: readonly string[] = Object.freeze([
  'image/*',
  'text/*',
  'application/pdf',
]);

/** A concrete media type inside free text (top-level types from the IANA registry). */
const MEDIA_TYPE_IN_TEXT =
  /\b(?:application|audio|font|image|message|model|multipart|text|video)\/[a-z0-9][\w.+-]*/gi;
/** A media type option: `type/subtype`, `type/*` or `*\/*`. */
const MEDIA_TYPE_OPTION = /^(?:\*\/\*|[a-z0-9][\w.+-]*\/(?:\*|[a-z0-9][\w.+-]*))$/i;
/** An HTTP error body that talks about a file's type. */
const MENTIONS_FILE_TYPE = /\bfile|\bmime|\bmedia[\s_-]?type|\bcontent[\s_-]?type/i;
const COMPLAINS = /unsupported|not supported|does not support|invalid|not allowed|not accepted/i;
/**
 * Where an HTTP error starts listing what the provider accepts: media types named after this
 * are allowed ones, not the rejected one.
 */
const ALLOW_LIST_START =
  /\b(?:only|expected|should be|must be|one of|(?:supported|allowed|accepted)(?: \w+)? (?:types|formats))\b/i;

const NOTE_NOT_SENT = 'The model does not support this type of file, so the file was not sent to it.';
const NOTE_UPLOADED =
  'The model does not support this type of file, so it was uploaded to the sandbox instead.';

/** What the handler keeps in its per-run `state`. */
interface HandlerState extends ProcessorState {
  /** Media types a provider refused during this run. */
  rejectedMediaTypes?: string[];
  /** Sandbox paths of files already uploaded during this run, by file fingerprint. */
  uploadedFiles?: Record<string, string>;
}

function normalizeMediaType(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

function matchesMediaType(mediaType: string, pattern: string): boolean {
  if (pattern === '*/*') return true;
  if (pattern.endsWith('/*')) return mediaType.startsWith(pattern.slice(0, -1));
  return mediaType === pattern;
}

function mediaTypesIn(text: string): string[] {
  const found = text.match(MEDIA_TYPE_IN_TEXT) ?? [];
  // A sentence-final period or a hyphen is punctuation, not part of the subtype.
  return found.map((type) => normalizeMediaType(type.replace(/(?<![.+-])[.+-]+$/, '')));
}

/** Media types named by a provider SDK's "unsupported functionality" refusal. */
function typesFromSdkRefusal(link: unknown): string[] {
  if (!UnsupportedFunctionalityError.isInstance(link)) return [];
  const text = link.functionality || link.message;
  // e.g. "file part media type application/zip"; other refusals (tool choice, …) are not ours.
  return /media type/i.test(text) ? mediaTypesIn(text) : [];
}

/** Media types an HTTP 400 names as the file type it would not take. */
function typesFromHttpRejection(link: unknown): string[] {
  if (!APICallError.isInstance(link) || link.statusCode !== 400) return [];
  const types: string[] = [];
  for (const text of [link.message, link.responseBody]) {
    if (typeof text !== 'string' || !MENTIONS_FILE_TYPE.test(text) || !COMPLAINS.test(text)) continue;
    const allowList = ALLOW_LIST_START.exec(text);
    types.push(...mediaTypesIn(allowList ? text.slice(0, allowList.index) : text));
  }
  return types;
}

/** How many links below the thrown error are inspected (spec 6.6: a cause up to depth 5). */
const MAX_CAUSE_DEPTH = 5;

/** The media types the error, or something it wraps (see `errorChain`), rejects. */
function rejectedMediaTypesOf(error: unknown): string[] {
  const types = new Set<string>();
  for (const level of errorChain(error, MAX_CAUSE_DEPTH)) {
    for (const type of [...typesFromSdkRefusal(level), ...typesFromHttpRejection(level)]) types.add(type);
  }
  return [...types];
}

/** Media types of the files the prompt's user turns carry (user rows and signals). */
function conversationFileTypes(messages: MastraDBMessage[]): string[] {
  const typeOf = (declared: string | undefined, data: string) =>
    normalizeMediaType(declared || parseDataUrl(data)?.mediaType || 'application/octet-stream');
  const types: string[] = [];
  for (const message of messages) {
    // Assistant files are not user content; this handler never rewrites them.
    if (message.role === 'assistant' || message.role === 'system') continue;
    for (const part of message.content.parts) {
      if (part.type === 'file') types.push(typeOf(part.mimeType, part.data));
    }
    for (const attachment of message.content.experimental_attachments ?? []) {
      types.push(typeOf(attachment.contentType, attachment.url));
    }
  }
  return types;
}

function decodeBase64(value: string): Uint8Array {
  const compact = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact)) throw new Error('file data is neither a URL nor base64');
  const buffer = Buffer.from(compact, 'base64');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** Only http(s) is fetched: a `file:` URL must never be read on a user's behalf. */
function download(
  url: URL,
  policy: ResolvedDownloadPolicy,
  abortSignal: AbortSignal | undefined,
): Promise<Uint8Array> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new Error(`cannot download "${url.protocol}" URLs`));
  }
  return downloadUnderPolicy(url, policy, abortSignal);
}

/**
 * The bytes of a prompt file: as given, decoded from base64/data URL, or downloaded under the
 * same policy as the agent's attachment downloads.
 */
async function readBytes(
  data: LanguageModelV2DataContent,
  policy: ResolvedDownloadPolicy,
  abortSignal?: AbortSignal,
): Promise<Uint8Array> {
  if (data instanceof Uint8Array) return data;
  if (data instanceof URL) return download(data, policy, abortSignal);
  const dataUrl = parseDataUrl(data);
  if (dataUrl) return decodeBase64(dataUrl.base64);
  // Prompts built from stored messages may still carry a URL as a string.
  if (isSchemeUrl(data)) return download(new URL(data), policy, abortSignal);
  return decodeBase64(data);
}

/** Identifies one file across the calls of a run without reading (or downloading) it. */
function fingerprint(part: LanguageModelV2FilePart): string {
  const hash = createHash('sha256');
  hash.update(`${part.mediaType}\0${part.filename ?? ''}\0`);
  if (part.data instanceof URL) hash.update(`url:${part.data.href}`);
  else if (typeof part.data === 'string') hash.update(`string:${part.data}`);
  else hash.update('bytes:').update(part.data);
  return hash.digest('hex');
}

/** A list option's value for a message: its first items (each as `describeValue` shows it), not a dump. */
function describe(value: unknown): string {
  if (!Array.isArray(value)) return describeValue(value);
  const shown = value.slice(0, 8).map(describeValue);
  return `[${shown.join(', ')}${value.length > shown.length ? `, … (${value.length} items)` : ''}]`;
}

/**
 * Recovers when a model refuses a file type: drops the refused files (and any other file
 * outside `supportedMediaTypes`) from the user turns of the outbound prompt and calls the
 * model again. With a sandbox (the option, else the agent's) each such file is uploaded there
 * and the model is told its path; otherwise it gets a short note saying the file was not sent.
 *
 * It retries once per newly refused media type in a run: a refusal naming only types it already
 * recorded is left alone, so it cannot loop; earlier retries in the run (a dropped connection,
 * say) do not stop it, and the agent's error-retry budget still caps the run.
 *
 * Only the outbound prompt changes: stored messages keep their files, so a later turn with a
 * model that reads them still sees them. One of the agent's default error processors.
 *
 * ```ts
 * new UnsupportedFileHandler({ supportedMediaTypes: ['image/*', 'application/pdf'] })
 * ```
 */
export class UnsupportedFileHandler implements Processor<'unsupported-file-handler'> {
  /** `'unsupported-file-handler'`. */
  readonly id = 'unsupported-file-handler' as const;
  /** `'Unsupported File Handler'`. */
  readonly name = 'Unsupported File Handler';
  /** One line for logs and traces. */
  readonly description =
    'Keeps files the model refused out of the prompt (uploading them to the sandbox when there is one) and retries.';

  readonly #sandbox: AgentSandbox | undefined;
  readonly #supported: readonly string[];
  readonly #downloads: AttachmentDownloadPolicy | undefined;

  /**
   * @throws ConfigurationError `PROCESSOR_INVALID_OPTIONS` when `sandbox` has no `uploadFile`
   *   method, `supportedMediaTypes` is not a list of media types or `attachmentDownloads` is
   *   malformed.
   */
  constructor(options: UnsupportedFileHandlerOptions = {}) {
    const { sandbox, supportedMediaTypes = DEFAULT_SUPPORTED_MEDIA_TYPES } = options ?? {};
    if (
      sandbox !== undefined &&
      typeof (sandbox as Partial<AgentSandbox> | null)?.uploadFile !== 'function'
    ) {
      throw new ConfigurationError(
        'PROCESSOR_INVALID_OPTIONS',
        `UnsupportedFileHandler: "sandbox" must have an uploadFile(file) method resolving to { path } (got ${describe(sandbox)}). Pass an AgentSandbox, or leave the option out to use the agent's sandbox.`,
        { details: { processor: 'UnsupportedFileHandler', option: 'sandbox' } },
      );
    }
    if (
      !Array.isArray(supportedMediaTypes) ||
      !supportedMediaTypes.every((type) => typeof type === 'string' && MEDIA_TYPE_OPTION.test(type))
    ) {
      throw new ConfigurationError(
        'PROCESSOR_INVALID_OPTIONS',
        `UnsupportedFileHandler: "supportedMediaTypes" must be an array of media types like "application/pdf" or "image/*" (got ${describe(supportedMediaTypes)}). Leave it out for ${describe(DEFAULT_SUPPORTED_MEDIA_TYPES)}.`,
        { details: { processor: 'UnsupportedFileHandler', option: 'supportedMediaTypes' } },
      );
    }
    validateDownloadPolicy(
      options?.attachmentDownloads,
      'UnsupportedFileHandler',
      'PROCESSOR_INVALID_OPTIONS',
    );
    this.#sandbox = sandbox;
    this.#supported = supportedMediaTypes.map((type) => type.toLowerCase());
    this.#downloads = options?.attachmentDownloads;
  }

  /**
   * When an error refuses a media type this run has not recorded yet, record it and retry,
   * provided the user turns hold a file the retried prompt will leave out. A refusal naming
   * only recorded types is not retried: the rewrite already ran and did not help, so another
   * attempt would loop. Earlier retries in the run (a dropped connection, say) do not stop it.
   */
  processAPIError(args: ProcessAPIErrorArgs): ProcessAPIErrorResult | undefined {
    const { error, messageList, messages, state } = withHookDefaults(this, args);
    const handlerState = state as HandlerState;
    const recorded = handlerState.rejectedMediaTypes ?? [];
    const refused = rejectedMediaTypesOf(error).filter((type) => !recorded.includes(type));
    if (refused.length === 0) return undefined;
    const rejected = [...recorded, ...refused];
    // A retry that sends the same files again would fail the same way and spend the budget.
    const conversation = messageList?.get.all.db() ?? messages ?? [];
    if (!conversationFileTypes(conversation).some((type) => this.#leavesOut(type, rejected))) {
      return undefined;
    }
    handlerState.rejectedMediaTypes = rejected;
    return { retry: true };
  }

  /**
   * After a recorded rejection, replace every user-turn file the model cannot read with its
   * sandbox path or a note. Returns a new prompt (the input is never mutated), or undefined
   * when nothing was replaced.
   */
  processLLMRequest(
    input: ProcessLLMRequestArgs,
  ): ProcessLLMRequestResult | Promise<ProcessLLMRequestResult> {
    const args = withHookDefaults(this, input);
    // Runs before every model call of every agent. Nothing to do is the usual case: answering
    // synchronously spares this processor a promise and the rewrite's work (the runner still
    // awaits the hook's result).
    const rejected = (args.state as HandlerState).rejectedMediaTypes;
    if (rejected === undefined || rejected.length === 0) return undefined;
    return this.#rewrite(args, rejected);
  }

  async #rewrite(
    { prompt, state, sandbox: agentSandbox, abortSignal, attachmentDownloads }: ProcessLLMRequestArgs,
    rejected: string[],
  ): Promise<ProcessLLMRequestResult> {
    const handlerState = state as HandlerState;
    const sandbox = this.#sandbox ?? agentSandbox;
    const base = attachmentDownloads ?? DEFAULT_ATTACHMENT_DOWNLOADS;
    const policy = this.#downloads
      ? resolveDownloadPolicy(base, this.#downloads, 'UnsupportedFileHandler')
      : base;
    let next: LanguageModelV2Prompt | undefined;
    for (const [index, message] of prompt.entries()) {
      if (message.role !== 'user') continue;
      let content: typeof message.content | undefined;
      for (const [partIndex, part] of message.content.entries()) {
        if (part.type !== 'file' || !this.#leavesOut(normalizeMediaType(part.mediaType), rejected)) continue;
        content ??= [...message.content];
        content[partIndex] = await this.#replacement(part, sandbox, handlerState, policy, abortSignal);
      }
      if (!content) continue;
      next ??= [...prompt];
      next[index] = { ...message, content };
    }
    return next ? { prompt: next } : undefined;
  }

  #leavesOut(mediaType: string, rejected: readonly string[]): boolean {
    return rejected.includes(mediaType) || !this.#supported.some((type) => matchesMediaType(mediaType, type));
  }

  async #replacement(
    part: LanguageModelV2FilePart,
    sandbox: AgentSandbox | undefined,
    state: HandlerState,
    policy: ResolvedDownloadPolicy,
    abortSignal: AbortSignal | undefined,
  ): Promise<LanguageModelV2TextPart> {
    const path = sandbox ? await this.#upload(part, sandbox, state, policy, abortSignal) : undefined;
    const head = [`name: ${part.filename || 'unnamed'}`, `type: ${part.mediaType}`];
    const lines =
      path === undefined
        ? ['[File not sent]', ...head, `reason: ${NOTE_NOT_SENT}`]
        : ['[File uploaded to sandbox]', ...head, `path: ${path}`, `reason: ${NOTE_UPLOADED}`];
    // Keep the part's provider options (e.g. a cache breakpoint) on the part that replaces it.
    return {
      type: 'text',
      text: lines.join('\n'),
      ...(part.providerOptions ? { providerOptions: part.providerOptions } : {}),
    };
  }

  /** The file's sandbox path, uploading it unless this run already did; undefined on failure. */
  async #upload(
    part: LanguageModelV2FilePart,
    sandbox: AgentSandbox,
    state: HandlerState,
    policy: ResolvedDownloadPolicy,
    abortSignal: AbortSignal | undefined,
  ): Promise<string | undefined> {
    const key = fingerprint(part);
    state.uploadedFiles ??= {};
    const uploaded = state.uploadedFiles;
    if (uploaded[key] !== undefined) return uploaded[key];
    try {
      const data = await readBytes(part.data, policy, abortSignal);
      const { path } = await sandbox.uploadFile({
        data,
        mediaType: part.mediaType,
        ...(part.filename ? { filename: part.filename } : {}),
      });
      if (typeof path !== 'string' || path === '') return undefined;
      uploaded[key] = path;
      return path;
    } catch {
      // An unreadable file or a failing sandbox must not fail the call: the note tells the
      // model the file exists but was not sent.
      return undefined;
    }
  }
}
