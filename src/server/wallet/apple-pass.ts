import type { Config } from '#shared/config.ts';
import { formatMoney } from '#shared/domain/format.ts';
import { cashAmount, type PassContent, passStrings } from './pass-content.ts';
import type { AppleCredentials } from './pass-signing-keys.ts';
import { brandMark, parseColour } from './png.ts';

export interface ApplePassInput {
  content: PassContent;
  serialNumber: string;
  authenticationToken: string;
  /** Where devices reach the PassKit web service (Apple appends /v1/…). */
  webServiceURL: string;
  /** The members site, shown on the back of the pass. */
  origin: string;
}

const artworkCache = new Map<string, Record<string, Buffer>>();

/** The generated brand artwork: icon and logo at 1x, 2x and 3x. */
function artwork(config: Config): Record<string, Buffer> {
  const key = `${config.wallet.labelColor}|${config.wallet.backgroundColor}`;
  const cached = artworkCache.get(key);
  if (cached) return cached;
  const accent = parseColour(config.wallet.labelColor);
  const background = parseColour(config.wallet.backgroundColor);
  const files: Record<string, Buffer> = {};
  for (const [scale, suffix] of [
    [1, ''],
    [2, '@2x'],
    [3, '@3x'],
  ] as const) {
    files[`icon${suffix}.png`] = brandMark(29 * scale, accent, [...background, 255]);
    files[`logo${suffix}.png`] = brandMark(50 * scale, accent, null);
  }
  artworkCache.set(key, files);
  return files;
}

/**
 * A signed store-card .pkpass (SPEC §1, §7 passkit): the member's name, card number as a CODE128
 * barcode with the number as its text (QR for devices without CODE128, such as Apple Watch),
 * points, pending points, cash balance, member since; brand title, logo and colours; en and da
 * strings, signed by signedPass.
 */
export async function buildApplePass(
  config: Config,
  credentials: AppleCredentials,
  input: ApplePassInput,
): Promise<Buffer> {
  const { content } = input;
  const apple = config.wallet.apple;
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: apple.passTypeIdentifier,
    teamIdentifier: apple.teamIdentifier,
    serialNumber: input.serialNumber,
    authenticationToken: input.authenticationToken,
    webServiceURL: input.webServiceURL,
    organizationName: config.title,
    description: 'DESCRIPTION',
    logoText: config.title,
    backgroundColor: config.wallet.backgroundColor,
    foregroundColor: config.wallet.foregroundColor,
    labelColor: config.wallet.labelColor,
    sharingProhibited: true,
    // The member deleted their account: Wallet shows the pass as no longer valid.
    ...(content.voided ? { voided: true } : {}),
    storeCard: {
      headerFields: [
        {
          key: 'points',
          label: 'POINTS',
          value: content.pointsBalance,
          numberStyle: 'PKNumberStyleDecimal',
          changeMessage: 'POINTS_CHANGED',
          textAlignment: 'PKTextAlignmentRight',
        },
      ],
      primaryFields: [{ key: 'name', label: 'MEMBER', value: content.fullName }],
      secondaryFields: [
        {
          key: 'pending',
          label: 'PENDING',
          value: content.pendingPointsBalance,
          numberStyle: 'PKNumberStyleDecimal',
        },
        {
          key: 'cash',
          label: 'CASH',
          value: cashAmount(content),
          currencyCode: content.currency,
          textAlignment: 'PKTextAlignmentRight',
        },
      ],
      auxiliaryFields: [
        { key: 'memberSince', label: 'MEMBER_SINCE', value: content.memberSince },
        {
          key: 'cardNumber',
          label: 'CARD_NUMBER',
          value: content.cardNumber,
          textAlignment: 'PKTextAlignmentRight',
        },
      ],
      backFields: [
        { key: 'about', label: 'ABOUT', value: 'ABOUT_TEXT' },
        {
          key: 'cashText',
          label: 'CASH',
          value: formatMoney(content.cashBalance, content.currency, config.locale),
        },
        {
          key: 'account',
          label: 'ACCOUNT',
          value: `${input.origin}/`,
          dataDetectorTypes: ['PKDataDetectorTypeLink'],
        },
      ],
    },
    barcodes: content.voided
      ? []
      : [
          {
            format: 'PKBarcodeFormatCode128',
            message: content.cardNumber,
            messageEncoding: 'iso-8859-1',
            altText: content.cardNumber,
          },
          {
            format: 'PKBarcodeFormatQR',
            message: content.cardNumber,
            messageEncoding: 'iso-8859-1',
            altText: content.cardNumber,
          },
        ],
  };
  if (content.voided) {
    passJson.storeCard.backFields = passJson.storeCard.backFields.filter((f) => f.key === 'about');
  }
  return signedPass(config, credentials, passJson, {
    'en.lproj/pass.strings': stringsFile(passStrings['en-GB']),
    'da.lproj/pass.strings': stringsFile(passStrings['da-DK']),
  });
}

/**
 * A .pkpass of `passJson` with the brand artwork and any further files (such as .strings), signed as
 * every pass of the scheme is: passkit-generator writes manifest.json (SHA-1 of every file) and its
 * detached PKCS #7 signature with the Pass Type ID certificate and the WWDR chain.
 */
export async function signedPass(
  config: Config,
  credentials: AppleCredentials,
  passJson: object,
  files: Record<string, Buffer> = {},
): Promise<Buffer> {
  // Loaded at the first pass, not at start-up (a quarter of a second of it).
  const { PKPass } = await import('passkit-generator');
  const pass = new PKPass(
    { 'pass.json': Buffer.from(JSON.stringify(passJson)), ...artwork(config) },
    {
      signerCert: credentials.signerCert,
      signerKey: credentials.signerKey,
      wwdr: credentials.wwdr,
      ...(credentials.signerKeyPassphrase ? { signerKeyPassphrase: credentials.signerKeyPassphrase } : {}),
    },
  );
  // Apple reads a .strings file as UTF-16 when it is not plain ASCII; passkit-generator's localize()
  // writes UTF-8, so the files go straight into the bundle (Bundle.addBuffer: PKPass's own addBuffer
  // would parse them back into localize()).
  const addToBundle = Object.getPrototypeOf(PKPass.prototype).addBuffer as (
    name: string,
    file: Buffer,
  ) => void;
  for (const [name, file] of Object.entries(files)) addToBundle.call(pass, name, file);
  return pass.getAsBuffer();
}

/** An Apple .strings file: `"KEY" = "value";` lines, in UTF-16 (little-endian, with its BOM). */
function stringsFile(words: Record<string, string>): Buffer {
  const quoted = (text: string) => text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
  const lines = Object.entries(words).map(([key, value]) => `"${quoted(key)}" = "${quoted(value)}";\n`);
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(lines.join(''), 'utf16le')]);
}
