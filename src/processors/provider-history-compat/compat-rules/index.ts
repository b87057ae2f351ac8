import { anthropicToolIdFormat } from './anthropic-tool-id-format.js';
import { azureSystemReminderTransform } from './azure-system-reminder-transform.js';
import { cerebrasStripReasoningContent } from './cerebras-strip-reasoning-content.js';
import { openaiOrphanItemId } from './openai-orphan-item-id.js';
import type { CompatRule } from './types.js';

export { anthropicToolIdFormat } from './anthropic-tool-id-format.js';
export { azureSystemReminderTransform } from './azure-system-reminder-transform.js';
export { cerebrasStripReasoningContent } from './cerebras-strip-reasoning-content.js';
export { openaiOrphanItemId } from './openai-orphan-item-id.js';
export type { CompatRule, CompatRuleApplyArgs } from './types.js';

/** The built-in rules `ProviderHistoryCompat` runs, in order, before any additional ones. */
export const DEFAULT_COMPAT_RULES: readonly CompatRule[] = Object.freeze([
  anthropicToolIdFormat,
  cerebrasStripReasoningContent,
  azureSystemReminderTransform,
  openaiOrphanItemId,
]);
