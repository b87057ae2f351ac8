/**
 * Scrambled-letter spellings ("ignroe all prevoius insturctions"): readers decode a word whose
 * first and last letters are in place and whose middle is shuffled, and so do models. Each word
 * of four or more letters is looked up by (first letter, sorted middle, last letter) among the
 * scorer's keywords and replaced by the keyword. One pass, one map lookup per word.
 */

const KEYWORDS = [
  'ignore',
  'ignoring',
  'disregard',
  'forget',
  'previous',
  'prior',
  'above',
  'instructions',
  'instruction',
  'rules',
  'prompt',
  'system',
  'reveal',
  'override',
  'bypass',
  'guidelines',
  'restrictions',
  'directions',
  'commands',
  'earlier',
  'initial',
  'original',
  'unrestricted',
  'jailbreak',
  'developer',
  'confidential',
  'secret',
  'hidden',
  'password',
  'credentials',
  'pretend',
  'filters',
  'safety',
  'policies',
  'repeat',
  'display',
  'print',
  'everything',
  // Round 3 (issue #11): more English attack vocabulary, and German, French and Spanish keywords
  // (text is folded first, so accents are gone). Each is looked up only when a word has the same
  // first letter, last letter and length.
  'priority',
  'directive',
  'operator',
  'constraints',
  'lifted',
  'filtering',
  'without',
  'configured',
  'configuration',
  'exactly',
  'questions',
  'context',
  'message',
  'messages',
  'conversation',
  'received',
  'quote',
  'verbatim',
  'summarise',
  'summarize',
  'aside',
  'answer',
  'limits',
  'unfiltered',
  'uncensored',
  'character',
  'comply',
  'disable',
  'disabled',
  'policy',
  'safeguards',
  'output',
  'administrator',
  'before',
  'ignoriere',
  'ignorieren',
  'vergiss',
  'vorherigen',
  'bisherigen',
  'anweisungen',
  'anweisung',
  'regeln',
  'systemprompt',
  'entwickler',
  'versteckten',
  'geheimen',
  'vollstandig',
  'wortwortlich',
  'ausgeben',
  'wiederhole',
  'richtlinien',
  'befolge',
  'ignorez',
  'oublie',
  'oubliez',
  'precedentes',
  'consignes',
  'regles',
  'systeme',
  'developpeur',
  'cachees',
  'revele',
  'affiche',
  'repete',
  'execute',
  'seulement',
  'abstraction',
  'contraintes',
  'filtres',
  'ignora',
  'olvida',
  'anteriores',
  'instrucciones',
  'reglas',
  'sistema',
  'mensaje',
  'desarrollador',
  'oculto',
  'ocultas',
  'revela',
  'muestra',
  'repite',
  'encima',
  'pautas',
  'restricciones',
  'filtros',
];

function keyOf(word: string): string {
  const middle = word.slice(1, -1).split('').sort().join('');
  return `${word[0]}${middle}${word[word.length - 1]}`;
}

const BY_KEY = new Map<string, string>();
// (first letter, last letter, length) of every keyword: only words matching one are sorted.
const SHAPES = new Set<string>();
for (const k of KEYWORDS) {
  BY_KEY.set(keyOf(k), k);
  SHAPES.add(`${k[0]}${k[k.length - 1]}${k.length}`);
}

const WORD = /[a-z]{4,}/g;

/** The text with scrambled spellings of known keywords restored, and how many were restored. */
export function unscramble(text: string): { text: string; restored: number } {
  let restored = 0;
  const out = text.replace(WORD, (word) => {
    if (word.length > 14 || !SHAPES.has(`${word[0]}${word[word.length - 1]}${word.length}`)) return word;
    const hit = BY_KEY.get(keyOf(word));
    if (hit === undefined || hit === word) return word;
    restored++;
    return hit;
  });
  return { text: out, restored };
}
