/**
 * The learned model's weights and blend constants, read once from `data/model.json` (written by
 * `npx tsx eval/injection/train-model.ts --write` from the development half only; do not edit).
 */
import { readFileSync } from 'node:fs';

interface ModelFile {
  scale: number;
  bias: number;
  shift: number;
  blendWeight: number;
  blendCut: number;
  blendCutShort: number;
  ruleKeep: number;
  ruleKeepShort: number;
  weights: string;
}

const MODEL = JSON.parse(readFileSync(new URL('./data/model.json', import.meta.url), 'utf8')) as ModelFile;

/** Scale of the int8 weights. */
export const MODEL_SCALE = MODEL.scale;
/** Bias of the logistic model. */
export const MODEL_BIAS = MODEL.bias;
/** Subtracted from the logit before the sigmoid (calibration on leave-one-set-out CV). */
export const MODEL_SHIFT = MODEL.shift;
/** Weight of the rule score in the blend. */
export const BLEND_WEIGHT = MODEL.blendWeight;
/** Blend value mapped to the default threshold 0.7 (documents). */
export const BLEND_CUT = MODEL.blendCut;
/** Blend value mapped to the default threshold 0.7 (short messages, see isShortMessage). */
export const BLEND_CUT_SHORT = MODEL.blendCutShort;
/** Rule scores at or above this are kept as they are (documents). */
export const RULE_KEEP = MODEL.ruleKeep;
/** Rule scores at or above this are kept as they are (short messages, see isShortMessage). */
export const RULE_KEEP_SHORT = MODEL.ruleKeepShort;
/** The int8 weights, base64 (`MODEL_DIM` of them). */
export const MODEL_WEIGHTS_B64 = MODEL.weights;
