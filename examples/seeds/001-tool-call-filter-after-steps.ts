// Seeds 001/002 ("ToolCallFilter"): also filter during the loop, keeping the last two tool steps.
import { ToolCallFilter } from 'sluice/processors';

export const toolCallFilter = new ToolCallFilter({
  filterAfterToolSteps: 2,
});
