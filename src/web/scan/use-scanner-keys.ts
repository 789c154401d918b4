import { useEffect, useRef } from 'react';

/** A USB scanner types a character every few milliseconds; a person takes 150 ms or more a key. */
const maxGapMs = 100;
const minLength = 6;

/**
 * Catches a USB barcode scanner's keystrokes wherever the focus is on the scan screen (after a tap
 * on "Record visit", say): a fast burst of characters ending in Enter. Keys typed into another
 * field (the store choice) are left alone; in the code field itself the form's own Enter submits.
 */
export function useScannerKeys(
  field: React.RefObject<HTMLInputElement | null>,
  onScan: (code: string) => void,
) {
  const scanned = useRef(onScan);
  scanned.current = onScan;
  useEffect(() => {
    let buffer = '';
    let last = 0;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target === field.current) return;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const now = event.timeStamp;
      if (now - last > maxGapMs) buffer = '';
      last = now;
      if (event.key === 'Enter') {
        if (buffer.length >= minLength) {
          event.preventDefault();
          const code = buffer;
          buffer = '';
          scanned.current(code);
        }
        buffer = '';
        return;
      }
      if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) buffer += event.key;
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [field]);
}
