import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { demoMember, seedDemo } from '../demo/demo-data.ts';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

describe('the demo style guide', () => {
  for (const [locale, title] of [
    ['en-GB', 'Layering for winter'],
    ['da-DK', 'Lag på lag til vinteren'],
  ] as const) {
    it(`${locale}: one published guide with a cover at every width, seeded once however often seeding runs`, async () => {
      const t = await createTestApp({ config: { locale } });
      apps.push(t);
      await Promise.all([seedDemo(t.ctx), seedDemo(t.ctx)]);
      const member = t.client();
      await member.post('/api/login', { username: demoMember.email, password: demoMember.password });
      const list = await member.get<{
        guides: { id: string; title: string; cover: { renditions: { url: string }[] } }[];
      }>('/api/style-guides');
      expect(list.body.guides).toHaveLength(1);
      expect(list.body.guides[0]?.title).toBe(title);
      expect(list.body.guides[0]?.cover.renditions.map((r) => r.url)).toHaveLength(4);
      const read = await member.get<{ guide: { html: string } }>(
        `/api/style-guides/${list.body.guides[0]?.id}`,
      );
      expect(read.body.guide.html).toContain('href="https://shop.example.com/coats"');
    });
  }
});
