/**
 * Reads barcodes from the camera's frames: the browser's own BarcodeDetector where it has one that
 * reads CODE128 (Chrome on Android, macOS and ChromeOS; Safari), otherwise the barcode-detector
 * ponyfill over zxing-wasm, loaded only then. Its WebAssembly is a hashed asset of our own build,
 * served by our server (never a CDN): the staff console's pages allow compiling it
 * (docs/decisions/0084-scan-a-card.md).
 */

/**
 * The symbologies the scan screen reads: CODE128 is the membership card's barcode (the card, the
 * Apple and Google passes, src/web/ui/code128.ts); QR codes carry signed tickets.
 */
const formats = ['code_128', 'qr_code'] as const;

export interface Detector {
  detect(source: HTMLVideoElement): Promise<readonly { rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<Detector | null> {
  const Native = (window as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  const supported: string[] = await Native.getSupportedFormats().catch(() => []);
  if (!supported.includes('code_128')) return null;
  return new Native({ formats: formats.filter((format) => supported.includes(format)) });
}

async function ponyfillDetector(): Promise<Detector> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Fetches and compiles the module now, so a failure shows as an unavailable camera, not silence.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...formats] });
}

let detector: Promise<Detector> | null = null;

/** The detector, made once per page: the native one, else the ponyfill (its module fetched once). */
export function barcodeDetector(): Promise<Detector> {
  detector ??= nativeDetector().then((native) => native ?? ponyfillDetector());
  detector.catch(() => {
    detector = null;
  });
  return detector;
}
