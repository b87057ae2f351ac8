import { piiData } from './data.js';

const LATIN = piiData<{ readonly givenNames: string[] }>('names/latin');

/**
 * Common given names in English, German, French and Spanish (and a few frequent international
 * ones), written for this detector from the authors' own knowledge of common names (no list was
 * copied). A run "Given Surname" is read as a person's name without
 * any cue; the list is what separates "Hugo Brandt will join" from "General Motors said".
 * Accented and unaccented spellings are both listed where both are usual.
 */
export const GIVEN_NAMES: ReadonlySet<string> = new Set<string>(LATIN.givenNames);
