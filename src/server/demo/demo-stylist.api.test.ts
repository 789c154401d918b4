import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { demoMember, seedDemo } from './demo-data.ts';
import { seedDemoStylist } from './demo-stylist.ts';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

describe('the demo stylist', () => {
  for (const [locale, store, zone] of [
    ['en-GB', 'Regent Street', 'Europe/London'],
    ['da-DK', 'Strøget', 'Europe/Copenhagen'],
  ] as const) {
    it(`${locale}: Sophie Turner, with a photo through the image pipeline and routes, is the demo member's personal shopper at ${store}`, async () => {
      const t = await createTestApp({ config: { locale } });
      apps.push(t);
      await seedDemo(t.ctx);
      const member = t.client();
      expect(
        (await member.post('/api/login', { username: demoMember.email, password: demoMember.password }))
          .status,
      ).toBe(200);
      const answer = await member.get<{
        personalShopper: Record<string, unknown> & { photo: { renditions: { url: string }[] } };
      }>('/api/personal-shopper');
      expect(answer.body.personalShopper).toMatchObject({
        displayName: 'Sophie Turner',
        homeStore: { name: store },
        workEmail: 'sophie.turner@example.com',
      });
      expect(answer.body.personalShopper.whatsapp).toMatch(/^\+\d/);
      const urls = answer.body.personalShopper.photo.renditions.map((r) => r.url);
      expect(urls).toHaveLength(3);
      expect((await t.client().get(urls[0] ?? '')).status).toBe(200);
      const [row] = await t.ctx.db.query<{ time_zone: string }>(
        'SELECT time_zone FROM stores WHERE name = $1',
        [store],
      );
      expect(row?.time_zone).toBe(zone);
      // Again: the same ids, nothing doubled.
      const again = await seedDemoStylist(t.ctx);
      const first = await seedDemoStylist(t.ctx);
      expect(again).toEqual(first);
      const [count] = await t.ctx.db.query<{ n: number }>(
        // The demo style guide's cover is the other image.
        'SELECT count(*)::int AS n FROM images WHERE id NOT IN (SELECT cover_image_id FROM style_guides)',
      );
      expect(count?.n).toBe(1);
    });
  }
});
