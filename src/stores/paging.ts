/**
 * Paging arithmetic of `listMessages`, shared by every store so "page 0 = the newest page,
 * returned oldest first" means the same everywhere.
 */
import type { StorageOrderBy } from './types.js';

/** Which slice of the ascending match list a page covers, and how to return it. */
export interface PageWindow {
  /** Rows to skip in the chosen scan direction. */
  offset: number;
  /** Rows to take; `undefined` = all. */
  limit: number | undefined;
  /** Scan direction: newest first (`DESC`) or oldest first (`ASC`). */
  scan: 'ASC' | 'DESC';
  /** Order of the returned list. */
  output: 'ASC' | 'DESC';
}

/** Map `page` / `perPage` / `orderBy` to a scan window. */
export function pageWindow(page: number, perPage: number | false, orderBy?: StorageOrderBy): PageWindow {
  const offset = perPage === false ? 0 : page * perPage;
  const limit = perPage === false ? undefined : perPage;
  if (!orderBy) return { offset, limit, scan: 'DESC', output: 'ASC' };
  return { offset, limit, scan: orderBy.direction, output: orderBy.direction };
}
