/**
 * The blend of `scoreInjection`'s rule score with the small learned n-gram model (`model.ts`,
 * weights and constants in `data/model.json`): the model generalises to paraphrases the patterns
 * do not know, the sure rules stand on their own, and the mapping puts the blend's cut on the
 * default threshold 0.7.
 */
import { decodeWeights, type InjectionModel, modelLogit } from './model.js';
import {
  BLEND_CUT,
  BLEND_CUT_SHORT,
  BLEND_WEIGHT,
  MODEL_BIAS,
  MODEL_SCALE,
  MODEL_SHIFT,
  MODEL_WEIGHTS_B64,
  RULE_KEEP,
  RULE_KEEP_SHORT,
} from './model-weights.js';
import { foldText } from './normalize.js';

let model: InjectionModel | undefined;

/**
 * The learned model's probability at or above which a rule score built on features that may not
 * stand alone (`rule-trust.ts`) still stands on its own: the model does not read the text as
 * innocent. Chosen on leave-one-set-out CV (`eval/injection/loso.ts`, issue #11 round 4): with
 * blind set 5 held out, 0.2 and 0.3 keep recall@1%FPR at 27.0% (24.0% with no corroboration,
 * 27.5% when every feature stands alone) at a hard-negative FPR of 2.9% (4.9% when every feature
 * stands alone); pooled recall@1%FPR 72.3% at 0.2, 71.9% at 0.3. Not part of the public API.
 */
export const CORROBORATE_P = 0.2;

/** Blended scores under this with no rule evidence read 0. */
const MODEL_FLOOR = 0.05;

/** Highest score of a document (not a short message) on the learned model's evidence alone. */
const MODEL_ONLY_DOC_CAP = 0.69;

/**
 * Blends the rule score with the learned n-gram model (`model.ts`):
 * `BLEND_WEIGHT·rule + (1 − BLEND_WEIGHT)·σ(logit − MODEL_SHIFT)`, remapped piecewise-linearly so
 * the blend cut lands on the default threshold 0.7 (`BLEND_CUT_SHORT` for short messages,
 * `BLEND_CUT` for documents); a sure rule score (`sure`: only features whose stand-alone precision
 * over every development set is near 1, see `rule-trust.ts`) of at least `RULE_KEEP_SHORT` /
 * `RULE_KEEP` stands on its own. The other features count only through the blend, where the
 * model can outvote them. Weights and constants come from `eval/injection/train-model.ts` (calibrated on
 * leave-one-set-out CV).
 */
export function blendWithModel(
  rule: number,
  sure: number,
  text: string,
  folded = foldText(text).text,
): number {
  model ??= decodeWeights(MODEL_WEIGHTS_B64, MODEL_SCALE, MODEL_BIAS);
  const p = 1 / (1 + Math.exp(-(modelLogit(model, folded) - MODEL_SHIFT)));
  const b = BLEND_WEIGHT * rule + (1 - BLEND_WEIGHT) * p;
  const short = isShortMessage(text);
  const cut = short ? BLEND_CUT_SHORT : BLEND_CUT;
  const mapped = b < cut ? (0.7 * b) / cut : 0.7 + (0.3 * (b - cut)) / (1 - cut);
  // Faint model evidence alone is noise: a text no rule fires on and the model barely scores reads 0.
  if (rule === 0 && mapped < MODEL_FLOOR) return 0;
  // The model alone never flags a document (issue #11 round 5): a long text no rule fires on is
  // structured tool output, a config or a log far more often than an attack, and the n-grams of
  // such text (JSON keys, "assistant", "instructions" in notes) lifted dev4's leave-one-set-out
  // hard-negative FPR to 5.4–11.8% at scores 0.70–0.73; capped, 1.1%, with no attack lost at 0.7.
  if (rule === 0 && !short && mapped >= MODEL_ONLY_DOC_CAP) return MODEL_ONLY_DOC_CAP;
  const keep = short ? RULE_KEEP_SHORT : RULE_KEEP;
  // A feature that may not stand alone still counts as a certainty when the model leans its way.
  const standing = p >= CORROBORATE_P ? rule : Math.min(sure, rule);
  return Math.min(1, Math.max(mapped, standing >= keep ? standing : 0));
}

/**
 * A short message (at most 400 characters on at most four lines) rather than a document: in a
 * short message a strong rule match is most of the text, so a rule score of at least
 * `RULE_KEEP_SHORT` stands on its own; in a document (code, configs, logs, chat transcripts) the
 * same words are far more often innocent, so only `RULE_KEEP` does. Not part of the public API.
 */
export function isShortMessage(text: string): boolean {
  if (text.length > 400) return false;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) if (++lines > 4) return false;
  return true;
}
