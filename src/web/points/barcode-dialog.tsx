import { useEffect, useRef } from 'react';
import { useMessages } from '../i18n/messages.tsx';
import { Barcode, barcodeHeights } from '../ui/barcode.tsx';
import styles from './barcode-dialog.module.css';

/** The barcode view: the card number large enough for a till scanner (height 150, SPEC §9). */
export function BarcodeDialog({ cardNumber, onClose }: { cardNumber: string; onClose: () => void }) {
  const m = useMessages();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [onClose]);
  return (
    <div className={styles.backdrop}>
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby="barcode-title">
        <h2 id="barcode-title">{m.home.barcodeTitle}</h2>
        <Barcode value={cardNumber} height={barcodeHeights.overview} label={m.card.cardNumber(cardNumber)} />
        <p className={styles.hint}>{m.home.barcodeHint}</p>
        <button ref={close} type="button" className={styles.close} onClick={onClose}>
          {m.home.close}
        </button>
      </div>
    </div>
  );
}
