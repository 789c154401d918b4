import { describe, expect, it } from 'vitest';
import { everyMarketingEmail } from '#tests/support/every-marketing-email.ts';

describe('marketing emails', () => {
  it('carry RFC 8058 one-click unsubscribe and the visible link, in each locale', async () => {
    for (const locale of ['en-GB', 'da-DK']) {
      for (const { name, mail } of await everyMarketingEmail({ locale })) {
        const url = /^<(https:\/\/[^>]+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
        expect(url, name).toMatch(/\/unsubscribe\/[A-Za-z0-9_-]{43}$/);
        expect(mail.headers?.['List-Unsubscribe-Post'], name).toBe('List-Unsubscribe=One-Click');
        expect(mail.html, name).toContain(`href="${url}"`);
        expect(mail.text, name).toContain(url);
      }
    }
  });

  it('en-GB: the sale, when it ends as the app writes a moment, and why the member got it', async () => {
    const [sale] = await everyMarketingEmail();
    expect(sale?.mail.subject).toBe(
      'The winter private sale for members: a private sale for Members Club members',
    );
    expect(sale?.mail.text).toContain('It runs until 24th December 2026 at 18:00 GMT.');
    expect(sale?.mail.text).toContain('Unsubscribe from these emails');
    expect(sale?.mail.text).toContain(
      'You received this email because you chose to hear from Members Club by email.',
    );
  });

  it('a style guide: its title, in each locale, linking to its page', async () => {
    const guide = (await everyMarketingEmail()).find((e) => e.name === 'style-guide-published');
    expect(guide?.mail.subject).toBe(
      'Layering for a northern winter, from knitwear to the long coat: the new Members Club style guide',
    );
    expect(guide?.mail.text).toContain('/style-guides/0b6c54f6-5b7e-4c8e-9a55-7d0f1f3f2a11');
    const danish = (await everyMarketingEmail({ locale: 'da-DK' })).find(
      (e) => e.name === 'style-guide-published',
    );
    expect(danish?.mail.subject).toBe(
      'Lag på lag til en nordisk vinter, fra strik til den lange frakke: den nye stilguide fra Members Club',
    );
    expect(danish?.mail.text).toContain('Læs stilguiden');
  });

  it('da-DK: Danish throughout, with no English sentence left', async () => {
    const [english] = await everyMarketingEmail();
    const [danish] = await everyMarketingEmail({ locale: 'da-DK' });
    expect(danish?.mail.subject).toBe(
      'Det private vinterudsalg for medlemmer: et privat udsalg for medlemmer af Members Club',
    );
    expect(danish?.mail.html).toMatch(/<html[^>]* lang="da"/);
    expect(danish?.mail.text).toContain('Det varer til 24. december 2026 kl. 19.00 CET.');
    expect(danish?.mail.text).toContain('Afmeld disse e-mails');
    const lines = (english?.mail.text ?? '')
      .split('\n')
      .filter((l) => l.length > 20 && /[a-z]/i.test(l) && !l.includes('http'));
    for (const line of lines) expect(danish?.mail.text).not.toContain(line);
  });
});
