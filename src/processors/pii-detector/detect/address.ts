import { dataPattern, type PatternData, piiData } from './data.js';
import type { Candidate, ScanContext } from './types.js';

const LATIN = piiData<{
  readonly usStreetTypes: string[];
  readonly esStreetTypes: string[];
  readonly notStreetHeads: string[];
  readonly capitalsLabel: PatternData;
  readonly counterBefore: PatternData;
  readonly streetMorpheme: PatternData;
  readonly frStreetTypes: string[];
  readonly deStreetSuffixes: string[];
  readonly poBoxWords: string[];
}>('address/latin');
const ZH = piiData<{ readonly districtAddress: PatternData; readonly provinces: PatternData }>('address/zh');
const JA = piiData<{ readonly address: PatternData }>('address/ja');
const KO = piiData<{ readonly address: PatternData }>('address/ko');

const CAP = "\\p{Lu}[\\p{L}'’-]*";
const CAPS = `${CAP}(?:\\s+${CAP}){0,3}`;
/** English street names may hold ordinals ("500 W 2nd St"). */
const CAP_EN = `(?:${CAP}|\\d{1,3}(?:st|nd|rd|th))`;
const CAPS_EN = `${CAP_EN}(?:\\s+${CAP_EN}){0,3}`;
/** Between the street line and the postal-code line: a comma, or a line break (multi-line layouts). */
const SEP = '(?:,[ \\t]*|[ \\t]*\\n[ \\t]*)';
/** UK postcodes (SW1A 2AA, M14 5RT, NW1 6XE). */
const UK_POSTCODE = '[A-Z]{1,2}\\d[A-Z\\d]?[ \\t]?\\d[A-Z]{2}(?![\\p{L}\\p{N}])';

/**
 * Street-type words of US addresses (the common USPS suffixes and their abbreviations): what
 * separates "742 Evergreen Terrace" and "6441 Mable Estate" from "12 Apple Pies".
 */
const US_STREET_TYPES = LATIN.usStreetTypes.join('|');

/** Spanish street-type words (the vía types of Spanish addresses) and their abbreviations. */
const ES_STREET_TYPES = LATIN.esStreetTypes.join('|');

/**
 * What follows the house number of a Chinese address: a named building and its floor
 * (金茂大厦17层), or building, entrance and flat numbers (5号楼1单元2107室).
 */
const ZH_UNIT =
  '(?:[\\p{Script=Han}]{2,4}?(?:大厦|大楼|大樓|中心|广场|廣場|花园|花園|小区|公寓|家园)(?:\\d{1,3}(?:层|楼|樓)(?:\\d{1,5}室)?)?|\\d{1,3}(?:号楼|栋|幢|座)(?:\\d{1,2}单元)?(?:\\d{1,5}室)?|\\d{1,3}(?:层|楼)(?:\\d{1,5}室)?|\\d{1,5}室)?';

/**
 * China's province-level divisions (provinces, municipalities, autonomous regions, SARs): an
 * address that contains one starts with it, so verbs of place the city pattern swallows
 * ("送至江苏省…", "现住上海市…", "住址广东省…") are cut off.
 */
const ZH_PROVINCES = dataPattern(ZH.provinces);

/** Document and product words that precede a number and a comma without being a street. */
const NOT_STREET_HEADS = LATIN.notStreetHeads.join('|');

/** French street types, either case for the first letter ("rue", "Rue", "rond-point"). */
const FR_STREET_TYPES = LATIN.frStreetTypes.join('|');
/** German street-name endings ("Hauptstraße", "Lindenweg"). */
const DE_STREET_SUFFIXES = LATIN.deStreetSuffixes.join('|');
/** Post-office box words in German, French and Spanish use. */
const PO_BOX_WORDS = LATIN.poBoxWords.join('|');

/**
 * Street-address shapes per language. Each needs a house number and a street-type word, which
 * is what separates "12 Baker Street" from "12 apples"; a postal code and city after it are
 * included when present.
 */
const ZH_DISTRICT_ADDRESS = dataPattern(ZH.districtAddress);
const JA_ADDRESS = dataPattern(JA.address);
const KO_ADDRESS = dataPattern(KO.address);
const CAPITALS_LABEL_ADDRESS = dataPattern(LATIN.capitalsLabel);

const SHAPES: readonly RegExp[] = [
  // English: 742 Evergreen Terrace, Springfield, IL 62704
  new RegExp(
    `(?<![\\p{L}\\p{N}])(?:(?:Flat|Apt\\.?|Apartment|Unit|Suite)\\s+\\w{1,4},?\\s+)?\\d{1,5}[A-Z]?\\s+${CAPS_EN}\\s+(?:${US_STREET_TYPES})(?![\\p{L}])(?:\\s+(?:N|S|E|W|NE|NW|SE|SW)(?![\\p{L}]))?(?:,?\\s+(?:Apt\\.?|Suite|Unit|#)\\s*\\w+)?(?:${SEP}${CAPS}(?:,\\s*[A-Z]{2})?\\s+\\d{5}(?:-\\d{4})?|${SEP}${CAP}(?:[ \\t]+${CAP})?,?[ \\t]+${UK_POSTCODE})?`,
    'gu',
  ),
  // German: Hauptstraße 5, 10115 Berlin
  new RegExp(
    `(?<![\\p{L}])(?:\\p{Lu}[\\p{Ll}äöüß]+(?:-\\p{Lu}[\\p{Ll}äöüß]+)*(?:${DE_STREET_SUFFIXES})|(?:Am|An der|Im|Auf der)\\s+\\p{Lu}[\\p{Ll}äöüß]+)\\s+\\d{1,4}\\s?[a-z]?(?![\\p{L}\\p{N}])(?:${SEP}\\d{4,5}\\s+${CAP}(?:[ \\t]+(?:am|an der|im|in der|ob der|bei)[ \\t]+${CAP})?)?`,
    'gu',
  ),
  // French: 12 rue de la Paix, 75002 Paris
  new RegExp(
    `(?<![\\p{L}\\p{N}])\\d{1,4}(?:\\s?(?:bis|ter))?,?\\s+(?:${FR_STREET_TYPES})\\s+(?:(?:de la|de l'|du|des|de|d')\\s*)?${CAPS}(?:(?:${SEP}|[ \\t]+)\\d{5}\\s+${CAP}(?:[ \\t-]${CAP})?)?`,
    'gu',
  ),
  // Spanish: Calle de Alcalá 45, 28014 Madrid
  new RegExp(
    `(?<![\\p{L}])(?:${ES_STREET_TYPES})\\s*(?:(?:de la|de los|de las|del|de)\\s+)?${CAPS},?\\s*(?:n[ºo°]\\.?\\s*)?\\d{1,4}(?![\\p{N}])(?:,?\\s*\\d{1,2}\\.?\\s?[ºª°](?:\\s?(?:izq(?:da)?\\.?|dcha\\.?|dch\\.?|der\\.?|centro|[A-Z](?![\\p{L}])))?)?(?:${SEP}\\d{5}[ \\t]+${CAP}(?:[ \\t]+(?:(?:de|del|de la)[ \\t]+)?${CAP}){0,2})?`,
    'gu',
  ),
  // Chinese: 北京市朝阳区建国路88号
  new RegExp(
    `(?:[\\p{Script=Han}]{2,3}(?:省|自治区))?[\\p{Script=Han}]{1,4}市(?:[\\p{Script=Han}]{1,4}(?:区|县))?[\\p{Script=Han}]{1,6}(?:路|街|大道|巷|胡同)\\d{1,5}号${ZH_UNIT}`,
    'gu',
  ),
  // Chinese without the city, the district right after a verb of place: 公司在朝阳区建国路88号
  ZH_DISTRICT_ADDRESS,
  // Japanese: 東京都新宿区西新宿2丁目8番1号 / 2-8-1
  // with the postal code (〒150-0002) before it and the building and room after it when they
  // follow ("… 4丁目11番11号 パークコート青山708", "…号グランメゾン457号室").
  JA_ADDRESS,
  // Korean: 서울특별시 강남구 테헤란로 152
  // Province or metropolitan city, city/county and district, road and number, then the
  // apartment unit (113동 703호) when it follows.
  KO_ADDRESS,
  // A street line whose house number ends it (German, Austrian, Swiss, Spanish style), then a
  // four- or five-digit postal code and a capitalised city that ends the phrase: the postal
  // line anchors street names without a known street-type word ("Unter den Linden 77, 10117
  // Berlin", "Karl-Marx-Allee 90, 10243 Berlin"). It starts only where a run of name
  // characters starts, so "BL.BL.BL…" is scanned once, not once per capital (quadratic).
  new RegExp(
    `(?<![\\p{L}\\p{N}'’.-])(?!(?:${NOT_STREET_HEADS})[\\s,])\\p{Lu}[\\p{L}'’.-]*(?:[ \\t]+(?:\\p{Lu}[\\p{L}'’.-]*|den|dem|der|des|de|la|las|los|del|du|von|y)){0,3},?[ \\t]+\\d{1,4}[ \\t]?[a-z]?${SEP}\\d{4,5}[ \\t]+${CAP}(?:[ \\t]+(?:am|an der|im|in der|ob der|bei)[ \\t]+${CAP})?(?=[ \\t]*(?:$|\\n|[.,;:!?)]))`,
    'gu',
  ),
  // Post-office boxes with their postal line: PO Box 1234, Springfield, IL 62701
  new RegExp(
    `(?<![\\p{L}])P\\.?\\s?O\\.?\\s+Box\\s+\\d{1,6}${SEP}${CAPS}(?:,\\s*[A-Z]{2})?\\s+\\d{5}(?:-\\d{4})?`,
    'gu',
  ),
  // Post-office boxes in German, French and Spanish use, with the postal code and city:
  // "Postfach 85 83 50, 80331 München", "BP 1292, 31000 Toulouse Cedex 6",
  // "Apartado de Correos 1126, 08080 Barcelona".
  new RegExp(
    `(?<![\\p{L}])(?:${PO_BOX_WORDS})[ \\t]+\\d{1,6}(?:[ \\t]\\d{2}){0,3}(?:${SEP}|[ \\t]+)\\d{4,5}[ \\t]+${CAP}(?:[ \\t]+(?:Cedex(?:[ \\t]+\\d{1,2})?|${CAP}))?`,
    'gu',
  ),
  // Shipping labels in capitals, the lines collapsed onto one:
  // "8383 OAK ST APT 15 BEND OR 97776", "2953 ELM BLVD MADISON WI 53733".
  CAPITALS_LABEL_ADDRESS,
];

/** Words that count things before a number: gates, rooms, emergency numbers, top-N lists. */
const COUNTER_BEFORE = dataPattern(LATIN.counterBefore);

/**
 * Morphemes of street names in German, Austrian, Swiss, French and Spanish use, and the
 * locative prepositions street names start with ("Am Lustgarten", "Unter den Linden"): what
 * separates "Karl-Marx-Allee 90, 10243 Berlin" from "Invoice 12, 10001 Widgets".
 */
const STREET_MORPHEME = dataPattern(LATIN.streetMorpheme);
const LOCATIVE_START =
  /^(?:Am|An der|An den|Im|Auf der|Auf dem|Unter den|Zum|Zur|In der|Hinter der|Bei der|Vor dem)\s/u;

function streetLike(value: string): boolean {
  const m = /^(.*?)(?<![ \t])[ \t]+\d{1,4}[ \t]?[a-z]?(?:,[ \t]*|[ \t]*\n[ \t]*)(\d{4,5})/su.exec(value);
  if (m === null) return false;
  const street = m[1] as string;
  const code = m[2] as string;
  if (code.length === 4 && /^(?:19|20)\d\d$/.test(code)) return false;
  return STREET_MORPHEME.test(street) || LOCATIVE_START.test(street);
}

// The shape before the three post-office-box and shipping-label shapes.
const POSTAL_ANCHORED = SHAPES[SHAPES.length - 4];

/**
 * Street addresses in English, German, French, Spanish, Chinese, Japanese and Korean layouts
 * (house number + street-type word, plus postal code and city when they follow). A heuristic:
 * confidence 0.7, the `hybrid` mode's first candidate for a second opinion.
 */
export function findAddresses({ text }: ScanContext, out: Candidate[]): void {
  for (const re of SHAPES) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      let value = m[0];
      let start = m.index;
      // Chinese verbs of place the city pattern swallows ("住在北京市…").
      const lead = /^(?:住在|住址是|地址是|地址为|位于|寄到|送到|址是|址为|址為|在|是|为|為|到)/u.exec(value);
      if (lead !== null && re.flags.includes('u') && /\p{Script=Han}/u.test(value.charAt(0))) {
        value = value.slice(lead[0].length);
        start += lead[0].length;
      }
      // A province or municipality a few characters in: what precedes it is a verb of place.
      const province = /\p{Script=Han}/u.test(value.charAt(0)) ? ZH_PROVINCES.exec(value.slice(0, 8)) : null;
      if (province !== null && province.index > 0 && province.index <= 4) {
        value = value.slice(province.index);
        start += province.index;
      }
      // "Gate 12 Terminal Road is closed", "Call 911 Emergency Road Service": a number after a
      // counter word, or a street-type word that goes on as a capitalised name, is not a street.
      if (
        re === SHAPES[0] &&
        (COUNTER_BEFORE.test(text.slice(Math.max(0, start - 12), start)) ||
          /^[ \t]+\p{Lu}\p{Ll}/u.test(text.slice(start + value.length, start + value.length + 3))) &&
        !/\d{5}|\d[A-Z]{2}$/u.test(value)
      )
        continue;
      // "… Street." at a sentence end: the dot is the sentence's, unless it abbreviates.
      if (value.endsWith('.') && !/(?:St|Ave|Rd|Blvd|Ln|Dr|Ct|Pl|Sq|Hwy|str)\.$/.test(value))
        value = value.slice(0, -1);
      // The postal-anchored shape needs a street-like street line and a postal code that is not a year.
      if (re === POSTAL_ANCHORED && !streetLike(value)) continue;
      // The postal-anchored shape yields to the street-type shapes on the same text.
      const confidence = re === POSTAL_ANCHORED ? 0.65 : 0.7;
      out.push({ type: 'address', start, end: start + value.length, confidence });
    }
  }
}
