/**
 * Test support for the record-and-replay suites (imported by test files only): a weather tool
 * that counts its executions, so a test can tell a replayed tool result from one that ran.
 */
import { z } from 'zod';
import { createTool } from '../../tools/index.js';

/** The tool, and the cities it was called for (in order) while it actually ran. */
export function countingWeatherTool(forecast = 'sunny') {
  const calls: string[] = [];
  const tool = createTool({
    id: 'weather',
    description: 'Weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => {
      calls.push(city);
      return { city, forecast };
    },
  });
  return { tool, calls };
}
