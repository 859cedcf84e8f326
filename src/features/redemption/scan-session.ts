import { cameraProblem, shouldDetect, type CameraProblem } from './camera';
import { createDetector, type Detector } from './detector';

export type ScanState = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'problem'; problem: CameraProblem };

export interface ScanHandlers {
  onState: (state: ScanState) => void;
  /** The camera runs: its track (torch, settings) and the ids of every camera there is. */
  onCamera: (track: MediaStreamTrack | null, cameraIds: string[]) => void;
  /** The first barcode read; the session has stopped by then. */
  onScan: (value: string) => void;
}

/**
 * Runs the camera into `video` and decodes its frames until a barcode is read
 * or the returned stop function is called: the rear camera (or `deviceId`),
 * decodes on new video frames where the browser reports them, else on a
 * timer, never more than 10 a second and never two at once.
 */
export function startScanSession(video: HTMLVideoElement, deviceId: string | undefined, handlers: ScanHandlers): () => void {
  let stopped = false;
  let stream: MediaStream | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const decodeLoop = (detector: Detector) => {
    let lastStarted: number | null = null;
    let busy = false;
    const tick = async (now: number) => {
      if (stopped) return;
      if (shouldDetect(now, lastStarted, busy) && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        busy = true;
        lastStarted = now;
        try {
          const found = (await detector.detect(video)).find((code) => code.rawValue.trim() !== '');
          if (found && !stopped) {
            stop();
            handlers.onScan(found.rawValue.trim());
            return;
          }
        } catch {
          // A frame that cannot be decoded is skipped; the next one is tried.
        } finally {
          busy = false;
        }
      }
      schedule();
    };
    const schedule = () => {
      if (stopped) return;
      if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback((now) => void tick(now));
      else timer = setTimeout(() => void tick(performance.now()), 100);
    };
    schedule();
  };

  const run = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      handlers.onState({ kind: 'problem', problem: 'unsupported' });
      return;
    }
    handlers.onState({ kind: 'starting' });
    // The reader loads while the person allows the camera.
    const detecting = createDetector();
    detecting.catch(() => undefined);
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: deviceId
          ? { deviceId: { exact: deviceId } }
          : { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
      });
    } catch (error) {
      if (!stopped) handlers.onState({ kind: 'problem', problem: cameraProblem(error) });
      return;
    }
    if (stopped) {
      stop();
      return;
    }
    video.srcObject = stream;
    let cameraIds: string[] = [];
    try {
      await video.play();
      cameraIds = (await navigator.mediaDevices.enumerateDevices())
        .filter((device) => device.kind === 'videoinput' && device.deviceId)
        .map((device) => device.deviceId);
    } catch {
      // A muted inline video may autoplay; if play() still refuses, the frames are decoded all the same.
    }
    if (stopped) return;
    handlers.onCamera(stream.getVideoTracks()[0] ?? null, cameraIds);
    let detector: Detector;
    try {
      detector = await detecting;
    } catch {
      if (!stopped) handlers.onState({ kind: 'problem', problem: 'failed' });
      return;
    }
    if (stopped) return;
    handlers.onState({ kind: 'scanning' });
    decodeLoop(detector);
  };

  function stop() {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream?.getTracks() ?? []) track.stop();
    if (video.srcObject === stream) video.srcObject = null;
  }

  void run();
  return stop;
}
