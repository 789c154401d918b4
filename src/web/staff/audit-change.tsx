import type { StaffAuditWords } from '../i18n/staff-audit-en-GB.ts';
import styles from './staff.module.css';
import type { StaffFormat } from './staff-format.ts';

type Words = StaffAuditWords['audit']['change'];

/** Keys whose numbers are money in minor units (of the row's `currency`, else the scheme's). */
const moneyKeys = new Set(['cashValue', 'cash', 'value', 'amount', 'orderValue', 'cashBalance']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A key as staff read it: the catalogue's name for it, else its words ("orderId" → "order id"). */
function label(words: Words, key: string): string {
  return (
    words.fields[key] ??
    key
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .toLowerCase()
  );
}

function valueText(words: Words, format: StaffFormat, key: string, value: unknown, currency: string): string {
  if (value === null || value === undefined || value === '') return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number')
    return moneyKeys.has(key) ? format.money(value, currency) : format.points(value);
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}T/.test(value) ? format.minute(value) : value;
  if (Array.isArray(value))
    return value.map((item) => valueText(words, format, key, item, currency)).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${label(words, k)}: ${valueText(words, format, k, v, currency)}`)
    .join('; ');
}

/** The lines an audit row's change reads as: "VIP level: none → Gold" for a before and after, else "key: value". */
function changeLines(
  words: Words,
  format: StaffFormat,
  change: Record<string, unknown>,
): { key: string; text: string }[] {
  const currency = typeof change.currency === 'string' ? change.currency : format.currency;
  const { before, after, ...rest } = change;
  const lines: { key: string; text: string }[] = [];
  if (isRecord(before) || isRecord(after)) {
    const was = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
      const from = valueText(words, format, key, was[key], currency);
      const to = valueText(words, format, key, now[key], currency);
      lines.push({ key, text: `${label(words, key)}: ${from} → ${to}` });
    }
  } else if (before !== undefined || after !== undefined) {
    rest.before = before;
    rest.after = after;
  }
  for (const [key, value] of Object.entries(rest)) {
    // The currency is in the amounts already.
    if (key === 'currency' && Object.keys(rest).some((k) => moneyKeys.has(k))) continue;
    lines.push({ key, text: `${label(words, key)}: ${valueText(words, format, key, value, currency)}` });
  }
  return lines;
}

/** An audit row's change as readable lines. */
export function AuditChange({
  words,
  format,
  change,
}: {
  words: Words;
  format: StaffFormat;
  change: Record<string, unknown>;
}) {
  const lines = changeLines(words, format, change);
  if (lines.length === 0) return <span>{words.none}</span>;
  return (
    <ul className={styles.changeList}>
      {lines.map((line) => (
        <li key={line.key}>{line.text}</li>
      ))}
    </ul>
  );
}
