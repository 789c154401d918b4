import { useRef } from 'react';
import { useMessages } from '../i18n/messages.tsx';
import { Barcode, barcodeHeights } from '../ui/barcode.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import styles from './barcode-dialog.module.css';

/** The barcode view: the card number large enough for a till scanner (height 150, SPEC §9). */
export function BarcodeDialog({ cardNumber, onClose }: { cardNumber: string; onClose: () => void }) {
  const m = useMessages();
  const close = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={m.home.barcodeTitle} initialFocus={close} onClose={onClose}>
      <Barcode value={cardNumber} height={barcodeHeights.overview} label={m.card.cardNumber(cardNumber)} />
      <p className={styles.hint}>{m.home.barcodeHint}</p>
      <Button ref={close} block onClick={onClose}>
        {m.home.close}
      </Button>
    </Dialog>
  );
}
