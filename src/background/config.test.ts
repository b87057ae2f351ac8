import { describe, expect, it } from 'vitest';
import {
  type AgentBackgroundTasksConfig,
  type BackgroundOverride,
  checkBackgroundOverride,
  resolveBackgroundPlan,
  type ToolBackgroundConfig,
} from './config.js';

type Row = [
  label: string,
  tool: ToolBackgroundConfig | undefined,
  agent: AgentBackgroundTasksConfig | undefined,
  override: BackgroundOverride | undefined,
  expected: { disposition: string; timeoutMs?: number; maxRetries?: number; waitTimeoutMs?: number },
];

const DEFAULTS = { timeoutMs: 1000, maxRetries: 1, waitTimeoutMs: 500 };

// Issue #15 item 1: agent and tool layers decide eligibility and defaults, the model's override
// wins for an eligible call, manager defaults fill the rest; an ineligible call is foreground.
const TABLE: Row[] = [
  ['no config anywhere → foreground', undefined, undefined, undefined, { disposition: 'foreground' }],
  [
    'model asks deferred, tool not opted in → foreground',
    undefined,
    undefined,
    { disposition: 'deferred' },
    { disposition: 'foreground' },
  ],
  [
    'tool enabled → deferred with manager defaults',
    { enabled: true },
    undefined,
    undefined,
    { disposition: 'deferred', timeoutMs: 1000, maxRetries: 1, waitTimeoutMs: 500 },
  ],
  [
    "tool enabled, defaultDisposition 'foreground' → foreground (still eligible)",
    { enabled: true, defaultDisposition: 'foreground' },
    undefined,
    undefined,
    { disposition: 'foreground', timeoutMs: 1000 },
  ],
  [
    'model override wins for an eligible call (disposition, timeoutMs, maxRetries)',
    { enabled: true, defaultDisposition: 'foreground', timeoutMs: 50, maxRetries: 0 },
    undefined,
    { disposition: 'awaited', timeoutMs: 7, maxRetries: 3 },
    { disposition: 'awaited', timeoutMs: 7, maxRetries: 3 },
  ],
  [
    'tool enabled: false → foreground',
    { enabled: false },
    undefined,
    { disposition: 'deferred' },
    { disposition: 'foreground' },
  ],
  [
    "agent tools: 'all' opts in a tool without config",
    undefined,
    { tools: 'all' },
    undefined,
    { disposition: 'deferred' },
  ],
  [
    "agent tools: 'all' respects a tool's enabled: false",
    { enabled: false },
    { tools: 'all' },
    { disposition: 'deferred' },
    { disposition: 'foreground' },
  ],
  [
    'agent per-name entry opts in over the tool (and its fields win over the tool)',
    { enabled: false, timeoutMs: 50, waitTimeoutMs: 60 },
    { tools: { research: { timeoutMs: 70 } }, waitTimeoutMs: 90 },
    undefined,
    { disposition: 'deferred', timeoutMs: 70, waitTimeoutMs: 60 },
  ],
  [
    'agent per-name false opts out an enabled tool, whatever the model asks',
    { enabled: true },
    { tools: { research: false } },
    { disposition: 'awaited' },
    { disposition: 'foreground' },
  ],
  [
    'agent disabled → foreground',
    { enabled: true },
    { disabled: true, tools: 'all' },
    { disposition: 'deferred' },
    { disposition: 'foreground' },
  ],
  [
    "agent waitTimeoutMs is below the tool's",
    { enabled: true },
    { waitTimeoutMs: 90 },
    undefined,
    { disposition: 'deferred', waitTimeoutMs: 90 },
  ],
  [
    'a per-name entry for another tool leaves this one to its own option',
    { enabled: true },
    { tools: { other: false } },
    undefined,
    { disposition: 'deferred' },
  ],
];

describe('resolveBackgroundPlan (resolution order table)', () => {
  it.each(TABLE)('%s', (_label, tool, agent, override, expected) => {
    const plan = resolveBackgroundPlan({ toolName: 'research', tool, agent, override, defaults: DEFAULTS });
    expect(plan).toMatchObject(expected);
    expect(plan.eligible).toBe(expected.timeoutMs !== undefined || expected.disposition !== 'foreground');
  });

  it('callbacks come from the per-name entry, else the tool', () => {
    const onComplete = () => {};
    const onFailed = () => {};
    const plan = resolveBackgroundPlan({
      toolName: 'research',
      tool: { enabled: true, onComplete },
      agent: { tools: { research: { onFailed } } },
      override: undefined,
    });
    expect(plan).toMatchObject({ onComplete, onFailed });
  });
});

describe('checkBackgroundOverride (the model-facing `_background` argument)', () => {
  it.each([
    [undefined, { ok: true, override: undefined }],
    [
      { disposition: 'awaited', timeoutMs: 10, maxRetries: 0 },
      { ok: true, override: { disposition: 'awaited', timeoutMs: 10, maxRetries: 0 } },
    ],
    ['deferred', { ok: false }],
    [{ disposition: 'soon' }, { ok: false }],
    [{ timeoutMs: 0 }, { ok: false }],
    [{ maxRetries: 1.5 }, { ok: false }],
    [{ priority: 'high' }, { ok: false }],
  ])('%j → %j', (value, expected) => {
    expect(checkBackgroundOverride(value)).toMatchObject(expected);
  });
});
