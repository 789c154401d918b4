import type { Config } from '#shared/config.ts';
import { formatMoney } from '#shared/domain/format.ts';
import { type PassContent, passStrings } from './pass-content.ts';
import type { GoogleServiceAccount } from './pass-signing-keys.ts';

const googleSaveUrlPrefix = 'https://pay.google.com/gp/v/save/';

const keyCache = new WeakMap<GoogleServiceAccount, Promise<CryptoKey>>();

/** jose loads with the first Google Wallet link, not at every start. */
const jose = () => import('jose');

function signingKey(account: GoogleServiceAccount): Promise<CryptoKey> {
  let key = keyCache.get(account);
  if (!key) {
    key = jose().then(({ importPKCS8 }) => importPKCS8(account.private_key, 'RS256'));
    keyCache.set(account, key);
  }
  return key;
}

/** Google Wallet ids are "<issuerId>.<suffix>" with only word characters, dots and dashes. */
export function walletId(config: Config, suffix: string): string {
  return `${config.wallet.google.issuerId}.${suffix.replace(/[^\w.-]/g, '_')}`;
}

export function colourHex(colour: string): string {
  const rgb = /^rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$/i.exec(colour);
  if (!rgb) return colour;
  return `#${[rgb[1], rgb[2], rgb[3]].map((v) => Number(v).toString(16).padStart(2, '0')).join('')}`;
}

/** Where Google sends save and delete callbacks (callbackOptions.url of the class). */
export const googleCallbackPath = '/wallet/google/callbacks';

/**
 * The loyalty class (the programme) and the member's loyalty object, as Google Wallet's REST API
 * names them. The object is named after the pass's random serial, never the card number.
 */
/** The id of the programme's loyalty class. */
export function loyaltyClassId(config: Config): string {
  return walletId(config, config.wallet.google.classSuffix);
}

export function loyaltyObjects(config: Config, content: PassContent, origin: string, serialNumber: string) {
  const words = passStrings[config.locale];
  const classId = loyaltyClassId(config);
  const loyaltyClass = {
    id: classId,
    issuerName: config.title,
    programName: config.title,
    programLogo: {
      sourceUri: { uri: `${origin}/wallet/logo.png` },
      contentDescription: { defaultValue: { language: config.locale, value: config.title } },
    },
    hexBackgroundColor: colourHex(config.wallet.backgroundColor),
    reviewStatus: 'UNDER_REVIEW',
    countryCode: config.locale === 'da-DK' ? 'DK' : 'GB',
    homepageUri: { uri: `${origin}/`, description: words.ACCOUNT },
    callbackOptions: { url: `${origin}${googleCallbackPath}` },
  };
  const loyaltyObject = {
    id: walletId(config, serialNumber),
    classId,
    state: content.voided ? 'INACTIVE' : 'ACTIVE',
    accountId: content.cardNumber,
    accountName: content.fullName,
    loyaltyPoints: { label: words.POINTS, balance: { int: content.pointsBalance } },
    secondaryLoyaltyPoints: { label: words.PENDING, balance: { int: content.pendingPointsBalance } },
    barcode: { type: 'CODE_128', value: content.cardNumber, alternateText: content.cardNumber },
    textModulesData: [
      {
        id: 'cash_balance',
        header: words.CASH,
        body: formatMoney(content.cashBalance, content.currency, config.locale),
      },
      { id: 'member_since', header: words.MEMBER_SINCE, body: content.memberSince },
    ],
    linksModuleData: { uris: [{ id: 'account', uri: `${origin}/`, description: words.ACCOUNT }] },
  };
  return { loyaltyClass, loyaltyObject };
}

/**
 * The "Save to Google Wallet" link (SPEC §7 google-pay/pass): a JWT signed RS256 with the service
 * account's key. With the REST API on, the object exists already and the JWT names only its id (well
 * under Google's 1,800 characters); off, it carries the class and the object.
 */
export async function googleSaveUrl(
  config: Config,
  account: GoogleServiceAccount,
  saved: { objectId: string } | { content: PassContent; serialNumber: string },
  origin: string,
): Promise<string> {
  let payload: Record<string, unknown>;
  if ('objectId' in saved) {
    payload = { loyaltyObjects: [{ id: saved.objectId }] };
  } else {
    const { loyaltyClass, loyaltyObject } = loyaltyObjects(config, saved.content, origin, saved.serialNumber);
    payload = { loyaltyClasses: [loyaltyClass], loyaltyObjects: [loyaltyObject] };
  }
  return signedSaveUrl(account, origin, payload);
}

/** A save link whose JWT (RS256, the service account's key) carries `payload`: classes and objects of any kind. */
export async function signedSaveUrl(
  account: GoogleServiceAccount,
  origin: string,
  payload: Record<string, unknown>,
): Promise<string> {
  const { SignJWT } = await jose();
  const jwt = await new SignJWT({ typ: 'savetowallet', origins: [origin], payload })
    .setProtectedHeader({
      alg: 'RS256',
      typ: 'JWT',
      ...(account.private_key_id ? { kid: account.private_key_id } : {}),
    })
    .setIssuer(account.client_email)
    .setAudience('google')
    .setIssuedAt()
    .sign(await signingKey(account));
  return `${googleSaveUrlPrefix}${jwt}`;
}
