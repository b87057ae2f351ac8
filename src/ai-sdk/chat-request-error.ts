import { SluiceError } from '../errors/sluice-error.js';

/**
 * A chat request the handler refuses before running anything: `CHAT_REQUEST_INVALID` (400) or
 * `CHAT_REQUEST_TOO_LARGE` (413). Its message describes the request, never the server, so the
 * handler sends it to the client as is.
 */
export class ChatRequestError extends SluiceError {
  /** The HTTP status the handler answers with. */
  readonly status: 400 | 413;

  constructor(code: 'CHAT_REQUEST_INVALID' | 'CHAT_REQUEST_TOO_LARGE', message: string) {
    super(code, message);
    this.name = 'ChatRequestError';
    this.status = code === 'CHAT_REQUEST_TOO_LARGE' ? 413 : 400;
  }
}
