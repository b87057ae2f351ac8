import type {
  LanguageModelV2CallOptions,
  LanguageModelV2Message,
  LanguageModelV2Prompt,
} from '@ai-sdk/provider';
import { normalizeFileData } from './file-data.js';
import { mapCopyOnWrite } from './map-copy-on-write.js';
import type { ModelCallOptions } from './types.js';

/**
 * Prepares Sluice's call options for a spec-V2 model. They already have the V2 shape, so the
 * same object is returned unless a file part carries a URL string (see `normalizeFileData`).
 */
export function toV2CallOptions(options: ModelCallOptions): LanguageModelV2CallOptions {
  const prompt = normalizeV2Prompt(options.prompt);
  return prompt === options.prompt ? options : { ...options, prompt };
}

/** Normalises file data in a spec-V2 prompt, reusing every message that needs no change. */
function normalizeV2Prompt(prompt: LanguageModelV2Prompt): LanguageModelV2Prompt {
  return mapCopyOnWrite(prompt, normalizeMessage);
}

function normalizeMessage(message: LanguageModelV2Message): LanguageModelV2Message {
  if (message.role !== 'user' && message.role !== 'assistant') return message;
  const content = mapCopyOnWrite<(typeof message.content)[number], (typeof message.content)[number]>(
    message.content,
    (part) => {
      if (part.type !== 'file') return part;
      const data = normalizeFileData(part.data);
      return data === part.data ? part : { ...part, data };
    },
  );
  return content === message.content ? message : ({ ...message, content } as LanguageModelV2Message);
}
