/**
 * Test and benchmark data: the pricing source must cover these (pricing tests, bench/cost-control.ts).
 * Not exported by any entry point.
 */
/** Current models of the three main providers, as their AI SDK providers report them. */
export const CURRENT_MODELS: ReadonlyArray<readonly [string, string]> = [
  ...[
    'gpt-5',
    'gpt-5-mini',
    'gpt-5-nano',
    'gpt-5.1',
    'gpt-5.2',
    'gpt-4.1',
    'gpt-4.1-mini',
    'gpt-4o',
    'gpt-4o-mini',
    'o3',
    'o4-mini',
    'o3-mini',
    'gpt-5-2025-08-07',
  ].map((m) => ['openai.responses', m] as const),
  ...[
    'claude-sonnet-4-5',
    'claude-sonnet-4-5-20250929',
    'claude-opus-4-1',
    'claude-opus-4-5',
    'claude-haiku-4-5',
    'claude-sonnet-4-20250514',
    'claude-3-5-haiku-latest',
    'claude-3-7-sonnet-20250219',
  ].map((m) => ['anthropic.messages', m] as const),
  ...[
    'gemini-2.5-pro',
    'gemini-2.5-flash',
    'gemini-2.5-flash-lite',
    'gemini-2.0-flash',
    'gemini-3-pro-preview',
    'gemini-3-flash-preview',
  ].map((m) => ['google.generative-ai', m] as const),
];
