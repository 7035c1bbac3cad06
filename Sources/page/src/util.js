// Small helpers with no state and no document.

export function clamp(value, low, high) {
  return Math.min(high, Math.max(low, value));
}

export function isNumber(value) {
  return typeof value === 'number' && Number.isFinite(value);
}

export function pad4(number) {
  return String(number).padStart(4, '0');
}
