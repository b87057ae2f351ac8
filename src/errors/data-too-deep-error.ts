import { SluiceError } from './sluice-error.js';

/**
 * `DATA_TOO_DEEP`: a value nests objects or arrays deeper than Sluice walks or serialises
 * (`MAX_DATA_DEPTH` for tool data). Raised before any recursive walker could overflow the stack
 * with a bare `RangeError`; `details` name where (`where`) and the bound (`maxDepth`).
 */
export class DataTooDeepError extends SluiceError {
  constructor(where: string, maxDepth: number, fix: string) {
    super('DATA_TOO_DEEP', `${where} nests objects or arrays more than ${maxDepth} levels deep. ${fix}`, {
      details: { where, limit: 'maxDepth', maxDepth },
    });
    this.name = 'DataTooDeepError';
  }
}
