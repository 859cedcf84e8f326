import { css } from '@styled/css';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/dialog';
import { Alert, row } from '@/ui/layout';
import { nextCamera } from './camera';
import { startScanSession, type ScanState } from './scan-session';

const viewport = css({
  position: 'relative',
  bg: 'black',
  borderRadius: 'control',
  overflow: 'hidden',
  aspectRatio: '4 / 3',
  width: '100%',
});
const video = css({ width: '100%', height: '100%', objectFit: 'cover' });
// A frame that shows where to hold the code; purely decorative.
const aim = css({
  position: 'absolute',
  inset: '15%',
  borderWidth: '3px',
  borderColor: 'rgba(255,255,255,0.85)',
  borderRadius: 'control',
  pointerEvents: 'none',
});

interface TorchCapable {
  torch?: boolean;
}

interface ScannerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The decoded text of the first barcode seen. */
  onScan: (value: string) => void;
  /** The person gives up on the camera and types the number. */
  onManual: () => void;
  /** Where focus goes when the dialog closes (the PIN after a scan, the number field otherwise). */
  finalFocus: () => HTMLElement | null;
}

/**
 * The camera scanner (loaded only when it opens, with the reader): the rear
 * camera, at most 10 decodes a second, torch and camera switch when the device
 * has them, and a clear way back to typing when there is no camera.
 */
export default function Scanner({ open, onOpenChange, onScan, onManual, finalFocus }: ScannerProps) {
  const intl = useIntl();
  // The video exists only while the dialog shows it: the camera runs exactly as long.
  const [element, setElement] = useState<HTMLVideoElement | null>(null);
  const trackRef = useRef<MediaStreamTrack | null>(null);
  const [state, setState] = useState<ScanState>({ kind: 'starting' });
  const [deviceId, setDeviceId] = useState<string | undefined>(undefined);
  const [cameras, setCameras] = useState<string[]>([]);
  const [torch, setTorch] = useState<{ available: boolean; on: boolean }>({ available: false, on: false });
  // The latest callback, without restarting the camera when the parent re-renders.
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);

  useEffect(() => {
    if (!element) return;
    return startScanSession(element, deviceId, {
      onState: setState,
      onCamera: (track, cameraIds) => {
        trackRef.current = track;
        const capabilities = (track?.getCapabilities?.() ?? {}) as TorchCapable;
        setTorch({ available: capabilities.torch === true, on: false });
        setCameras(cameraIds);
      },
      onScan: (value) => onScanRef.current(value),
    });
  }, [element, deviceId]);

  const toggleTorch = async () => {
    const track = trackRef.current;
    if (!track) return;
    const on = !torch.on;
    try {
      await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
      setTorch({ available: true, on });
    } catch {
      setTorch({ available: false, on: false });
    }
  };

  const switchCamera = () => {
    const current = trackRef.current?.getSettings().deviceId ?? deviceId;
    const next = nextCamera(cameras, current);
    if (next) setDeviceId(next);
  };

  const problem = state.kind === 'problem' ? state.problem : null;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage({ id: 'redemption.scanner.title' })}
      closeLabel={intl.formatMessage({ id: 'action.close' })}
      finalFocus={finalFocus}
    >
      {problem ? (
        <Alert tone="error">
          <span data-testid="scanner-problem" data-problem={problem}>
            {intl.formatMessage({ id: `redemption.scanner.${problem}` })}
          </span>
        </Alert>
      ) : (
        <>
          <p id="scanner-hint" role="status" className={css({ color: 'muted' })}>
            {intl.formatMessage({ id: state.kind === 'starting' ? 'redemption.scanner.starting' : 'redemption.scanner.hint' })}
          </p>
          <div className={viewport}>
            {/* The live picture is for aiming only; the hint above says what to do. */}
            <video ref={setElement} className={video} muted playsInline autoPlay aria-hidden="true" data-testid="scanner-video" />
            <div className={aim} />
          </div>
        </>
      )}
      <div className={row}>
        {!problem && torch.available ? (
          <Button tone="secondary" aria-pressed={torch.on} onClick={() => void toggleTorch()}>
            {intl.formatMessage({ id: 'redemption.scanner.torch' })}
          </Button>
        ) : null}
        {!problem && cameras.length > 1 ? (
          <Button tone="secondary" onClick={switchCamera}>
            {intl.formatMessage({ id: 'redemption.scanner.switch' })}
          </Button>
        ) : null}
        <Button tone={problem ? 'primary' : 'ghost'} onClick={onManual} data-testid="scanner-manual">
          {intl.formatMessage({ id: 'redemption.scanner.manual' })}
        </Button>
      </div>
    </Modal>
  );
}
