import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** One email: every mail has an HTML and a plain-text part. */
export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The links the mail carries (logged by the outbox so a developer can follow them). */
  links?: string[];
}

export interface SentMail extends Mail {
  id: string;
  from: string;
  sentAt: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** The outbox's saved mails (newest first); empty for SMTP. */
  list(): Promise<SentMail[]>;
}

/** SMTP via SMTP_URL (nodemailer), e.g. smtp://user:pass@smtp.example.com:587. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
    },
    list: async () => [],
  };
}

/**
 * The zero-set-up transport: each mail saved as JSON under DATA_DIR/outbox, its links logged, and
 * listed at /dev/mailbox outside production.
 */
export function outboxMailer(dir: string, from: string, log: (line: string) => void): Mailer {
  let counter = 0;
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const sentAt = new Date().toISOString();
      const id = `${sentAt.replace(/[:.]/g, '-')}-${process.pid}-${counter++}`;
      const saved: SentMail = { ...mail, id, from, sentAt };
      await writeFile(join(dir, `${id}.json`), JSON.stringify(saved, null, 2));
      log(`email to ${mail.to}: "${mail.subject}"${mail.links?.length ? ` ${mail.links.join(' ')}` : ''}`);
    },
    async list() {
      const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
      const mails = await Promise.all(
        files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as SentMail),
      );
      return mails.sort((a, b) => b.id.localeCompare(a.id));
    },
  };
}

/** Keeps mails in memory: API tests read what was sent from `sent`. */
export function memoryMailer(from = 'Members Club <members@example.com>'): Mailer & { sent: SentMail[] } {
  const sent: SentMail[] = [];
  return {
    sent,
    async send(mail) {
      sent.unshift({ ...mail, id: String(sent.length), from, sentAt: new Date().toISOString() });
    },
    list: async () => sent,
  };
}

/** The sender: the configured title as display name. */
export function senderAddress(title: string, address: string): string {
  return `"${title.replace(/"/g, '')}" <${address}>`;
}
