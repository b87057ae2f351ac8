/**
 * Offline moderation: a coarse first line, no network. Profanity, slurs and sexual terms come
 * from the maintained `obscenity` English word list (with its leetspeak / confusable folding);
 * threats, violence and self-harm from a short set of phrase patterns written here. Each hit
 * maps to the documented categories with a fixed score; several hits in one category raise it.
 * It knows words, not meaning: sarcasm, quotes, context and other languages are the LLM mode's job.
 */
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

/** The documented moderation categories (api-reference 6.9). */
export const MODERATION_CATEGORIES = [
  'hate',
  'hate/threatening',
  'harassment',
  'harassment/threatening',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const;

/** One documented moderation category. */
export type ModerationCategory = (typeof MODERATION_CATEGORIES)[number];

/** A category and its score in [0, 1], as the helper model reports it too. */
export interface ModerationCategoryScore {
  category: string;
  score: number;
}

/** One offline hit: where, what, and which categories it counts for. */
export interface ModerationHit {
  start: number;
  /** Exclusive. */
  end: number;
  /** The word-list entry or pattern name that fired. */
  term: string;
  categories: ReadonlyArray<{ category: ModerationCategory; score: number }>;
}

/** Result of {@link moderateOffline}. */
export interface OfflineModerationResult {
  /** Every category with a score above 0, highest first. */
  category_scores: ModerationCategoryScore[];
  hits: ModerationHit[];
}

type Scores = ReadonlyArray<{ category: ModerationCategory; score: number }>;

const SLURS = new Set([
  'abeed',
  'africoon',
  'arabush',
  'boonga',
  'chingchong',
  'chink',
  'kike',
  'nigger',
  'tranny',
  'fag',
  'dyke',
  'abo',
]);
const DEMEANING = new Set(['retard', 'spastic', 'negro']);
const SEXUAL = new Set([
  'anal',
  'bestiality',
  'blowjob',
  'buttplug',
  'cum',
  'deepthroat',
  'dildo',
  'doggystyle',
  'double penetration',
  'ejaculate',
  'felch',
  'fellatio',
  'finger bang',
  'fisting',
  'gangbang',
  'handjob',
  'hentai',
  'incest',
  'jerk off',
  'jizz',
  'lubejob',
  'masturbate',
  'orgasm',
  'orgy',
  'porn',
  'semen',
  'sex',
  'penis',
  'vagina',
]);
const INSULTS = new Set([
  'bitch',
  'bastard',
  'cunt',
  'twat',
  'whore',
  'slut',
  'prick',
  'dick',
  'hooker',
  'cuck',
]);

/** Scores of one word-list entry; `directed` when aimed at a person ("you …"). */
function wordScores(word: string, directed: boolean): Scores {
  if (SLURS.has(word))
    return [
      { category: 'hate', score: 0.9 },
      { category: 'harassment', score: directed ? 0.8 : 0.5 },
    ];
  if (DEMEANING.has(word))
    return [
      { category: 'hate', score: 0.55 },
      { category: 'harassment', score: directed ? 0.7 : 0.35 },
    ];
  if (word === 'rape')
    return [
      { category: 'violence', score: 0.75 },
      { category: 'sexual', score: 0.6 },
    ];
  if (SEXUAL.has(word)) return [{ category: 'sexual', score: word === 'sex' ? 0.45 : 0.75 }];
  if (INSULTS.has(word)) return [{ category: 'harassment', score: directed ? 0.8 : 0.45 }];
  // General profanity (fuck, shit, ass, piss, …): rude, not by itself harassment.
  return [{ category: 'harassment', score: directed ? 0.65 : 0.25 }];
}

const DIRECTED = /\b(?:you|ur|u|your|you're|youre|yourself)\b[\s\w',]{0,16}$/i;
const MINOR_CUE =
  /\b(?:child(?:ren)?|kids?|minors?|under-?age|pre-?teens?|teen(?:ager)?s?|little (?:girls?|boys?)|(?:[1-9]|1[0-7])[- ]?(?:years?|yrs?)[- ]?old|school ?(?:girls?|boys?))\b/i;

interface PhraseRule {
  name: string;
  pattern: RegExp;
  scores: Scores;
}

const KILL = '(?:kill|murder|shoot|stab|strangle|behead|hurt|beat|slaughter|butcher)';
/** Figurative uses: "shoot him an e-mail", "beat you at chess", "kill it on stage". */
const NOT_FIGURATIVE =
  '(?!\\s+(?:an?\\s+|the\\s+|a quick\\s+)?(?:e-?mail|message|text|note|line|dm|invite|link)\\b)(?!\\s+(?:at|in)\\s+(?:a\\s+|the\\s+)?(?:chess|cards|poker|games?|match|race|tennis|golf|arm[- ]?wrestling|\\w*ball)\\b)';

/** Threat, violence and self-harm phrases (written for Sluice; coarse by design). */
const PHRASES: readonly PhraseRule[] = [
  {
    name: 'self-harm instructions',
    pattern:
      /\b(?:how (?:can i|do i|to|should i)|best (?:way|method)s? to|ways? to|easiest way to|painless way to)\s+(?:kill myself|commit suicide|end (?:my|one's) (?:own )?life|cut myself|overdose|hang myself|self[- ]harm)\b/gi,
    scores: [
      { category: 'self-harm/instructions', score: 0.9 },
      { category: 'self-harm', score: 0.85 },
    ],
  },
  {
    name: 'self-harm intent',
    pattern:
      /\b(?:i (?:want|wanna|am going|'m going|plan|intend|need) to (?:die|kill myself|end (?:it all|my life)|hurt myself|cut myself)|i(?:'m| am) (?:going to|gonna) (?:kill myself|end it)|i(?:'m| am) (?:feeling |so )?suicidal|i don'?t want to (?:live|be alive) anymore)\b/gi,
    scores: [
      { category: 'self-harm/intent', score: 0.9 },
      { category: 'self-harm', score: 0.85 },
    ],
  },
  {
    name: 'self-harm',
    pattern:
      /\b(?:suicid(?:e|al)|self[- ]harm(?:ing)?|kill(?:ing)? myself|cutting myself|slit (?:my|your) wrists?)\b/gi,
    // A mention alone (news, prevention hotlines) stays below the default threshold.
    scores: [{ category: 'self-harm', score: 0.45 }],
  },
  {
    name: 'telling someone to self-harm',
    pattern: /\b(?:go |just )?(?:kill|hang) yourself\b|\bkys\b/gi,
    scores: [
      { category: 'harassment/threatening', score: 0.85 },
      { category: 'harassment', score: 0.9 },
      { category: 'self-harm', score: 0.6 },
    ],
  },
  {
    name: 'threat',
    pattern: new RegExp(
      `\\b(?:i(?:'ll| will| am going to|'m going to|'m gonna| gonna)|we(?:'ll| will| are going to))\\s+(?:\\w+\\s+){0,2}${KILL}\\s+(?:you|him|her|them|your (?:family|kids))\\b${NOT_FIGURATIVE}|\\byou(?:'re| are) (?:going to )?(?:dead|die)\\b|\\bwatch your back\\b`,
      'gi',
    ),
    scores: [
      { category: 'harassment/threatening', score: 0.9 },
      { category: 'violence', score: 0.85 },
      { category: 'harassment', score: 0.8 },
    ],
  },
  {
    name: 'violence',
    pattern: new RegExp(
      `\\b${KILL}(?:s|ed|ing)?\\s+(?:all\\s+)?(?:the\\s+)?(?:people|them|everyone|those|him|her|the (?:man|woman))\\b${NOT_FIGURATIVE}|\\b(?:bomb|shoot up|massacre)\\s+(?:the\\s+)?(?:school|church|mosque|synagogue|crowd|office)\\b`,
      'gi',
    ),
    scores: [{ category: 'violence', score: 0.75 }],
  },
  {
    name: 'graphic violence',
    pattern:
      /\b(?:dismember(?:ed|ing)?|disembowel(?:led|ed|ing)?|entrails|guts spill(?:ed|ing)|skull (?:cracked|crushed) open|blood (?:everywhere|spurting|gushing)|torn (?:limb from limb|apart))\b/gi,
    scores: [
      { category: 'violence/graphic', score: 0.8 },
      { category: 'violence', score: 0.6 },
    ],
  },
];

const HATE_GROUP =
  /\b(?:all|those|these|the)\s+(?:jews|muslims|christians|blacks|whites|asians|gays|immigrants|mexicans|arabs|women|trans people)\b/i;

let matcher: RegExpMatcher | undefined;

function wordMatcher(): RegExpMatcher {
  matcher ??= new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  return matcher;
}

/**
 * Scores `text` against the documented moderation categories without a model. Linear in the
 * text; the word matcher is built once per process.
 */
export function moderateOffline(text: string): OfflineModerationResult {
  const hits: ModerationHit[] = [];
  for (const match of wordMatcher().getAllMatches(text, true)) {
    const word =
      englishDataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord ?? 'profanity';
    const before = text.slice(Math.max(0, match.startIndex - 24), match.startIndex);
    hits.push({
      start: match.startIndex,
      end: match.endIndex + 1,
      term: word,
      categories: wordScores(word, DIRECTED.test(before)),
    });
  }
  for (const rule of PHRASES) {
    rule.pattern.lastIndex = 0;
    for (const m of text.matchAll(rule.pattern)) {
      let scores = rule.scores;
      // A violent phrase aimed at a group is hate with a threat.
      if ((rule.name === 'violence' || rule.name === 'threat') && HATE_GROUP.test(text)) {
        scores = [...scores, { category: 'hate/threatening', score: 0.85 }, { category: 'hate', score: 0.7 }];
      }
      hits.push({ start: m.index, end: m.index + m[0].length, term: rule.name, categories: scores });
    }
  }
  const combined = new Map<string, number>();
  for (const hit of hits) {
    for (const { category, score } of hit.categories) {
      // Independent evidence: 1 - Π(1 - s), so repeated hits raise a score but never reach 1.
      const prior = combined.get(category) ?? 0;
      combined.set(category, Math.min(0.99, 1 - (1 - prior) * (1 - score)));
    }
  }
  const sexual = combined.get('sexual');
  if (sexual !== undefined && MINOR_CUE.test(text))
    combined.set('sexual/minors', Math.min(0.99, sexual + 0.2));
  const category_scores = [...combined]
    .map(([category, score]) => ({ category, score: Math.round(score * 1000) / 1000 }))
    .sort((a, b) => b.score - a.score);
  hits.sort((a, b) => a.start - b.start);
  return { category_scores, hits };
}
