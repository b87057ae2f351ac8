import type { LanguageModelV2Prompt, LanguageModelV2TextPart } from '@ai-sdk/provider';
import { mapMessages, mapParts, providerOf, routedProviderOf } from './shared.js';
import type { CompatRule, CompatRuleApplyArgs } from './types.js';

/** An opening or closing `system-reminder` tag (attributes, if any, follow and are kept). */
const TAG = /<(\/?)system-reminder(?=[\s/>])/;
const TAG_ALL = /<(\/?)system-reminder(?=[\s/>])/g;

function renamed(text: string): string {
  // `includes` first: the usual text has no tag at all and the regex never runs.
  return text.includes('system-reminder') && TAG.test(text)
    ? text.replace(TAG_ALL, '<$1system-context')
    : text;
}

function renamePart<P extends { type: string }>(part: P): P {
  if (part.type !== 'text') return part;
  const text = (part as unknown as LanguageModelV2TextPart).text;
  const next = renamed(text);
  return next === text ? part : { ...part, text: next };
}

function transform({ prompt, model, forced }: CompatRuleApplyArgs): LanguageModelV2Prompt | undefined {
  if (!forced && !/^azure/i.test(providerOf(model)) && routedProviderOf(model) !== 'azure') return undefined;
  return mapMessages(prompt, (message) => {
    switch (message.role) {
      case 'system': {
        const content = renamed(message.content);
        return content === message.content ? message : { ...message, content };
      }
      case 'user': {
        const content = mapParts(message.content, renamePart);
        return content ? { ...message, content } : message;
      }
      case 'assistant': {
        const content = mapParts(message.content, renamePart);
        return content ? { ...message, content } : message;
      }
      default:
        return message;
    }
  });
}

/**
 * Azure OpenAI's content filter tends to reject prompts carrying `<system-reminder>` blocks
 * (signals, observational memory). For Azure models (or once forced by a content-filter
 * rejection) the wrapper is renamed to `<system-context …>` / `</system-context>` in outbound
 * system, user and assistant text, attributes kept; instructions that mention the tag are
 * renamed the same way, so they still describe what the model sees. Stored history is untouched.
 */
export const azureSystemReminderTransform: CompatRule = Object.freeze({
  name: 'azure-system-reminder-transform',
  errorPatterns: Object.freeze([
    /content management policy/i,
    /content_filter/i,
    /ResponsibleAIPolicyViolation/i,
  ]),
  applyToPrompt: transform,
});
