/** Decision 64: one short buzz for a good answer, a long double one for a refusal — felt without looking. */
export const VIBRATION = { success: [80], refusal: [250, 120, 250] } as const;

/** Buzzes where the device can (phones; never desktops or iOS Safari, which have no `navigator.vibrate`). */
export function vibrate(kind: keyof typeof VIBRATION): void {
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return;
  try {
    navigator.vibrate([...VIBRATION[kind]]);
  } catch {
    // Some browsers throw without a user gesture: a buzz is never worth an error.
  }
}
