import type { LanguageModelV2CallWarning, SharedV3Warning, SharedV4Warning } from '@ai-sdk/provider';

/**
 * Converts one spec-V3/V4 warning to the spec-V2 shape {@link ModelStreamPart} carries.
 * `unsupported` becomes `unsupported-setting` (the feature name as the setting); `compatibility`
 * and `deprecated` become `other` with a readable message.
 */
function toV2Warning(warning: SharedV3Warning | SharedV4Warning): LanguageModelV2CallWarning {
  switch (warning.type) {
    case 'unsupported':
      return { type: 'unsupported-setting', setting: warning.feature, details: warning.details };
    case 'compatibility':
      return {
        type: 'other',
        message: `compatibility mode for ${warning.feature}${warning.details ? `: ${warning.details}` : ''}`,
      };
    case 'deprecated':
      return { type: 'other', message: `deprecated setting ${warning.setting}: ${warning.message}` };
    case 'other':
      return warning;
    default:
      return {
        type: 'other',
        message: String((warning as { message?: unknown }).message ?? 'unknown warning'),
      };
  }
}

/** Converts a list of spec-V3/V4 warnings to the spec-V2 shape (see {@link toV2Warning}). */
export function toV2Warnings(
  warnings: ReadonlyArray<SharedV3Warning | SharedV4Warning> | undefined,
): LanguageModelV2CallWarning[] {
  if (warnings === undefined || warnings.length === 0) return [];
  const out = new Array<LanguageModelV2CallWarning>(warnings.length);
  for (let i = 0; i < warnings.length; i++) out[i] = toV2Warning(warnings[i]);
  return out;
}
