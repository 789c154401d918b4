// subset-font ships no types; this is the part scripts/subset-display-face.ts uses (its README).
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: 'woff2' | 'woff' | 'truetype' | 'sfnt';
      noLayoutClosure?: boolean;
      keepFeatures?: string[];
      noHinting?: boolean;
      dropTables?: string[];
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    },
  ): Promise<Buffer>;
}
