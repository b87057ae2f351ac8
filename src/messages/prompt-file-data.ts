import type { LanguageModelV2DataContent } from '@ai-sdk/provider';
import { isSchemeUrl, parseDataUrl } from './encoding.js';

/** A stored file payload translated for a provider prompt. */
export interface PromptFileData {
  data: LanguageModelV2DataContent;
  /** Media type read from a data URL header, when there was one. */
  mediaType?: string;
}

/**
 * Translate the string `data` of a stored file part into prompt file data.
 *
 * `http(s)://` and other `scheme://` URLs become `URL` objects (providers download or pass
 * them on); `data:` URLs are decoded to their base64 payload, because provider packages such
 * as `@ai-sdk/openai` read a string as base64 and would otherwise wrap the data URL in a
 * second one; anything else is taken to be base64 already.
 */
export function toPromptFileData(data: string): PromptFileData {
  const parsed = parseDataUrl(data);
  if (parsed)
    return parsed.mediaType ? { data: parsed.base64, mediaType: parsed.mediaType } : { data: parsed.base64 };
  if (isSchemeUrl(data)) {
    try {
      return { data: new URL(data) };
    } catch {
      return { data };
    }
  }
  return { data };
}
