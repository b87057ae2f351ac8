import MiniSearch from 'minisearch';

/** One search result, as `search_tools` reports it. */
export interface ToolSearchHit {
  name: string;
  description: string;
  /** Relevance relative to the best match of the query: the best is 1, the rest in (0, 1]. */
  score: number;
}

interface ToolDocument {
  id: string;
  /** The name split into words: `getWeather`/`get_weather` → `get weather`. */
  words: string;
  description: string;
}

/** Words too common in tool descriptions and requests to say anything about relevance. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'i',
  'in',
  'is',
  'it',
  'me',
  'my',
  'of',
  'on',
  'or',
  'the',
  'to',
  'tool',
  'tools',
  'with',
]);

/** Split identifiers into words: camelCase, snake_case, kebab-case, dotted. */
function nameWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/(?<![A-Z])([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();
}

function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return lower.length < 2 || STOP_WORDS.has(lower) ? null : lower;
}

/** Name matches weigh this much more than description matches (BM25 field boost). */
const NAME_FIELD_BOOST = 3;
/** A query that names the tool outright (all of its name's words, in order) multiplies its score. */
const NAME_MENTION_BOOST = 2;

/**
 * Full-text index over a tool catalog: BM25 ranking by MiniSearch over the tool's name (split
 * into words, boosted) and description, prefix matching for terms of 3+ characters and light
 * fuzzy matching for terms of 5+, plus a boost when the query spells out a tool's name.
 * Built once per catalog; a search is a MiniSearch query plus a linear pass over the matches.
 */
export class ToolSearchIndex {
  readonly #mini: MiniSearch<ToolDocument>;
  readonly #descriptions = new Map<string, string>();
  readonly #nameKeys = new Map<string, string>();

  constructor(entries: Iterable<readonly [name: string, description: string]>) {
    this.#mini = new MiniSearch<ToolDocument>({
      fields: ['words', 'description'],
      storeFields: [],
      processTerm,
      searchOptions: {
        boost: { words: NAME_FIELD_BOOST },
        prefix: (term) => term.length >= 3,
        fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      },
    });
    const documents: ToolDocument[] = [];
    for (const [name, description] of entries) {
      const words = nameWords(name);
      this.#descriptions.set(name, description);
      this.#nameKeys.set(name, ` ${words} `);
      documents.push({ id: name, words, description });
    }
    this.#mini.addAll(documents);
  }

  /** Number of indexed tools. */
  get size(): number {
    return this.#descriptions.size;
  }

  /**
   * Every tool that matches `query`, best first, scores relative to the best (1). `keep`
   * drops tools before the scores are normalised, so a hidden tool never sets the scale.
   */
  async search(query: string, keep?: (name: string) => boolean | Promise<boolean>): Promise<ToolSearchHit[]> {
    const spelled = ` ${nameWords(query)} `;
    const raw = this.#mini.search(query, {
      boostDocument: (id: string) =>
        spelled.includes(this.#nameKeys.get(id) ?? '\0') ? NAME_MENTION_BOOST : 1,
    });
    const visible = keep ? await Promise.all(raw.map((hit) => keep(hit.id as string))) : undefined;
    const hits = visible ? raw.filter((_, i) => visible[i]) : raw;
    const best = hits[0]?.score ?? 0;
    return hits.map((hit) => ({
      name: hit.id as string,
      description: this.#descriptions.get(hit.id as string) ?? '',
      score: best > 0 ? Math.round((hit.score / best) * 1000) / 1000 : 0,
    }));
  }
}
