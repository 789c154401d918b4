import { useEffect, useRef, useState } from 'react';
import type { StaffScanWords } from '../i18n/staff-scan-en-GB.ts';
import { barcodeDetector } from './barcode-reader.ts';
import styles from './scan.module.css';

type State = 'starting' | 'reading' | 'unavailable';

/** How often a frame is decoded: often enough to feel instant, rarely enough for a tablet's battery. */
const frameIntervalMs = 150;

/**
 * The camera's picture with the barcode read from it: the rear camera where there is one. Calls
 * `onCode` once per code as it comes into view (holding the card still does not repeat it).
 * The camera is released when the panel closes.
 */
export function CameraReader({ w, onCode }: { w: StaffScanWords; onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>('starting');
  const found = useRef(onCode);
  found.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let lastCode = '';
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
        const [media, detector] = await Promise.all([
          navigator.mediaDevices.getUserMedia({
            video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } },
            audio: false,
          }),
          barcodeDetector(),
        ]);
        stream = media;
        const element = video.current;
        if (stopped || !element) return;
        element.srcObject = media;
        await element.play();
        setState('reading');
        const tick = async () => {
          if (stopped) return;
          if (element.readyState >= 2) {
            const codes = await detector.detect(element).catch(() => []);
            const code = codes[0]?.rawValue ?? '';
            if (code && code !== lastCode && !stopped) found.current(code);
            if (code) lastCode = code;
          }
          timer = setTimeout(() => void tick(), frameIntervalMs);
        };
        void tick();
      } catch {
        if (!stopped) setState('unavailable');
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className={styles.camera}>
      {state === 'unavailable' ? null : (
        <video ref={video} className={styles.video} muted playsInline aria-label={w.camera.label} />
      )}
      <p role="status" className={styles.cameraStatus}>
        {state === 'starting' ? w.camera.starting : state === 'reading' ? w.camera.aim : w.camera.unavailable}
      </p>
    </div>
  );
}
