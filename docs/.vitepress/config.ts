import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitepress';

type SidebarItem = { text: string; link: string };

/** One sidebar entry per entry point TypeDoc documents (`typedoc.json`), pointing into `docs/api/`. */
function apiPages(): SidebarItem[] {
  const typedoc = JSON.parse(readFileSync(new URL('../../typedoc.json', import.meta.url), 'utf8')) as {
    entryPoints: string[];
  };
  return typedoc.entryPoints.map((entry) => {
    const name = entry.replace(/^src\//, '').replace(/\/?index\.ts$/, '');
    return name === ''
      ? { text: 'sluice', link: '/api/index/' }
      : { text: `sluice/${name}`, link: `/api/${name}/` };
  });
}

export default defineConfig({
  title: 'Sluice',
  description: 'LLM agents with a programmable processor pipeline',
  cleanUrls: false,
  lastUpdated: false,
  // The generated pages link across entry points; anything else broken fails the build.
  ignoreDeadLinks: false,
  srcExclude: ['README.md'],
  // No favicon: an empty one keeps browsers from requesting /favicon.ico (a 404 in the screenshot check).
  head: [['link', { rel: 'icon', href: 'data:,' }]],
  themeConfig: {
    search: { provider: 'local' },
    outline: [2, 3],
    nav: [
      { text: 'Concepts', link: '/concepts/agent' },
      { text: 'Guides', link: '/guides/memory' },
      { text: 'Processors', link: '/processors/' },
      { text: 'Security', link: '/security' },
      { text: 'API', link: '/api/' },
    ],
    sidebar: [
      {
        text: 'Concepts',
        items: [
          { text: 'The agent and its calls', link: '/concepts/agent' },
          { text: 'Lanes and hook order', link: '/concepts/lanes-and-hooks' },
          { text: 'Tripwires and retries', link: '/concepts/tripwires-and-retries' },
          { text: 'Streaming and hold-back', link: '/concepts/streaming' },
          { text: 'Error processors', link: '/concepts/error-processors' },
          { text: 'Persistence rules', link: '/concepts/persistence' },
          { text: 'Known limits', link: '/concepts/limits' },
        ],
      },
      {
        text: 'Guides',
        items: [
          { text: 'Serving (useChat)', link: '/guides/serving' },
          { text: 'Memory', link: '/guides/memory' },
          { text: 'Memory stores', link: '/guides/stores' },
          { text: 'Response cache', link: '/guides/response-cache' },
          { text: 'Cost control', link: '/guides/cost-control' },
          { text: 'Background tools', link: '/guides/background-tools' },
          { text: 'Workflows as processors', link: '/guides/workflows' },
          { text: 'Structured output', link: '/guides/structured-output' },
          { text: 'Tracing and run records', link: '/guides/tracing' },
          { text: 'Inspecting and comparing runs', link: '/guides/inspector' },
          { text: 'Testing', link: '/guides/testing' },
        ],
      },
      {
        text: 'Built-in processors',
        items: [
          { text: 'Overview', link: '/processors/' },
          { text: 'Guardrails', link: '/processors/guardrails' },
          { text: 'PIIDetector', link: '/processors/pii-detector' },
          { text: 'PromptInjectionDetector', link: '/processors/prompt-injection-detector' },
          { text: 'ModerationProcessor', link: '/processors/moderation' },
          { text: 'LanguageDetector', link: '/processors/language-detector' },
          { text: 'SystemPromptScrubber', link: '/processors/system-prompt-scrubber' },
          { text: 'RegexFilterProcessor', link: '/processors/regex-filter' },
          { text: 'UnicodeNormalizer', link: '/processors/unicode-normalizer' },
          { text: 'ToolCallFilter', link: '/processors/tool-call-filter' },
          { text: 'ToolSearchProcessor', link: '/processors/tool-search' },
          { text: 'BatchPartsProcessor', link: '/processors/batch-parts' },
          { text: 'TokenLimiter', link: '/processors/token-limiter' },
          { text: 'TokenCostControl', link: '/processors/token-cost-control' },
          { text: 'ResponseCache', link: '/processors/response-cache' },
          { text: 'StructuredOutputProcessor', link: '/processors/structured-output' },
          { text: 'Background work signals', link: '/processors/background-work-signals' },
        ],
      },
      {
        text: 'Error processors',
        items: [
          { text: 'ProviderHistoryCompat', link: '/processors/provider-history-compat' },
          { text: 'PrefillErrorHandler', link: '/processors/prefill-error-handler' },
          { text: 'UnsupportedFileHandler', link: '/processors/unsupported-file-handler' },
          { text: 'StreamErrorRetryProcessor', link: '/processors/stream-error-retry' },
        ],
      },
      {
        text: 'Memory processors',
        items: [
          { text: 'MemoryInputFilter', link: '/processors/memory-input-filter' },
          { text: 'WorkingMemory', link: '/processors/working-memory' },
          { text: 'MessageHistory', link: '/processors/message-history' },
          { text: 'SemanticRecall', link: '/processors/semantic-recall' },
          { text: 'ContextOverflowRecovery', link: '/processors/context-overflow-recovery' },
        ],
      },
      {
        text: 'Reference',
        items: [
          { text: 'Security model', link: '/security' },
          { text: 'Migrating from the original', link: '/migration' },
          { text: 'Benchmarks', link: '/reference/benchmarks' },
          { text: 'Guardrail evaluation', link: '/reference/eval' },
          { text: 'API (generated)', link: '/api/' },
        ],
      },
      { text: 'API by entry point', collapsed: true, items: apiPages() },
      {
        text: 'Internals',
        items: [
          { text: 'The run loop and the chunk path', link: '/internals/run-loop' },
          { text: 'Development', link: '/internals/development' },
        ],
      },
    ],
  },
});
