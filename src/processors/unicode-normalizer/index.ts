import { syncLegacyFields } from '../../messages/legacy-fields.js';
import type { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage, TextUIPart } from '../../messages/types.js';
import type { ProcessInputArgs, Processor } from '../../pipeline/types.js';
import { listOrMessages } from '../direct-call/index.js';
import { UNICODE_NORMALIZER_OPTIONS } from '../guardrail-option-names.js';
import { stripInvisible } from '../guardrails/invisible-characters.js';
import { checkOptionNames, describeOptionValue, invalidProcessorOption } from '../option-errors.js';

/** Options of {@link UnicodeNormalizer}. Every option is a boolean. */
export interface UnicodeNormalizerOptions {
  /**
   * Remove control characters (Unicode category `Cc`: U+0000–U+001F, U+007F–U+009F) except
   * tab, line feed and carriage return. Default `false`.
   */
  stripControlChars?: boolean;
  /**
   * Keep emoji. `false` removes every emoji: characters shown as emoji by default, any
   * pictograph followed by the emoji variation selector (U+FE0F), skin-tone and ZWJ sequences,
   * flags and keycaps, each removed whole. Symbols that render as text by default (`©`, `®`,
   * `™`, `↔`, a bare `❤`) are kept. Default `true`.
   */
  preserveEmojis?: boolean;
  /**
   * Collapse whitespace: a run of spaces and tabs becomes one space, a run containing line
   * breaks becomes one line break (two when the run held a blank line, so paragraphs survive).
   * Default `true`.
   */
  collapseWhitespace?: boolean;
  /** Remove whitespace at the start and the end of each message's text. Default `true`. */
  trim?: boolean;
  /**
   * Remove invisible format characters (Unicode category `Cf`): zero-width space, joiners and
   * non-joiners, word joiner, byte-order mark, soft hyphen, bidi marks, overrides and isolates,
   * invisible operators, tag characters. Kept where they carry meaning: ZWJ inside emoji
   * sequences, ZWNJ/ZWJ between letters of Arabic-script and Indic scripts (Persian
   * plurals, Devanagari half forms), the tags of emoji flag sequences. Sluice addition.
   * Default `true`.
   */
  stripFormatChars?: boolean;
}

const OPTIONS = [
  'stripControlChars',
  'preserveEmojis',
  'collapseWhitespace',
  'trim',
  'stripFormatChars',
] as const;

/** C0 and C1 controls and DEL, except \t \n \r. */
const CONTROL_CHARS = /[^\P{Cc}\t\n\r]+/gu;
/**
 * One emoji, whole (UTS #51): an emoji-presentation character, a pictograph made emoji by
 * U+FE0F or a skin-tone modifier, with its modifiers, keycap, tags and ZWJ-joined followers;
 * or a keycap sequence (`1️⃣`).
 */
const EMOJI =
  /(?:\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F|\p{Emoji_Modifier_Base}\p{Emoji_Modifier})(?:\p{Emoji_Modifier}|\uFE0F|\u20E3|[\u{E0020}-\u{E007F}])*(?:\u200D\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F)*)*|[0-9#*]\uFE0F?\u20E3/gu;
const WHITESPACE_RUN = /\s+/g;
const LINE_BREAK = /\r\n?|\n/g;

/** A run of whitespace, collapsed: one space, or one/two line breaks when it held any. */
function collapseRun(run: string): string {
  if (run === ' ') return run;
  let breaks = 0;
  for (const _ of run.matchAll(LINE_BREAK)) if (++breaks === 2) break;
  return breaks === 0 ? ' ' : breaks === 1 ? '\n' : '\n\n';
}

/**
 * Normalises the text of the input messages before anything else reads it: Unicode
 * compatibility normalisation (NFKC: full-width `Ｈｅｌｌｏ` becomes `Hello`, ligatures and
 * compatibility digits become plain letters and digits), removal of invisible format
 * characters (zero-width spaces and joiners, soft hyphens, bidi controls, tag characters; the
 * joiners emoji and Persian or Indic spelling need are kept), then optional control-character
 * and emoji removal, whitespace collapsing and trimming.
 *
 * Runs once, in `processInput`, on the `text` parts of user and assistant messages; file,
 * tool, reasoning and data parts and system messages are left as they are. Synchronous; no
 * model. Put it first in `inputProcessors` so later filters match the normalised text.
 */
export class UnicodeNormalizer implements Processor<'unicode-normalizer'> {
  /** `'unicode-normalizer'`. */
  readonly id = 'unicode-normalizer' as const;
  /** `'Unicode Normalizer'`. */
  readonly name = 'Unicode Normalizer';
  /** One line for logs and traces. */
  readonly description =
    'Applies NFKC normalisation to input text, removes invisible format characters, and optionally strips control characters and emoji, collapses whitespace and trims.';

  readonly #stripControlChars: boolean;
  readonly #preserveEmojis: boolean;
  readonly #collapseWhitespace: boolean;
  readonly #trim: boolean;
  readonly #stripFormatChars: boolean;

  /** @throws ConfigurationError `PROCESSOR_INVALID_OPTIONS` when an option is not a boolean. */
  constructor(options: UnicodeNormalizerOptions = {}) {
    checkOptionNames('UnicodeNormalizer', options, UNICODE_NORMALIZER_OPTIONS);
    const given = (options ?? {}) as Record<string, unknown>;
    for (const option of OPTIONS) {
      const value = given[option];
      if (value !== undefined && typeof value !== 'boolean') {
        throw invalidProcessorOption(
          'UnicodeNormalizer',
          option,
          `option "${option}" must be true or false (got ${describeOptionValue(value)}). Leave it out for the default.`,
        );
      }
    }
    this.#stripControlChars = options?.stripControlChars ?? false;
    this.#preserveEmojis = options?.preserveEmojis ?? true;
    this.#collapseWhitespace = options?.collapseWhitespace ?? true;
    this.#trim = options?.trim ?? true;
    this.#stripFormatChars = options?.stripFormatChars ?? true;
  }

  /** Normalise the text parts of every user and assistant message in place. */
  processInput({ messages, messageList }: ProcessInputArgs): MessageList | MastraDBMessage[] {
    for (const message of messages) {
      if (message.role === 'user' || message.role === 'assistant') this.#normalizeMessage(message);
    }
    return listOrMessages(messageList, messages);
  }

  /** Normalise one string (what the processor does to each text part, without trimming). */
  normalize(text: string): string {
    let out = text;
    // Emoji go first, judged in their original form: NFKC rewrites some pictographs (`™`).
    if (!this.#preserveEmojis) out = out.replace(EMOJI, '');
    // Before NFKC, so a mark after a removed zero-width character composes with its letter.
    if (this.#stripFormatChars) out = stripInvisible(out, 'format');
    out = out.normalize('NFKC');
    if (this.#stripControlChars) out = out.replace(CONTROL_CHARS, '');
    if (this.#collapseWhitespace) out = out.replace(WHITESPACE_RUN, collapseRun);
    return out;
  }

  #normalizeMessage(message: MastraDBMessage): void {
    const content = message.content;
    let first: TextUIPart | undefined;
    let last: TextUIPart | undefined;
    let changed = false;
    for (const part of content.parts) {
      if (part.type !== 'text') continue;
      const next = this.normalize(part.text);
      if (next !== part.text) {
        part.text = next;
        changed = true;
      }
      first ??= part;
      last = part;
    }
    if (first === undefined) {
      // No text part: the legacy flattened string is the message's text.
      if (typeof content.content === 'string' && content.content !== '') {
        const next = this.normalize(content.content);
        content.content = this.#trim ? next.trim() : next;
      }
      return;
    }
    // Trim the message's text as a whole: inner part boundaries keep their spaces.
    if (this.#trim && last !== undefined) {
      const start = first.text.trimStart();
      if (start !== first.text) {
        first.text = start;
        changed = true;
      }
      const end = last.text.trimEnd();
      if (end !== last.text) {
        last.text = end;
        changed = true;
      }
    }
    if (changed && content.content !== undefined) syncLegacyFields(content);
  }
}
