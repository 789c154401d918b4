import { describe, expect, it } from 'vitest';
import { everyEmail } from '#tests/support/every-email.ts';

/** Every email in the configured locale, from one layout, transactional headers only. */
describe('emails follow the configured locale', () => {
  it('en-GB: English subjects and lang="en"', async () => {
    const emails = await everyEmail({ locale: 'en-GB' });
    expect(emails.map(({ mail }) => mail.subject)).toEqual([
      'Sign in to Members Club',
      'Confirm it is you: Members Club',
      'Reset your Members Club password',
      'Your Members Club password has been changed',
      'Charlotte Personal-Shopper has invited you to join Members Club',
      'Your new invitation to Members Club',
      'Please verify your email address for Members Club',
      'Complete your Members Club sign-up',
      'Your email address is being changed',
      'Your membership has been deleted',
      'New sign-in to your Members Club account',
      '1,250 points expire on 1st March 2027',
      'Please verify your email address: a Members Club membership asks to use it',
      'Someone tried to use your email address for another Members Club membership',
      'Welcome to Members Club: your membership card',
      'Your missing purchase has been added',
      'About the missing purchase you told us about',
      'A password has been set for your Members Club account',
      'A place is yours: The winter collection preview evening for members, Wednesday, 9 December 2026 at 18:30',
      'Tomorrow: The winter collection preview evening for members, Wednesday, 9 December 2026 at 18:30',
      'Cancelled: The winter collection preview evening for members, Wednesday, 9 December 2026 at 18:30',
    ]);
    for (const { mail } of emails) expect(mail.html).toMatch(/<html[^>]* lang="en"/);
  });

  it('da-DK: Danish subjects, bodies and lang="da", with no English left in them', async () => {
    const english = await everyEmail({ locale: 'en-GB' });
    const emails = await everyEmail({ locale: 'da-DK' });
    expect(emails.map(({ mail }) => mail.subject)).toEqual([
      'Log ind på Members Club',
      'Bekræft, at det er dig: Members Club',
      'Nulstil din adgangskode til Members Club',
      'Din adgangskode til Members Club er blevet ændret',
      'Charlotte Personal-Shopper har inviteret dig til at blive medlem af Members Club',
      'Din nye invitation til Members Club',
      'Bekræft venligst din e-mailadresse til Members Club',
      'Gør din tilmelding til Members Club færdig',
      'Din e-mailadresse er ved at blive ændret',
      'Dit medlemskab er blevet slettet',
      'Nyt login på din Members Club-konto',
      '1.250 point udløber den 1. marts 2027',
      'Bekræft venligst din e-mailadresse: et Members Club-medlemskab vil bruge den',
      'Nogen har forsøgt at bruge din e-mailadresse til et andet Members Club-medlemskab',
      'Velkommen til Members Club: dit medlemskort',
      'Dit manglende køb er blevet tilføjet',
      'Om det manglende køb, du fortalte os om',
      'Der er valgt en adgangskode til din Members Club-konto',
      'Der er en plads til dig: Forpremiere på vinterkollektionen for medlemmer, onsdag den 9. december 2026 kl. 18.30',
      'I morgen: Forpremiere på vinterkollektionen for medlemmer, onsdag den 9. december 2026 kl. 18.30',
      'Aflyst: Forpremiere på vinterkollektionen for medlemmer, onsdag den 9. december 2026 kl. 18.30',
    ]);
    for (const [index, { name, mail }] of emails.entries()) {
      expect(mail.html, name).toMatch(/<html[^>]* lang="da"/);
      expect(mail.text, name).toContain('Du modtager denne e-mail, fordi');
      expect(mail.text, name).toContain('kundeservice');
      // Not one sentence of the English mail is left in the Danish one.
      const englishLines = (english[index]?.mail.text ?? '')
        .split('\n')
        .filter((line) => line.length > 20 && /[a-z]/i.test(line) && !line.includes('http'));
      for (const line of englishLines) expect(mail.text, name).not.toContain(line);
    }
    expect(emails[0]?.mail.text).toContain('Linket virker én gang og udløber om 10 minutter.');
    expect(emails[4]?.mail.text).toContain('indtil 24. december 2026');
    expect(emails[10]?.mail.text).toContain(
      'Samsung Internet på Android den 23. november 2026 kl. 08.02 CET',
    );
  });

  it('every email has the footer: the scheme, why the member got it and how to reach customer services', async () => {
    for (const { name, mail } of await everyEmail({ customerServicesEmail: 'care@example-retailer.co.uk' })) {
      expect(mail.text, name).toContain('You received this email because');
      expect(mail.text, name).toContain(
        'Questions? Write to Members Club customer services at care@example-retailer.co.uk.',
      );
    }
    // Without an address to write to, the footer leads to the contact page (which shows what the
    // scheme configured), never to the FAQ, whose own answer is "contact customer services".
    for (const { name, mail } of await everyEmail({
      externalFaqUrl: 'https://help.example-retailer.co.uk/faq',
    })) {
      expect(mail.text, name).toContain(
        'Questions? Members Club customer services can help: https://members.example-retailer.co.uk/help/contact',
      );
    }
  });

  it('the footer names the customer services telephone and opening hours when configured', async () => {
    const phone = '020 7946 0000';
    const hours = 'Monday to Saturday, 9am to 6pm';
    for (const { name, mail } of await everyEmail({
      customerServicesEmail: 'care@example-retailer.co.uk',
      customerServicesPhone: phone,
      customerServicesHours: hours,
    })) {
      expect(mail.text, name).toContain('customer services at care@example-retailer.co.uk.');
      expect(mail.text, name).toContain(`Telephone ${phone} (${hours}).`);
      expect(mail.html, name).toContain(`Telephone ${phone} (${hours}).`);
    }
    const [withoutHours] = await everyEmail({ customerServicesPhone: phone });
    expect(withoutHours?.mail.text).toContain(`Telephone ${phone}.`);
    const [onlyHours] = await everyEmail({ customerServicesHours: hours });
    expect(onlyHours?.mail.text).toContain(`Customer services are open ${hours}.`);
    const [danish] = await everyEmail({ locale: 'da-DK', customerServicesPhone: '+45 33 12 34 56' });
    expect(danish?.mail.text).toContain('Telefon +45 33 12 34 56.');
    const [none] = await everyEmail();
    expect(none?.mail.text).not.toContain('Telephone');
  });

  it('the points expiry reminder: the points, the day as the app writes it, and why the member got it', async () => {
    const reminder = (await everyEmail()).find(({ name }) => name === 'points-expiry-reminder')?.mail;
    expect(reminder?.text).toContain('Dear Alexandra,');
    expect(reminder?.text).toContain(
      '1,250 of your Members Club points expire on 1st March 2027, 12 months after they were added.',
    );
    expect(reminder?.text).toContain('you chose to hear from Members Club by email');
    expect(reminder?.links).toEqual(['https://members.example-retailer.co.uk/']);
  });

  it('every email the app sends is transactional: no List-Unsubscribe (docs/decisions/0052-emails-from-one-set-of-react.md)', async () => {
    for (const locale of ['en-GB', 'da-DK']) {
      for (const { name, mail } of await everyEmail({ locale })) {
        expect(mail.headers ?? {}, name).not.toHaveProperty('List-Unsubscribe');
        expect(mail.headers ?? {}, name).not.toHaveProperty('List-Unsubscribe-Post');
      }
    }
  });

  it('dates: every email writes a day as the members’ screens do, in each locale', async () => {
    const english = Object.fromEntries((await everyEmail()).map(({ name, mail }) => [name, mail.text]));
    expect(english.invitation).toContain('the link works once and until 24th December 2026.');
    expect(english['new-sign-in']).toContain(
      'using Samsung Internet on Android, on 23rd November 2026 at 07:02 GMT.',
    );
    expect(english['claim-approved']).toContain('(order WEB-2026-000123456789, 21st November');
    const danish = Object.fromEntries(
      (await everyEmail({ locale: 'da-DK' })).map(({ name, mail }) => [name, mail.text]),
    );
    expect(danish.invitation).toContain('indtil 24. december 2026');
    expect(danish['claim-approved']).toContain('(ordre WEB-2026-000123456789, 21. november');
  });

  it('the action link appears whole in the text part, without brackets around it', async () => {
    const [magic] = await everyEmail();
    const url = magic?.mail.links?.[0] ?? '';
    expect(magic?.mail.text).toContain(`Sign in ${url}\n`);
    expect(magic?.mail.text).not.toContain(`[${url}]`);
  });
});
