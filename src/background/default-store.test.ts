/**
 * Issue #15: task records live in the memory storage. An agent without
 * `backgroundTasks.manager` whose memory is a SQL store keeps its task records in that
 * database (a `background_tasks` table beside the messages), so they outlive the process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'sluice/agent';
import { Memory } from 'sluice/memory';
import { SqlBackgroundTaskStore, SqliteStore } from 'sluice/sqlite';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('default task manager: records in the memory storage', () => {
  it('a deferred call with SQLite memory is stored as a task row in that file, completed with its result', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-bg-default-'));
    const path = join(dir, 'memory.db');
    const storage = new SqliteStore({ path });
    try {
      const research = createTool({
        id: 'research',
        description: 'Slow research',
        inputSchema: z.object({ topic: z.string() }).strict(),
        background: { enabled: true },
        execute: async ({ topic }) => ({ summary: `notes on ${topic}` }),
      });
      const model = new ScriptedModel({
        steps: [
          { toolCalls: [{ toolName: 'research', args: { topic: 'owls' }, toolCallId: 'call-owls' }] },
          'Started.',
          'Done: notes on owls.',
        ],
      });
      const agent = new Agent({
        id: 'a',
        instructions: 'x',
        model,
        tools: { research },
        memory: new Memory({ storage }),
      });
      const output = await agent.stream('research owls', {
        memory: { thread: 't1', resource: 'u1' },
        untilIdle: true,
      });
      expect(await output.text).toContain('notes on owls');

      // Read back through a second store on the same file: what another process would see.
      const reader = new SqliteStore({ path });
      try {
        const tasks = await new SqlBackgroundTaskStore({ store: reader }).list();
        expect(tasks).toHaveLength(1);
        expect(tasks[0]).toMatchObject({
          toolName: 'research',
          toolCallId: 'call-owls',
          status: 'completed',
          agentId: 'a',
          threadId: 't1',
          resourceId: 'u1',
          result: { summary: 'notes on owls' },
        });
      } finally {
        await reader.close();
      }
    } finally {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
