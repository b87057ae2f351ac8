// Seeds 001/002 ("ToolCallFilter"): keep compact model-facing output of filtered tool results.
import { ToolCallFilter } from 'sluice/processors';

export const toolCallFilter = new ToolCallFilter({
  preserveModelOutput: true,
});
