import { connect } from 'node:http2';
import type { AppleCredentials } from './pass-signing-keys.ts';

/** The APNs origin for a configured host: a bare host name is HTTPS; a URL is taken as it is. */
function apnsOrigin(host: string): string {
  return host.includes('://') ? host : `https://${host}`;
}

/** APNs' answer to one push: the HTTP status (0: no answer) and, on a refusal, its `reason`. */
export interface ApnsAnswer {
  status: number;
  reason: string | null;
}

/**
 * Whether APNs says the device's push token will never work again, so its registration is to be
 * forgotten: 410 (Unregistered: the pass or the app left the device), or 400 BadDeviceToken (a token
 * APNs never issued for this environment, which no retry mends). Kept, either would be pushed to at
 * every change of the pass.
 */
export function tokenIsDead(answer: ApnsAnswer): boolean {
  return answer.status === 410 || (answer.status === 400 && answer.reason === 'BadDeviceToken');
}

/** The `reason` of an APNs error body ({"reason":"BadDeviceToken"}), if it has one. */
function reasonOf(body: string): string | null {
  try {
    const { reason } = JSON.parse(body) as { reason?: unknown };
    return typeof reason === 'string' ? reason : null;
  } catch {
    return null;
  }
}

/**
 * Tells devices that a pass changed (Apple's pass update push, developer.apple.com "Updating a
 * pass"): one POST /3/device/<push token> per token over one HTTP/2 connection, authenticated with
 * the Pass Type ID certificate (TLS client certificate), topic = the pass type id, an empty JSON
 * payload, push type background at priority 5 (a background push must not ask for 10).
 * Answers APNs' answer per push token.
 */
export async function pushPassUpdates(
  host: string,
  credentials: AppleCredentials,
  topic: string,
  pushTokens: string[],
): Promise<Map<string, ApnsAnswer>> {
  const results = new Map<string, ApnsAnswer>();
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
      const answer = await new Promise<ApnsAnswer>((resolve) => {
        const request = session.request({
          ':method': 'POST',
          ':path': `/3/device/${encodeURIComponent(token)}`,
          'apns-topic': topic,
          'apns-push-type': 'background',
          'apns-priority': '5',
          'content-type': 'application/json',
        });
        let status = 0;
        let body = '';
        request.setTimeout(10_000, () => request.close());
        request.setEncoding('utf8');
        request.on('response', (headers) => {
          status = Number(headers[':status'] ?? 0);
        });
        // A refusal's body is a little JSON naming the reason; a success has none.
        request.on('data', (chunk: string) => {
          if (body.length < 4096) body += chunk;
        });
        request.on('end', () => resolve({ status, reason: status === 200 ? null : reasonOf(body) }));
        request.on('error', () => resolve({ status: 0, reason: null }));
        request.on('close', () => resolve({ status, reason: reasonOf(body) }));
        request.end('{}');
      });
      results.set(token, answer);
    }
  } finally {
    session.close();
  }
  return results;
}
