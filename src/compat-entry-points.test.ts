import * as agent from 'sluice/agent';
import * as aiSdk from 'sluice/ai-sdk';
import * as cache from 'sluice/cache';
import * as processors from 'sluice/processors';
import * as redis from 'sluice/redis';
import * as requestContext from 'sluice/request-context';
import * as stream from 'sluice/stream';
import * as tools from 'sluice/tools';
import * as workflows from 'sluice/workflows';
import { describe, expect, it } from 'vitest';

/**
 * The import rewrite `@mastra/core/<x>` → `sluice/<x>` keeps working: every runtime name
 * api-reference §0.2 places under an original entry point is exported by the matching Sluice
 * subpath, whatever the package root holds. (Type names are pinned by the API report.)
 */
const MODULE_MAP: [string, Record<string, unknown>, string[]][] = [
  ['sluice/agent', agent, ['Agent', 'TripWire']],
  [
    'sluice/processors',
    processors,
    [
      'BaseProcessor',
      'TripWire',
      'ProcessorStepSchema',
      'ProcessorStepInputSchema',
      'ProcessorStepOutputSchema',
      'isProcessorWorkflow',
      'createBackgroundWorkSignalProcessor',
      'buildResponseCacheKey',
      'DEFAULT_RESPONSE_CACHE_TTL_SECONDS',
      'RESPONSE_CACHE_CONTEXT_KEY',
      'DEFAULT_COMPAT_RULES',
      'isBadRequestError',
      'isConnectionResetError',
      'isRetryableOpenAIResponsesStreamError',
      'isRetryableProviderErrorBody',
      // built-in processors
      'BatchPartsProcessor',
      'CostGuardProcessor',
      'LanguageDetector',
      'ModerationProcessor',
      'PIIDetector',
      'PrefillErrorHandler',
      'PromptInjectionDetector',
      'ProviderHistoryCompat',
      'RegexFilterProcessor',
      'ResponseCache',
      'StreamErrorRetryProcessor',
      'StructuredOutputProcessor',
      'SystemPromptScrubber',
      'TokenLimiter',
      'TokenLimiterProcessor',
      'ToolCallFilter',
      'ToolSearchProcessor',
      'UnicodeNormalizer',
      'UnsupportedFileHandler',
      // memory processors
      'MessageHistory',
      'SemanticRecall',
      'WorkingMemory',
    ],
  ],
  ['sluice/cache', cache, ['MastraServerCache', 'InMemoryServerCache']],
  [
    'sluice/request-context',
    requestContext,
    ['RequestContext', 'MASTRA_RESOURCE_ID_KEY', 'MASTRA_THREAD_ID_KEY'],
  ],
  ['sluice/stream', stream, ['ChunkFrom']],
  ['sluice/tools', tools, ['createTool', 'Tool']],
  ['sluice/workflows', workflows, ['createWorkflow', 'createStep']],
  ['sluice/redis', redis, ['RedisServerCache']],
  // `@mastra/ai-sdk`'s stream helper, for code written against it.
  ['sluice/ai-sdk', aiSdk, ['toAISdkStream']],
];

describe('api-reference §0.2: each original entry point maps to its sluice/* subpath', () => {
  for (const [specifier, entry, names] of MODULE_MAP) {
    it(`${specifier} exports ${names.length} documented runtime names`, () => {
      const missing = names.filter((name) => entry[name] === undefined);
      expect(missing, `${specifier} lacks ${missing.join(', ')}`).toEqual([]);
    });
  }
});
