/** What the scanner screen says when the camera cannot be used; each has its own message. */
export type CameraProblem = 'denied' | 'noCamera' | 'busy' | 'unsupported' | 'failed';

/** getUserMedia's DOMException names → what we tell the person at the till. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException) ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'noCamera';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}

/** At most 10 detections a second: enough at a till, and a phone stays cool. */
export const MIN_DETECT_INTERVAL_MS = 100;

/**
 * Whether a frame should be decoded: never while the previous decode runs, and
 * not sooner than the interval after the last one started.
 */
export const shouldDetect = (now: number, lastStarted: number | null, busy: boolean, interval = MIN_DETECT_INTERVAL_MS): boolean =>
  !busy && (lastStarted === null || now - lastStarted >= interval);

/** The next camera in the list after the current one (wrapping), for the switch button. */
export const nextCamera = (deviceIds: readonly string[], current: string | undefined): string | undefined => {
  if (deviceIds.length < 2) return undefined;
  const index = current === undefined ? -1 : deviceIds.indexOf(current);
  return deviceIds[(index + 1) % deviceIds.length];
};
