import { dataPattern, type PatternData, piiData } from './data.js';
import { NOT_NAME_WORDS, NOT_NAMES } from './name-lexicon.js';
import type { Candidate } from './types.js';

const LATIN = piiData<{
  readonly chatIntroductions: PatternData;
  readonly kinship: PatternData;
  readonly nicknames: PatternData;
  readonly notifyPhrases: PatternData;
  readonly chatCommonWords: string[];
  readonly labelNotNames: string[];
}>('names/latin');

/**
 * Names written the way people write in chat: in lower case after a self-introduction ("hey its
 * oceane from the gym", "slt c céleste 😊", "oye soy josé emilio,", "hier ist malte,") or a
 * kinship/relationship word ("my wife robb might call"), nicknames after "calls her" / "goes by"
 * / "genannt" / "surnommée" / "le dicen", and a capitalised single name after a notify/contact
 * phrase ("Avisar a Armando", "Personne à prévenir : Hédelin", "a nombre de …").
 *
 * Lower-case words are only taken when a boundary closes them (punctuation, an emoji, "from",
 * "de", "von", "here", the end of the text) or, after a relationship word, when the next word is
 * not a function word; a list of common words in the four Latin-script languages keeps "its ok",
 * "soy de Madrid", "c'est bon", "my wife and I" out.
 */
const INTRO = dataPattern(LATIN.chatIntroductions);
const KIN = dataPattern(LATIN.kinship);
const LOWER_WORD = /\p{Ll}[\p{Ll}'’-]{2,15}(?![\p{L}\p{N}])/uy;
const CLOSE =
  /^(?:[ \t]*(?:[,!.?;:)]|$)|[ \t]*\p{Extended_Pictographic}|[ \t]+(?:from|here|again|de|del|von|vom|aus|ici|aquí|aqui)(?![\p{L}]))/u;
const NICKNAME = dataPattern(LATIN.nicknames);
const NOTIFY = dataPattern(LATIN.notifyPhrases);
const CAP_NAME =
  /\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)*(?:[ \u00a0]\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)*){0,3}/uy;

/** Common lower-case words that follow an introduction or a relationship word without being a name. */
const COMMON = new Set<string>(LATIN.chatCommonWords);

/** What closes a lower-case name after an introduction: a comma, "!", an emoji, "from"/"de"/"von"… */
const STRICT_CLOSE =
  /^(?:[ \t]*[,!]|[ \t]*\p{Extended_Pictographic}|[ \t]+(?:from|here|again|de|del|von|vom|aus|ici|aquí|aqui)(?![\p{L}]))/u;
/** English word endings of participles, gerunds and adverbs ("shared", "calling", "really"). */
// German participles too: "umgezogen", "gemacht".
const NOT_NAME_ENDING = /(?:ed|ing|ly)$|^ge\p{Ll}{3,}(?:t|en)$/u;

function lowerName(text: string, at: number, needClose: boolean, notWordShapes = false): number {
  let end = at;
  for (let words = 0; words < 2; words++) {
    LOWER_WORD.lastIndex = end;
    const w = LOWER_WORD.exec(text);
    if (w === null || COMMON.has(w[0]) || (notWordShapes && NOT_NAME_ENDING.test(w[0]))) break;
    end = LOWER_WORD.lastIndex;
    if ((needClose ? STRICT_CLOSE : CLOSE).test(text.slice(end, end + 8))) return end;
    if (text.charAt(end) !== ' ') break;
    end += 1;
  }
  if (needClose || end === at) return -1;
  // After a relationship word the name may run straight into its verb ("my wife robb might").
  LOWER_WORD.lastIndex = at;
  const w = LOWER_WORD.exec(text);
  return w === null || COMMON.has(w[0]) ? -1 : LOWER_WORD.lastIndex;
}

function capitalised(text: string, at: number): number {
  // "Dña. Enríquez", "Dr. Roux": an abbreviated title, whose own cue reads the name after it.
  if (/^\p{Lu}\p{Ll}{0,3}\.[ \t]/u.test(text.slice(at, at + 6))) return -1;
  CAP_NAME.lastIndex = at;
  const m = CAP_NAME.exec(text);
  if (m === null) return -1;
  const words = m[0].split(/[ \u00a0]/u);
  if (words.some((w) => NOT_NAMES.has(w) || NOT_NAME_WORDS.has(w))) return -1;
  return at + m[0].length;
}

/** Shipping and billing labels, after which a name may be written in capitals. */
const LABEL_CUE =
  /(?<![\p{L}])(?:ship to|deliver to|bill to|sold to|attn|attention|destinataire|empfänger|destinatario)[ \t]*[:：]?[ \t]+(?=\p{Lu}{2})/giu;
/** Words of a shipping label's addressee that make it a place or a business, not a person. */
const LABEL_NOT_NAMES = new Set<string>(LATIN.labelNotNames);
/** A name in capitals right before the house number of the address: "QUENTIN HEIDENREICH 8383 …". */
const CAPS_NAME_BEFORE_NUMBER = /\p{Lu}{2,}(?:[ ]\p{Lu}\.)?(?:[ ]\p{Lu}[\p{Lu}'’-]+){1,2}(?=[ \t,]+\d)/uy;

/** Adds chat-style, nickname and notify-phrase names to `out`. */
export function findCasualNames(text: string, out: Candidate[]): void {
  for (const [re, close] of [
    [INTRO, true],
    [KIN, false],
  ] as const) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      // The French "c" (c'est) is written in lower case; "Charge 2020-C wurde" is not one.
      if (m[0] === 'C ' || m[0].startsWith('C\t')) continue;
      const at = m.index + m[0].length;
      // An introduction + an adjective or participle ends a sentence ("it is shared.", "c'est
      // prêt."): the name needs a closer that is not a full stop ("its oceane from", "soy mariano,",
      // "c céleste 😊"); English participles, gerunds and adverbs are never names.
      const end = close ? lowerName(text, at, true, true) : lowerName(text, at, false);
      if (end > at) out.push({ type: 'name', start: at, end, confidence: 0.62 });
    }
  }
  LABEL_CUE.lastIndex = 0;
  for (let m = LABEL_CUE.exec(text); m !== null; m = LABEL_CUE.exec(text)) {
    const at = m.index + m[0].length;
    CAPS_NAME_BEFORE_NUMBER.lastIndex = at;
    const n = CAPS_NAME_BEFORE_NUMBER.exec(text);
    // Checked in title case against the words that are not names ("UPS STORE", "FRONT DESK").
    const title = (w: string) => w.charAt(0) + w.slice(1).toLowerCase();
    if (
      n !== null &&
      !n[0]
        .split(' ')
        .some((w) => NOT_NAMES.has(title(w)) || NOT_NAME_WORDS.has(title(w)) || LABEL_NOT_NAMES.has(title(w)))
    )
      out.push({ type: 'name', start: at, end: at + n[0].length, confidence: 0.65 });
  }
  for (const re of [NICKNAME, NOTIFY]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const at = m.index + m[0].length;
      const end = capitalised(text, at);
      if (end > at) out.push({ type: 'name', start: at, end, confidence: 0.65 });
    }
  }
}
