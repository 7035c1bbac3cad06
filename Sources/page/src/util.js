// Small helpers with no state and no document.

export function clamp(value, low, high) {
  return Math.min(high, Math.max(low, value));
}

export function isNumber(value) {
  return typeof value === 'number' && Number.isFinite(value);
}

// What `cache` (a WeakMap or Map) holds for `key`, made by `make()` the first time.
export function cached(cache, key, make) {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

export function pad4(number) {
  return String(number).padStart(4, '0');
}
