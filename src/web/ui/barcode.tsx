import JsBarcode from 'jsbarcode';
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

/** Module width, quiet zone (ten modules on each side, as scanners need), caption size, in SVG units. */
const moduleWidth = 2;
const quietZone = 10 * moduleWidth;
const margin = { top: 10, bottom: 10 };
const fontSize = 18;
const textMargin = 4;

/** The CODE128 modules of a value ('1' a bar, '0' a space), as jsbarcode encodes them. */
function modulesOf(value: string): string {
  const target: { encodings?: { data: string }[] } = {};
  JsBarcode(target, value, { format: 'CODE128' });
  return (target.encodings ?? []).map((encoding) => encoding.data).join('');
}

/** Each run of bar modules as one bar: its first module and how many modules wide it is. */
function barsOf(modules: string): { at: number; span: number }[] {
  return [...modules.matchAll(/1+/g)].map((run) => ({ at: run.index, span: run[0].length }));
}

/**
 * A real, scannable CODE128 barcode as SVG: jsbarcode encodes the value, React draws the bars and the
 * caption. Drawn by React rather than by jsbarcode into the DOM, so the server renders the same
 * barcode the browser hydrates (the card is whole before any JavaScript runs, nothing shifts when it
 * does). The SVG scales to its container keeping its proportions.
 */
export function Barcode({
  value,
  height = barcodeHeights.default,
  disabled,
  label,
  className,
}: BarcodeProps) {
  const modules = modulesOf(value);
  const width = modules.length * moduleWidth + 2 * quietZone;
  const drawnHeight = margin.top + height + textMargin + fontSize + margin.bottom;
  return (
    <svg
      viewBox={`0 0 ${width} ${drawnHeight}`}
      role="img"
      aria-label={label}
      aria-disabled={disabled || undefined}
      data-barcode-height={height}
      className={[styles.barcode, disabled ? styles.disabled : null, className].filter(Boolean).join(' ')}
    >
      <rect x={0} y={0} width={width} height={drawnHeight} fill="#ffffff" />
      <g transform={`translate(${quietZone}, ${margin.top})`} fill={disabled ? '#9a9a9a' : '#000000'}>
        {barsOf(modules).map((bar) => (
          <rect key={bar.at} x={bar.at * moduleWidth} y={0} width={bar.span * moduleWidth} height={height} />
        ))}
        <text
          x={(modules.length * moduleWidth) / 2}
          y={height + textMargin + fontSize}
          textAnchor="middle"
          fontFamily="ui-monospace, SFMono-Regular, Menlo, monospace"
          fontSize={fontSize}
        >
          {value}
        </text>
      </g>
    </svg>
  );
}
