/**
 * Offline language identification through `eld` (the medium n-gram database), chosen by
 * `bench/language-id.ts`: on chat-length texts it ties tinyld on accuracy, is the fastest per
 * call, and its reliability flag keeps it from being confident about noise. The database (about
 * 9 MB) loads lazily on the first detection, so importing `sluice/processors` stays cheap.
 */

/** One offline detection. */
export interface OfflineLanguageDetection {
  /** ISO 639-1 code; `''` when no language could be told. */
  iso_code: string;
  /** In [0, 1]: the top n-gram score, halved when eld calls the result unreliable (too little text). */
  confidence: number;
  /** The next candidates with their scores, best first (at most three). */
  alternatives: Array<{ iso_code: string; score: number }>;
}

interface EldLike {
  detect(text: string): { language: string; getScores(): Record<string, number>; isReliable(): boolean };
}

let loading: Promise<EldLike> | undefined;

function eld(): Promise<EldLike> {
  loading ??= import('eld/medium').then((module) => module.eld as EldLike);
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Identify the language of `text` without a model (first call loads the database). */
export async function detectLanguageOffline(text: string): Promise<OfflineLanguageDetection> {
  const detector = await eld();
  const result = detector.detect(text);
  const scores = Object.entries(result.getScores()).sort((a, b) => b[1] - a[1]);
  const top = scores[0]?.[1] ?? 0;
  const confidence = result.language === '' ? 0 : result.isReliable() ? top : top / 2;
  return {
    iso_code: result.language,
    confidence: Math.round(Math.min(1, confidence) * 1000) / 1000,
    alternatives: scores
      .slice(1, 4)
      .map(([iso_code, score]) => ({ iso_code, score: Math.round(score * 1000) / 1000 })),
  };
}
