import { connect } from 'node:http2';
import type { AppleCredentials } from './pass-signing-keys.ts';

/** The APNs origin for a configured host: a bare host name is HTTPS; a URL is taken as it is. */
function apnsOrigin(host: string): string {
  return host.includes('://') ? host : `https://${host}`;
}

/**
 * Tells devices that a pass changed (Apple's pass update push, developer.apple.com "Updating a
 * pass"): one POST /3/device/<push token> per token over one HTTP/2 connection, authenticated with
 * the Pass Type ID certificate (TLS client certificate), topic = the pass type id, an empty JSON
 * payload, push type background at priority 5 (a background push must not ask for 10).
 * Answers the HTTP status per push token (410: the device is gone; 0: no answer).
 */
export async function pushPassUpdates(
  host: string,
  credentials: AppleCredentials,
  topic: string,
  pushTokens: string[],
): Promise<Map<string, number>> {
  const results = new Map<string, number>();
  if (pushTokens.length === 0) return results;
  const session = connect(apnsOrigin(host), {
    cert: credentials.signerCert,
    key: credentials.signerKey,
    ...(credentials.signerKeyPassphrase ? { passphrase: credentials.signerKeyPassphrase } : {}),
  });
  // A connection that fails is answered per request below (status 0); the session's own error
  // event must not crash the process.
  session.on('error', () => undefined);
  try {
    for (const token of pushTokens) {
      const status = await new Promise<number>((resolve) => {
        const request = session.request({
          ':method': 'POST',
          ':path': `/3/device/${encodeURIComponent(token)}`,
          'apns-topic': topic,
          'apns-push-type': 'background',
          'apns-priority': '5',
          'content-type': 'application/json',
        });
        request.setTimeout(10_000, () => request.close());
        request.on('response', (headers) => resolve(Number(headers[':status'] ?? 0)));
        request.on('error', () => resolve(0));
        request.on('close', () => resolve(0));
        request.resume();
        request.end('{}');
      });
      results.set(token, status);
    }
  } finally {
    session.close();
  }
  return results;
}
