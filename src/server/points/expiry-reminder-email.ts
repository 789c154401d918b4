import type { Config } from '#shared/config.ts';
import { calendarDay, formatHistoryDate } from '#shared/domain/date-format.ts';
import { formatPoints } from '#shared/domain/format.ts';
import { linkMail, mailWords } from '../email/email-layout.tsx';
import type { Mail } from '../email/mailer.ts';

/**
 * "250 points expire on 1st March": the reminder pointsExpiry.reminderDays before points expire,
 * sent only to members whose latest email choice is a yes (expiry-job.ts). It links to Home, where
 * the same line shows; its date is written as the app writes history dates.
 */
export function expiryReminderMail(
  config: Config,
  origin: string,
  input: { to: string; fullName: string; expiresOn: string; points: number },
): Promise<Mail> {
  const words = mailWords(config);
  const w = words.expiryReminder;
  const points = formatPoints(input.points, config.locale);
  const day = formatHistoryDate(calendarDay(input.expiresOn), config.locale);
  const firstName = input.fullName.trim().split(/\s+/)[0] || input.fullName;
  return linkMail(config, origin, input.to, `${origin}/`, {
    ...w,
    subject: () => w.subject(points, day),
    title: w.title(points, day),
    paragraphs: [
      words.greeting(firstName),
      ...w.paragraphs(config.title, points, day, config.pointsExpiry.months ?? 0),
    ],
  });
}
