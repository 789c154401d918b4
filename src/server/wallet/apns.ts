import { connect } from 'node:http2';
import type { AppleCredentials } from './pass-signing-keys.ts';

/**
 * Tells a device that a pass changed (Apple's pass update push): an empty JSON payload to APNs
 * over HTTP/2, authenticated with the Pass Type ID certificate, topic = the pass type id.
 * Answers the HTTP status per push token (410: the device is gone).
 */
export async function pushPassUpdates(
  host: string,
  credentials: AppleCredentials,
  topic: string,
  pushTokens: string[],
): Promise<Map<string, number>> {
  const results = new Map<string, number>();
  if (pushTokens.length === 0) return results;
  const session = connect(`https://${host}`, {
    cert: credentials.signerCert,
    key: credentials.signerKey,
    ...(credentials.signerKeyPassphrase ? { passphrase: credentials.signerKeyPassphrase } : {}),
  });
  try {
    for (const token of pushTokens) {
      const status = await new Promise<number>((resolve) => {
        const request = session.request({
          ':method': 'POST',
          ':path': `/3/device/${encodeURIComponent(token)}`,
          'apns-topic': topic,
          'apns-push-type': 'background',
          'content-type': 'application/json',
        });
        request.setTimeout(10_000, () => request.close());
        request.on('response', (headers) => resolve(Number(headers[':status'] ?? 0)));
        request.on('error', () => resolve(0));
        request.on('close', () => resolve(0));
        request.end('{}');
      });
      results.set(token, status);
    }
  } finally {
    session.close();
  }
  return results;
}
