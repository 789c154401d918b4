import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

/** This machine's addresses that are not loopback: a request to one of them comes from the network. */
function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((info) => info && info.family === 'IPv4' && !info.internal)
    .map((info) => info?.address ?? '');
}

describe('the development mailbox is served to this machine only', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp();
    // Listening on every interface, as HOST=0.0.0.0 would: the mailbox must still stay local.
    await t.app.listen({ host: '0.0.0.0', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    await t.client().post('/api/request-magic-link', { email: (await t.signedInMember()).email });
  });
  afterAll(() => t.close());

  const mailboxPaths = () => [
    '/dev/mailbox',
    `/dev/mailbox/${t.mails[0]?.id}`,
    '/%64ev/mailbox',
    '/dev/mailbox/',
  ];

  it('dev mailbox: a browser on this machine (loopback) reads the mail', async () => {
    const list = await fetch(`http://127.0.0.1:${port}/dev/mailbox`);
    expect(list.status).toBe(200);
    expect(await list.text()).toContain('Sign in to');
    const one = await fetch(`http://localhost:${port}/dev/mailbox/${t.mails[0]?.id}`);
    expect(one.status).toBe(200);
    expect(await one.text()).toContain('magic-login?token=');
  });

  it('dev mailbox: a request arriving on a network interface is refused, under any spelling', async () => {
    const addresses = networkAddresses();
    for (const address of addresses) {
      for (const path of mailboxPaths()) {
        const res = await fetch(`http://${address}:${port}${path}`);
        expect(res.status, `${address}${path}`).toBe(403);
        expect(await res.text()).not.toContain('token');
      }
    }
    // In-process requests have no local interface at all: refused as well.
    for (const path of mailboxPaths()) expect((await t.client().get(path)).status, path).toBe(403);
  });

  it('dev mailbox: a request relayed by a proxy on this machine is refused (forwarding headers)', async () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const res = await fetch(`http://127.0.0.1:${port}/dev/mailbox`, {
        headers: { [header]: '203.0.113.9' },
      });
      expect(res.status, header).toBe(403);
    }
  });

  it('dev mailbox: a page of another site reaching 127.0.0.1 under its own name is refused (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      request(
        { host: '127.0.0.1', port, path: '/dev/mailbox', headers: { host: `evil.example:${port}` } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(status).toBe(403);
  });
});
