/**
 * Internal links and anchors of a built static site: every `href` / `src` that stays on the site
 * must name a file that exists, and a `#fragment` must name an `id` in that file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/** One broken link: the page it is on, the link as written, and why it is broken. */
export interface BrokenLink {
  page: string;
  link: string;
  problem: string;
}

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...htmlFiles(path));
    else if (entry.name.endsWith('.html')) out.push(path);
  }
  return out;
}

/** The values of one attribute (`href`, `src`, `id`) in an HTML text, entity `&amp;` decoded. */
export function attributeValues(html: string, name: string): string[] {
  const values: string[] = [];
  const needle = ` ${name}="`;
  let from = 0;
  for (;;) {
    const at = html.indexOf(needle, from);
    if (at < 0) break;
    const start = at + needle.length;
    const end = html.indexOf('"', start);
    if (end < 0) break;
    values.push(html.slice(start, end).replaceAll('&amp;', '&'));
    from = end + 1;
  }
  return values;
}

function isExternal(link: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//');
}

/** The file a site path names, if it exists in `files` (site paths, `/`-separated). */
function resolveTarget(pathname: string, files: Set<string>): string | undefined {
  const candidates = pathname.endsWith('/')
    ? [`${pathname}index.html`]
    : extname(pathname)
      ? [pathname]
      : [`${pathname}.html`, `${pathname}/index.html`];
  return candidates.find((candidate) => files.has(candidate));
}

/** Checks every page of the site built in `dir`; returns the broken links (empty when none). */
export function checkSiteLinks(dir: string): { pages: number; links: number; broken: BrokenLink[] } {
  const pages = htmlFiles(dir);
  const toSite = (file: string) => `/${relative(dir, file).split(sep).join('/')}`;
  const files = new Set<string>();
  const walkAll = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walkAll(path);
      else files.add(toSite(path));
    }
  };
  walkAll(dir);
  const ids = new Map<string, Set<string>>();
  const idsOf = (sitePath: string): Set<string> => {
    let set = ids.get(sitePath);
    if (!set) {
      set = new Set(attributeValues(readFileSync(join(dir, sitePath), 'utf8'), 'id'));
      ids.set(sitePath, set);
    }
    return set;
  };
  const broken: BrokenLink[] = [];
  let links = 0;
  for (const file of pages) {
    const page = toSite(file);
    const html = readFileSync(file, 'utf8');
    for (const link of [...attributeValues(html, 'href'), ...attributeValues(html, 'src')]) {
      if (link === '' || isExternal(link)) continue;
      links++;
      const url = new URL(link, `http://site${page}`);
      const pathname = decodeURIComponent(url.pathname);
      const target = link.startsWith('#') ? page : resolveTarget(pathname, files);
      if (!target) {
        broken.push({ page, link, problem: `no file for ${pathname}` });
        continue;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment && target.endsWith('.html') && !idsOf(target).has(fragment)) {
        broken.push({ page, link, problem: `no id "${fragment}" in ${target}` });
      }
    }
  }
  return { pages: pages.length, links, broken };
}
