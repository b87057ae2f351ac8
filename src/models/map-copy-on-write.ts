/**
 * Maps `items` with `fn`, allocating a new array only once `fn` returns something other than
 * the item it was given. When nothing changes the input array itself is returned, so translating
 * a long, already-compatible prompt costs one pass and no allocation.
 */
export function mapCopyOnWrite<T, U>(items: readonly T[], fn: (item: T) => T | U): Array<T | U> {
  let out: Array<T | U> | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const mapped = fn(item);
    if (out !== undefined) {
      out.push(mapped);
    } else if (mapped !== item) {
      out = items.slice(0, i);
      out.push(mapped);
    }
  }
  return out ?? (items as Array<T | U>);
}
