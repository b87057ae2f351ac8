type PathSegment = PropertyKey | { readonly key: PropertyKey };

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Render a Standard Schema issue path as `items[0].name` (`''` for the root). Keys that are not
 * identifiers are quoted: `headers["content-type"]`.
 */
export function formatIssuePath(path: ReadonlyArray<PathSegment> | undefined): string {
  if (!path || path.length === 0) return '';
  let out = '';
  for (const segment of path) {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'symbol') out += `[${key.toString()}]`;
    else if (IDENTIFIER.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

/** Split a JSON Pointer (Ajv's `instancePath`, e.g. `/items/0/name`) into path segments. */
export function pointerToSegments(pointer: string): PropertyKey[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((raw) => {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      return /^(0|[1-9]\d*)$/.test(key) ? Number(key) : key;
    });
}
