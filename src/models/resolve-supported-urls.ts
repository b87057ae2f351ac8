/**
 * Resolves an AI SDK model's `supportedUrls` (a plain record, a promise of one, or absent) to a
 * record. A rejected promise or a non-object value resolves to `{}`: the caller then downloads
 * every URL itself, which is always safe.
 */
export async function resolveSupportedUrls(value: unknown): Promise<Record<string, RegExp[]>> {
  try {
    const resolved = await value;
    return typeof resolved === 'object' && resolved !== null ? (resolved as Record<string, RegExp[]>) : {};
  } catch {
    return {};
  }
}
