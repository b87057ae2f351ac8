import type { JSONSchema7 } from '@ai-sdk/provider';
import type { RunUsageContext } from '../../cost/run-usage.js';
import { describeJson } from '../../errors/describe-value.js';
import { syncLegacyFields } from '../../messages/legacy-fields.js';
import type { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type { ModelConfig, ProviderOptions } from '../../models/call-settings.js';
import type {
  ProcessInputArgs,
  Processor,
  ProcessorViolation,
  TracingContext,
} from '../../pipeline/types.js';
import { listOrMessages, withHookDefaults } from '../direct-call/index.js';
import { LANGUAGE_DETECTOR_OPTIONS } from '../guardrail-option-names.js';
import { GuardrailCheckError } from '../guardrails/errors.js';
import {
  type GuardrailFailure,
  type GuardrailFailureKind,
  runWithFailPolicy,
} from '../guardrails/fail-policy.js';
import { askJudge, type GuardrailStructuredOutputOptions } from '../guardrails/judge.js';
import { messagesToCheck, messageText, reportViolation, setMessageMetadata } from '../guardrails/messages.js';
import {
  checkErrorStrategy,
  checkTimeoutMs,
  type GuardrailMode,
  requireModelFor,
  resolveGuardrailMode,
} from '../guardrails/mode.js';
import { configFingerprint, VerdictCache } from '../guardrails/verdict-cache.js';
import { checkOptionNames, describeOptionValue, invalidOptionFor, oneOf } from '../option-errors.js';
import { languageName, toIsoCode } from './languages.js';
import { detectLanguageOffline } from './offline.js';

export { LANGUAGE_NAMES, languageName, toIsoCode } from './languages.js';
export { detectLanguageOffline, type OfflineLanguageDetection } from './offline.js';

const ID = 'language-detector';
const invalid = invalidOptionFor(ID, '"');
const USER_ONLY: ReadonlySet<string> = new Set(['user']);

/** What happens to a message that is not in a target language. */
export type LanguageDetectorStrategy = 'detect' | 'translate' | 'block' | 'warn';

/** The helper model's answer (api-reference 6.13). */
export interface LanguageDetectionResult {
  iso_code: string;
  confidence: number;
  translated_text?: string | null;
}

/** Options of {@link LanguageDetector}. */
export interface LanguageDetectorOptions {
  /** Languages the agent works in: names or ISO codes (`'English'`, `'en'`). Default `['English', 'en']`. */
  targetLanguages?: string[];
  /** Helper model: detection in `'llm'` mode, translation for `strategy: 'translate'`. */
  model?: ModelConfig;
  /** Default `'llm'` with a model, `'offline'` (eld) without. `'hybrid'`: eld, the model below `threshold`. */
  mode?: GuardrailMode;
  /** Minimum detection confidence to act on a detection. Default `0.7`. */
  threshold?: number;
  /** Default `'detect'` (metadata only). `'translate'` needs a `model`. */
  strategy?: LanguageDetectorStrategy;
  /** Keep the original text in message metadata when translating. Default `true`. */
  preserveOriginal?: boolean;
  /** Messages shorter than this (trimmed) are not checked. Default `10`. */
  minTextLength?: number;
  /** Add the source and alternative candidates to the metadata, tripwire and violations. Default `false`. */
  includeDetectionDetails?: boolean;
  /** @deprecated Accepted for compatibility; has no effect. */
  translationQuality?: 'speed' | 'quality' | 'balanced';
  /** Replaces the generated detection / translation prompt (the JSON answer shape is still asked for). */
  instructions?: string;
  providerOptions?: ProviderOptions;
  structuredOutputOptions?: GuardrailStructuredOutputOptions;
  /** Check only the newest user message. Default `false`. */
  lastMessageOnly?: boolean;
  /** When a model check fails or times out. Default `'warn'` (the message goes on unchanged). */
  errorStrategy?: 'warn' | 'strict';
  /** Budget of one helper-model call in milliseconds. Default: none. */
  timeoutMs?: number;
  /** Told about warnings (`strategy: 'warn'`) and failed checks. */
  onViolation?: (violation: ProcessorViolation) => void | Promise<void>;
}

/** Attached to each checked message as `content.metadata.language_detection`. */
export interface LanguageDetectionMetadata {
  iso_code: string;
  language: string;
  confidence: number;
  /** `null` when the confidence is below `threshold` (undecided: nothing is done). */
  is_target_language: boolean | null;
  target_languages: string[];
  /** With `strategy: 'translate'`: the code the message was translated from. */
  translated_from?: string;
  /** With `preserveOriginal`: the text before translation. */
  original_text?: string;
  /** With `includeDetectionDetails`. */
  source?: 'offline' | 'llm';
  alternatives?: Array<{ iso_code: string; score: number }>;
}

/** Tripwire metadata of `strategy: 'block'`. */
export interface LanguageDetectorTripwireMetadata {
  processorId: 'language-detector';
  iso_code: string;
  language: string;
  confidence: number;
  target_languages: string[];
  messageId: string;
  source?: 'offline' | 'llm';
}

interface Detection {
  iso_code: string;
  confidence: number;
  source: 'offline' | 'llm';
  alternatives?: Array<{ iso_code: string; score: number }>;
  translated_text?: string;
}

const RESULT_SCHEMA: JSONSchema7 = {
  type: 'object',
  properties: {
    iso_code: { type: 'string' },
    confidence: { type: 'number' },
    translated_text: { type: ['string', 'null'] },
  },
  required: ['iso_code', 'confidence'],
};

/**
 * Detects the language of user messages and acts on those outside `targetLanguages`
 * (id `language-detector`, hook `processInput`).
 *
 * Offline (no model) it uses `eld`, picked by `bench/language-id.ts`; `'llm'` mode asks the
 * helper for `{ iso_code, confidence, translated_text? }`; `'hybrid'` uses eld and asks the model
 * only when eld's confidence is below `threshold`. Strategies: `detect` attaches
 * {@link LanguageDetectionMetadata} only; `warn` also reports to `onViolation` (or
 * `console.warn`); `block` ends the run with a tripwire; `translate` replaces the message text
 * with the model's translation into the first target language (keeping the original in metadata
 * with `preserveOriginal`) — one model call per non-target message, the detection itself stays
 * offline unless the mode is `'llm'`. Detections are cached by content hash. A failed or timed
 * out model call follows `errorStrategy` (default `'warn'`: the message goes on unchanged).
 */
export class LanguageDetector implements Processor<'language-detector'> {
  readonly id = ID;
  readonly name = 'Language Detector';
  readonly description = 'Detects the language of user messages; detects, warns, blocks or translates.';
  onViolation?: (violation: ProcessorViolation) => void | Promise<void>;

  /** The mode this instance runs in. */
  readonly mode: GuardrailMode;
  readonly #model: ModelConfig | undefined;
  readonly #targets: string[];
  readonly #targetNames: string[];
  readonly #threshold: number;
  readonly #strategy: LanguageDetectorStrategy;
  readonly #preserveOriginal: boolean;
  readonly #minTextLength: number;
  readonly #details: boolean;
  readonly #instructions: string | undefined;
  readonly #providerOptions: ProviderOptions | undefined;
  readonly #structured: GuardrailStructuredOutputOptions | undefined;
  readonly #lastMessageOnly: boolean;
  readonly #errorStrategy: 'warn' | 'strict';
  readonly #timeoutMs: number | undefined;
  readonly #cache: VerdictCache<Detection>;
  readonly #warned = new Set<GuardrailFailureKind>();

  constructor(options: LanguageDetectorOptions = {}) {
    checkOptionNames(ID, options, LANGUAGE_DETECTOR_OPTIONS);
    if (typeof options !== 'object' || options === null) {
      throw invalid('options', `expects an options object (got ${describeOptionValue(options)}).`);
    }
    this.mode = resolveGuardrailMode(ID, options);
    this.#model = options.model;
    this.#targets = checkTargets(options.targetLanguages);
    this.#targetNames = this.#targets.map(languageName);
    this.#threshold = checkNumber('threshold', options.threshold, 0.7, 0, 1);
    this.#strategy =
      oneOf(
        ID,
        'strategy',
        options.strategy,
        ['detect', 'translate', 'block', 'warn'],
        'option "strategy"',
      ) ?? 'detect';
    if (this.#strategy === 'translate') requireModelFor(ID, 'strategy', 'translate', options.model);
    this.#preserveOriginal = checkBoolean('preserveOriginal', options.preserveOriginal, true);
    this.#minTextLength = checkNumber('minTextLength', options.minTextLength, 10, 0, Number.MAX_SAFE_INTEGER);
    this.#details = checkBoolean('includeDetectionDetails', options.includeDetectionDetails, false);
    this.#lastMessageOnly = checkBoolean('lastMessageOnly', options.lastMessageOnly, false);
    if (options.instructions !== undefined && typeof options.instructions !== 'string') {
      throw invalid('instructions', `must be a string (got ${describeOptionValue(options.instructions)}).`);
    }
    this.#instructions = options.instructions;
    this.#providerOptions = options.providerOptions;
    this.#structured = options.structuredOutputOptions;
    this.#errorStrategy = checkErrorStrategy(ID, options.errorStrategy, 'warn');
    this.#timeoutMs = checkTimeoutMs(ID, options.timeoutMs);
    if (options.onViolation !== undefined) this.onViolation = options.onViolation;
    this.#cache = new VerdictCache({
      fingerprint: configFingerprint({
        mode: this.mode,
        targets: this.#targets,
        strategy: this.#strategy,
        instructions: this.#instructions ?? null,
        model: options.model ?? null,
      }),
    });
  }

  /** Checks user messages (only the newest with `lastMessageOnly`). */
  async processInput(args: ProcessInputArgs): Promise<MessageList | MastraDBMessage[]> {
    const { messages, messageList, abort, abortSignal, tracingContext, usageRecorder } = withHookDefaults(
      this,
      args,
    );
    for (const message of messagesToCheck(messages, this.#lastMessageOnly, USER_ONLY)) {
      const text = messageText(message);
      if (text.trim().length < this.#minTextLength) continue;
      const detection = await this.#detect(text, abort, abortSignal, tracingContext, usageRecorder);
      if (detection === undefined) continue;
      const decided = detection.confidence >= this.#threshold && detection.iso_code !== '';
      const isTarget = decided ? this.#targets.includes(detection.iso_code) : null;
      const metadata: LanguageDetectionMetadata = {
        iso_code: detection.iso_code,
        language: languageName(detection.iso_code),
        confidence: detection.confidence,
        is_target_language: isTarget,
        target_languages: this.#targets,
      };
      if (this.#details) {
        metadata.source = detection.source;
        if (detection.alternatives) metadata.alternatives = detection.alternatives;
      }
      if (isTarget === false) {
        switch (this.#strategy) {
          case 'block':
            setMessageMetadata(message, 'language_detection', metadata);
            return abort(
              `Message language ${languageName(detection.iso_code)} (${detection.iso_code}) is not one of the target languages ${this.#targets.join(', ')}.`,
              { metadata: this.#tripwire(detection, message.id) },
            );
          case 'warn':
            await this.#warn(detection, message.id);
            break;
          case 'translate': {
            const translated =
              detection.translated_text ??
              (await this.#translate(text, abort, abortSignal, tracingContext, usageRecorder));
            if (translated !== undefined && translated !== text) {
              metadata.translated_from = detection.iso_code;
              if (this.#preserveOriginal) metadata.original_text = text;
              replaceText(message, translated);
            }
            break;
          }
          default:
            break;
        }
      }
      setMessageMetadata(message, 'language_detection', metadata);
    }
    return listOrMessages(messageList, messages);
  }

  #tripwire(detection: Detection, messageId: string): LanguageDetectorTripwireMetadata {
    const metadata: LanguageDetectorTripwireMetadata = {
      processorId: ID,
      iso_code: detection.iso_code,
      language: languageName(detection.iso_code),
      confidence: detection.confidence,
      target_languages: this.#targets,
      messageId,
    };
    if (this.#details) metadata.source = detection.source;
    return metadata;
  }

  async #warn(detection: Detection, messageId: string): Promise<void> {
    const message = `Message in ${languageName(detection.iso_code)} (${detection.iso_code}), not a target language (${this.#targets.join(', ')}); let through (strategy 'warn').`;
    if (this.onViolation === undefined) console.warn(`[sluice] ${ID}: ${message}`);
    else await reportViolation(this, message, { strategy: 'warn', ...this.#tripwire(detection, messageId) });
  }

  async #detect(
    text: string,
    abort: ProcessInputArgs['abort'],
    abortSignal: AbortSignal | undefined,
    tracingContext: TracingContext | undefined,
    usageRecorder?: RunUsageContext,
  ): Promise<Detection | undefined> {
    const cached = this.#cache.get(text);
    if (cached !== undefined) return cached;
    let detection: Detection | undefined;
    if (this.mode !== 'llm') {
      const offline = await detectLanguageOffline(text);
      detection = { ...offline, source: 'offline' };
      if (this.mode === 'hybrid' && offline.confidence < this.#threshold) detection = undefined;
    }
    detection ??= await this.#ask(text, 'detect', abort, abortSignal, tracingContext, usageRecorder);
    if (detection !== undefined) this.#cache.set(text, detection);
    return detection;
  }

  async #translate(
    text: string,
    abort: ProcessInputArgs['abort'],
    abortSignal: AbortSignal | undefined,
    tracingContext: TracingContext | undefined,
    usageRecorder?: RunUsageContext,
  ): Promise<string | undefined> {
    return (await this.#ask(text, 'translate', abort, abortSignal, tracingContext, usageRecorder))
      ?.translated_text;
  }

  /** One helper call: detection (plus translation when translating) or translation only. */
  async #ask(
    text: string,
    task: 'detect' | 'translate',
    abort: ProcessInputArgs['abort'],
    abortSignal: AbortSignal | undefined,
    tracingContext: TracingContext | undefined,
    usageRecorder?: RunUsageContext,
  ): Promise<Detection | undefined> {
    const target = this.#targetNames[0] ?? 'English';
    const translating = this.#strategy === 'translate';
    const instructions =
      this.#instructions ??
      (task === 'translate'
        ? `Translate the user's text into ${target}. Keep its meaning, tone, formatting, names, numbers and code unchanged. Answer with JSON: {"iso_code": "<ISO 639-1 code of the original text>", "confidence": <0..1>, "translated_text": "<the translation>"}.`
        : `Identify the language of the user's text. Answer with JSON: {"iso_code": "<ISO 639-1 code>", "confidence": <0..1>${translating ? `, "translated_text": "<the text translated into ${target}, or null when it is already in one of: ${this.#targetNames.join(', ')}>"` : ''}}.`);
    const outcome = await runWithFailPolicy(
      {
        processorId: ID,
        errorStrategy: this.#errorStrategy,
        timeoutMs: this.#timeoutMs,
        abortSignal,
        abort: abort as never,
        warned: this.#warned,
        onFailure: (failure) => this.#onFailure(failure),
      },
      async (signal) =>
        parseResult(
          await askJudge({
            processorId: ID,
            model: this.#model as ModelConfig,
            instructions,
            prompt: `<text>\n${text}\n</text>`,
            schema: RESULT_SCHEMA,
            providerOptions: this.#providerOptions,
            structuredOutputOptions: this.#structured,
            abortSignal: signal,
            tracingContext,
            usageRecorder,
          }),
          task,
        ),
    );
    if (!outcome.ok) return undefined;
    const { iso_code, confidence, translated_text } = outcome.value;
    const detection: Detection = { iso_code, confidence, source: 'llm' };
    if (typeof translated_text === 'string' && translated_text !== '')
      detection.translated_text = translated_text;
    return detection;
  }

  async #onFailure(failure: GuardrailFailure): Promise<void> {
    await reportViolation(
      this,
      `Language check ${failure.kind === 'timeout' ? 'timed out' : 'failed'}: ${failure.message}`,
      {
        failure: failure.kind,
        errorStrategy: failure.errorStrategy,
        message: failure.message,
      },
    );
  }
}

/** The helper's answer in the documented shape; anything else is a failed check. */
function parseResult(answer: unknown, task: 'detect' | 'translate'): LanguageDetectionResult {
  const value = answer as { iso_code?: unknown; confidence?: unknown; translated_text?: unknown };
  const code = typeof value.iso_code === 'string' ? toIsoCode(value.iso_code) : undefined;
  const confidence = typeof value.confidence === 'string' ? Number(value.confidence) : value.confidence;
  const translated = value.translated_text;
  if (
    code === undefined ||
    typeof confidence !== 'number' ||
    !Number.isFinite(confidence) ||
    (translated !== undefined && translated !== null && typeof translated !== 'string') ||
    (task === 'translate' && typeof translated !== 'string')
  ) {
    throw new GuardrailCheckError(
      ID,
      `${ID}: the helper model's answer is not {"iso_code", "confidence"${task === 'translate' ? ', "translated_text"' : ''}} (got ${describeJson(answer)}).`,
      { details: { failure: 'bad-shape' } },
    );
  }
  return {
    iso_code: code,
    confidence: Math.min(1, Math.max(0, confidence)),
    translated_text: translated as string | null,
  };
}

/** Put `text` in the message's first text part, drop the other text parts, keep everything else. */
function replaceText(message: MastraDBMessage, text: string): void {
  const content = message.content;
  let placed = false;
  const parts = content.parts.filter((part) => {
    if (part.type !== 'text') return true;
    if (placed) return false;
    part.text = text;
    placed = true;
    return true;
  });
  if (!placed) {
    content.content = text;
    return;
  }
  content.parts = parts;
  if (content.content !== undefined) syncLegacyFields(content);
}

function checkTargets(value: unknown): string[] {
  if (value === undefined) return ['en'];
  if (!Array.isArray(value) || value.length === 0) {
    throw invalid(
      'targetLanguages',
      `must be a non-empty array of language names or ISO codes such as ['English', 'de'] (got ${describeOptionValue(value)}).`,
    );
  }
  const codes: string[] = [];
  for (const entry of value) {
    const code = typeof entry === 'string' ? toIsoCode(entry) : undefined;
    if (code === undefined) {
      throw invalid(
        'targetLanguages',
        `has ${describeOptionValue(entry)}, which is not a known language name; use an ISO 639-1 code such as 'en' or a name such as 'English'.`,
      );
    }
    if (!codes.includes(code)) codes.push(code);
  }
  return codes;
}

function checkNumber(option: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max) return value;
  throw invalid(
    option,
    `must be a number from ${min} to ${max === Number.MAX_SAFE_INTEGER ? 'any size' : max} (got ${describeOptionValue(value)}).`,
  );
}

function checkBoolean(option: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value === 'boolean') return value;
  throw invalid(option, `must be true or false (got ${describeOptionValue(value)}).`);
}
