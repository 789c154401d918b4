import JsBarcode from 'jsbarcode';
import { useLayoutEffect, useRef } from 'react';
import styles from './barcode.module.css';

/** SPEC §9 barcode heights: 80 on the card, 150 on the overview, 100 by default. */
export const barcodeHeights = { card: 80, overview: 150, default: 100 } as const;

interface BarcodeProps {
  /** The card number, encoded as CODE128 and printed beneath the bars. */
  value: string;
  height?: number;
  /** Greyed out (SPEC §9), e.g. while the card cannot be used. */
  disabled?: boolean;
  /** Accessible name, e.g. "Card number 6300…". */
  label: string;
  className?: string;
}

/**
 * A real, scannable CODE128 barcode drawn as SVG by jsbarcode. The quiet zone on both sides is ten
 * bar widths, as scanners need; the SVG scales to its container keeping its proportions.
 */
export function Barcode({
  value,
  height = barcodeHeights.default,
  disabled,
  label,
  className,
}: BarcodeProps) {
  const ref = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    JsBarcode(svg, value, {
      format: 'CODE128',
      height,
      width: 2,
      margin: 20,
      marginTop: 10,
      marginBottom: 10,
      displayValue: true,
      fontSize: 18,
      textMargin: 4,
      font: 'ui-monospace, SFMono-Regular, Menlo, monospace',
      background: '#ffffff',
      lineColor: disabled ? '#9a9a9a' : '#000000',
    });
    // Scale with the container: keep the drawn size as the viewBox.
    const width = svg.getAttribute('width')?.replace('px', '');
    const drawnHeight = svg.getAttribute('height')?.replace('px', '');
    if (width && drawnHeight) {
      svg.setAttribute('viewBox', `0 0 ${width} ${drawnHeight}`);
      svg.removeAttribute('width');
      svg.removeAttribute('height');
      svg.style.removeProperty('transform');
    }
  }, [value, height, disabled]);
  return (
    <svg
      ref={ref}
      role="img"
      aria-label={label}
      aria-disabled={disabled || undefined}
      data-barcode-height={height}
      className={[styles.barcode, disabled ? styles.disabled : null, className].filter(Boolean).join(' ')}
    />
  );
}
