import { SluiceError } from './sluice-error.js';

/**
 * An attachment the model cannot fetch itself could not be downloaded before the call.
 *
 * Error processors see it in `processAPIError` (check `error.id === 'DOWNLOAD_ASSETS_FAILED'`
 * and read `error.details.url`); they may swap the attachment and return `{ retry: true }`.
 * When none does, the agent replaces the attachment with `[Attachment unavailable: <name>]`
 * and calls the model again, so the turn does not fail.
 */
export class DownloadAssetsError extends SluiceError {
  /** Stable identifier, as documented: `'DOWNLOAD_ASSETS_FAILED'`. */
  readonly id = 'DOWNLOAD_ASSETS_FAILED' as const;
  readonly domain = 'LLM' as const;
  readonly category = 'USER' as const;
  /**
   * `reason` is set when the download policy refused the file: `'blocked-address'`,
   * `'too-large'`, `'timeout'`, `'too-many-redirects'` or `'bad-redirect'`.
   */
  declare readonly details: { url: string; name: string; status?: number; reason?: string };
  /** Other attachments of the same call whose download failed too (this error names the first). */
  readonly alsoFailed: DownloadAssetsError[] = [];

  constructor(args: { url: string; name: string; status?: number; cause?: unknown; reason?: string }) {
    const reason =
      args.status !== undefined
        ? `HTTP ${args.status}`
        : args.cause instanceof Error
          ? args.cause.message
          : String(args.cause ?? 'unknown error');
    super(
      'DOWNLOAD_ASSETS_FAILED',
      `Failed to download asset: ${displayUrl(args.url)} (${reason}). The model cannot fetch this URL itself, so Sluice downloads it first; check that the URL is reachable, or swap it in an error processor.`,
      {
        cause: args.cause,
        details: {
          url: args.url,
          name: args.name,
          ...(args.status !== undefined ? { status: args.status } : {}),
          ...(args.reason !== undefined ? { reason: args.reason } : {}),
        },
      },
    );
    this.name = 'DownloadAssetsError';
  }
}

/** Origin and path only: query strings often carry signatures that must not reach logs. */
function displayUrl(url: string): string {
  // A data URL's "path" is its whole payload.
  if (url.startsWith('data:')) return `${url.slice(0, Math.max(5, url.indexOf(',')))}…`;
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.slice(0, 100);
  }
}
