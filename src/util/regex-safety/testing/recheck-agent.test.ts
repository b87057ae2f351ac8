import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nativeRecheckBinary, RecheckAgent, RecheckAgentExitedError } from './recheck-agent.js';

const dir = mkdtempSync(join(tmpdir(), 'sluice-recheck-agent-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in agent: a shell script that does `body` and never answers. */
function fakeAgent(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

const PARAMS = { checker: 'auto' } as const;

describe('the recheck agent client fails pending analyses when the agent dies instead of hanging', () => {
  it('an agent killed mid-analysis (as by the OOM killer) rejects every pending check with RECHECK_AGENT_EXITED', async () => {
    const agent = new RecheckAgent(fakeAgent('killed.sh', 'read line\nkill -KILL $$'));
    const pending = [agent.check('a+', '', PARAMS), agent.check('b+', '', PARAMS)];
    for (const result of pending) {
      await expect(result).rejects.toSatisfy(
        (error) => error instanceof RecheckAgentExitedError && /signal SIGKILL/.test(error.message),
      );
    }
    await expect(agent.check('c+', '', PARAMS)).rejects.toBeInstanceOf(RecheckAgentExitedError);
  });

  it('an agent that exits at start rejects with its exit code', async () => {
    const agent = new RecheckAgent(fakeAgent('exits.sh', 'exit 3'));
    await expect(agent.check('a+', '', PARAMS)).rejects.toThrow(/exited \(code 3\)/);
  });

  it('a binary that cannot run rejects instead of hanging', async () => {
    const agent = new RecheckAgent(join(dir, 'missing-binary'));
    await expect(agent.check('a+', '', PARAMS)).rejects.toThrow(/could not run/);
  });

  it.runIf(nativeRecheckBinary() !== null)(
    'the real native agent answers and then closes cleanly',
    async () => {
      const agent = new RecheckAgent(nativeRecheckBinary() as string);
      try {
        const [nested, linear] = await Promise.all([
          agent.check('^(a+)+$', '', PARAMS),
          agent.check('^a+$', '', PARAMS),
        ]);
        expect([nested.status, linear.status]).toEqual(['vulnerable', 'safe']);
      } finally {
        agent.close();
      }
    },
  );
});
