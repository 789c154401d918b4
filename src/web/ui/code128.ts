/**
 * CODE128 (ISO/IEC 15417) for the membership card's barcode: the modules of the symbol, `1` a bar
 * and `0` a space, quiet zones not included. Code sets are chosen as jsbarcode 3.12 (which drew the
 * card before, see
 * docs/decisions/0064-first-load-budget-covers-landing-sign.md) chose them, so a card looks exactly as it did: set C for a value
 * that starts with two digits, and for a later run of four or more digits (an even number, ending
 * the value or before a letter); otherwise A or B, whichever covers more of what follows; a single
 * character of the other set between two runs of one set is shifted. Printable ASCII and control
 * characters; anything else is refused.
 */

/** Bar and space widths of the symbols 0-106 (106 is the stop, with its final bar). */
const symbolWidths = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 ' +
  '122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 ' +
  '322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 ' +
  '112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 213311 213131 311123 311321 ' +
  '331121 312113 312311 332111 314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 ' +
  '112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212 ' +
  '124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 114311 411113 ' +
  '411311 113141 114131 311141 411131 211412 211214 211232 2331112'
).split(' ');

type CodeSet = 'A' | 'B' | 'C';
const startValue: Record<CodeSet, number> = { A: 103, B: 104, C: 105 };
const switchValue: Record<CodeSet, number> = { A: 101, B: 100, C: 99 };
const shiftValue = 98;
const stopValue = 106;

const inSet = (set: 'A' | 'B', code: number) => (set === 'A' ? code < 96 : code >= 32 && code < 128);
const isDigit = (code: number | undefined) => code !== undefined && code >= 48 && code <= 57;

/** How many characters from `at` on belong to `set`. */
function runIn(set: 'A' | 'B', codes: number[], at: number): number {
  let end = at;
  while (end < codes.length && inSet(set, codes[end] ?? -1)) end++;
  return end - at;
}

function digitsFrom(codes: number[], at: number): number {
  let end = at;
  while (isDigit(codes[end])) end++;
  return end - at;
}

const evenDigitsFrom = (codes: number[], at: number) => digitsFrom(codes, at) & ~1;
const wider = (codes: number[], at: number, tie: 'A' | 'B'): 'A' | 'B' => {
  const a = runIn('A', codes, at);
  const b = runIn('B', codes, at);
  return a > b || (a === b && tie === 'A') ? 'A' : 'B';
};

interface Run {
  set: CodeSet;
  codes: number[];
}

/** The value cut into runs, each in one code set. */
function runsOf(codes: number[]): Run[] {
  const runs: Run[] = [];
  let set: CodeSet = evenDigitsFrom(codes, 0) >= 2 ? 'C' : wider(codes, 0, 'B');
  let at = 0;
  while (at < codes.length) {
    let end: number;
    let next: CodeSet;
    if (set === 'C') {
      end = at + evenDigitsFrom(codes, at);
      next = wider(codes, end, 'A');
    } else {
      const limit = at + runIn(set, codes, at);
      if (limit === at) throw new RangeError('CODE128 cannot encode this value');
      // Set C from the first point where an even run of four or more digits finishes the value or a word.
      end = limit;
      next = set === 'A' ? 'B' : 'A';
      for (let cut = at + 1; cut <= limit; cut++) {
        const digits = digitsFrom(codes, cut);
        if (digits >= 4 && digits % 2 === 0) {
          end = cut;
          next = 'C';
          break;
        }
      }
    }
    runs.push({ set, codes: codes.slice(at, end) });
    at = end;
    set = next;
  }
  return runs;
}

function valueIn(set: CodeSet, codes: number[], i: number): number {
  if (set === 'C') return (codes[i] ?? 0) * 10 + (codes[i + 1] ?? 0) - 528;
  const code = codes[i] ?? 0;
  return set === 'A' && code < 32 ? code + 64 : code - 32;
}

/** The symbol values: start, data (with switches and one shift), checksum, stop. */
function symbolValues(text: string): number[] {
  const codes = [...text].map((c) => c.charCodeAt(0));
  if (codes.length === 0 || codes.some((code) => code > 127)) {
    throw new RangeError('CODE128 cannot encode this value');
  }
  const runs = runsOf(codes);
  const first = runs[0] as Run;
  const values = [startValue[first.set]];
  let shiftedAt = -1;
  runs.forEach((run, i) => {
    const before = runs[i - 1];
    const after = runs[i + 1];
    // The first lone character of the other set between two runs of one set is shifted: no switch
    // there and back.
    if (
      shiftedAt < 0 &&
      run.codes.length === 1 &&
      before &&
      before.set !== 'C' &&
      after &&
      after.set !== 'C'
    ) {
      shiftedAt = i;
      values.push(shiftValue, valueIn(run.set, run.codes, 0));
      return;
    }
    if (before && shiftedAt !== i - 1) values.push(switchValue[run.set]);
    const step = run.set === 'C' ? 2 : 1;
    for (let c = 0; c < run.codes.length; c += step) values.push(valueIn(run.set, run.codes, c));
  });
  const checksum = values.reduce((sum, value, i) => sum + value * Math.max(i, 1), 0) % 103;
  return [...values, checksum, stopValue];
}

/** The modules of `text` as CODE128: '1' a bar module, '0' a space module. */
export function code128Modules(text: string): string {
  return symbolValues(text)
    .map((value) =>
      [...(symbolWidths[value] ?? '')]
        .map((width, i) => (i % 2 === 0 ? '1' : '0').repeat(Number(width)))
        .join(''),
    )
    .join('');
}
