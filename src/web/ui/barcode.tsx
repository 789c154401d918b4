import styles from './barcode.module.css';
import { code128Modules } from './code128.ts';

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

// The drawing jsbarcode made before (docs/decisions/0064-first-load-budget-covers-landing-sign.md): 2 units a module, a quiet zone of ten
// modules each side, 10 above and below, the number beneath in 18-unit monospace, 4 units under the bars.
const moduleWidth = 2;
const quietZone = 20;
const marginY = 10;
const fontSize = 18;
const textGap = 4;

/** Each bar's left edge and width, in drawing units. */
function barsOf(modules: string): { x: number; width: number }[] {
  return [...modules.matchAll(/1+/g)].map((run) => ({
    x: (run.index ?? 0) * moduleWidth,
    width: run[0].length * moduleWidth,
  }));
}

/**
 * A real, scannable CODE128 barcode drawn as SVG, rendered with the page (on the server too); it
 * scales to its container keeping its proportions.
 */
export function Barcode({
  value,
  height = barcodeHeights.default,
  disabled,
  label,
  className,
}: BarcodeProps) {
  const modules = code128Modules(value);
  const barsWidth = modules.length * moduleWidth;
  const width = barsWidth + 2 * quietZone;
  const fullHeight = height + fontSize + textGap + 2 * marginY;
  return (
    <svg
      viewBox={`0 0 ${width} ${fullHeight}`}
      role="img"
      aria-label={label}
      aria-disabled={disabled || undefined}
      data-barcode-height={height}
      className={[styles.barcode, disabled ? styles.disabled : null, className].filter(Boolean).join(' ')}
    >
      <rect x={0} y={0} width={width} height={fullHeight} fill="#ffffff" />
      <g transform={`translate(${quietZone}, ${marginY})`} fill={disabled ? '#9a9a9a' : '#000000'}>
        {barsOf(modules).map((bar) => (
          <rect key={bar.x} x={bar.x} y={0} width={bar.width} height={height} />
        ))}
        <text
          fontFamily="ui-monospace, SFMono-Regular, Menlo, monospace"
          fontSize={fontSize}
          textAnchor="middle"
          x={barsWidth / 2}
          y={height + textGap + fontSize}
        >
          {value.replace(/[^\x20-\x7E]/g, '')}
        </text>
      </g>
    </svg>
  );
}
