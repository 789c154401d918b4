import { createServer, type Http2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';

/** One push as APNs received it. */
export interface ReceivedPush {
  path: string;
  pushToken: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A local stand-in of APNs (developer.apple.com "Sending notification requests to APNs"): HTTP/2
 * without TLS (h2c; the app's client takes an http:// host for it), POST /3/device/<token> answered
 * 200 with an apns-id, 400 for a request Apple would refuse (no topic, a payload that is not JSON,
 * a background push at priority 10), 410 Unregistered for tokens listed in `gone`, 400
 * BadDeviceToken for tokens listed in `invalid` (a token APNs never issued, or for another
 * environment). Records every request for the tests.
 */
export async function startApnsStandIn(): Promise<{
  url: string;
  pushes: ReceivedPush[];
  gone: Set<string>;
  invalid: Set<string>;
  close(): Promise<void>;
}> {
  const pushes: ReceivedPush[] = [];
  const gone = new Set<string>();
  const invalid = new Set<string>();
  const server: Http2Server = createServer();
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      body += chunk;
    });
    stream.on('end', () => {
      const path = String(headers[':path']);
      const match = /^\/3\/device\/([^/?]+)$/.exec(path);
      const plain: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) {
        if (!name.startsWith(':') && value !== undefined) plain[name] = String(value);
      }
      const answer = (status: number, reason?: string) => {
        stream.respond({ ':status': status, 'apns-id': crypto.randomUUID() });
        stream.end(reason ? JSON.stringify({ reason }) : undefined);
      };
      if (headers[':method'] !== 'POST' || !match?.[1]) return answer(405, 'MethodNotAllowed');
      const pushToken = decodeURIComponent(match[1]);
      pushes.push({ path, pushToken, headers: plain, body });
      if (!plain['apns-topic']) return answer(400, 'MissingTopic');
      try {
        JSON.parse(body);
      } catch {
        return answer(400, 'PayloadEmpty');
      }
      if (plain['apns-push-type'] === 'background' && plain['apns-priority'] === '10') {
        return answer(400, 'BadPriority');
      }
      if (invalid.has(pushToken)) return answer(400, 'BadDeviceToken');
      if (gone.has(pushToken)) return answer(410, 'Unregistered');
      return answer(200);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pushes,
    gone,
    invalid,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
