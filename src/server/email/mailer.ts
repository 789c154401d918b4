import type { Transporter } from 'nodemailer';

/** One email: every mail has an HTML and a plain-text part. */
export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The links the mail carries (tests follow them; never logged: they hold sign-in tokens). */
  links?: string[];
  /**
   * Headers beyond the usual ones: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on marketing
   * mail only; every mail the app sends today is transactional and has none (docs/decisions/0052-emails-from-one-set-of-react.md).
   */
  headers?: Record<string, string>;
  /** Files sent with it (an appointment's .ics), their content as text. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  /** e.g. `text/calendar; method=REQUEST; charset=UTF-8`. */
  contentType: string;
  content: string;
}

export interface SentMail extends Mail {
  id: string;
  from: string;
  sentAt: string;
}

/**
 * How the outbox worker hands a mail on. Features never call a transport: they write the mail to the
 * outbox in their own transaction (enqueueMail in outbox.ts) and the worker delivers it.
 */
export interface MailTransport {
  /** Resolves once the mail is accepted; throws (to be retried) when it is not. */
  send(mail: Mail & { id: string }): Promise<void>;
  close?(): void;
}

/** Time limits of one SMTP delivery: short, so a hung server holds one worker briefly, never a request. */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

const defaultSmtpTimeouts: SmtpTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 30_000,
};

/**
 * Whether a connection must be encrypted before anything is sent: whenever SMTP_URL carries a user
 * or password, since the login and the mails (sign-in links) would otherwise cross the network in
 * clear to any server, or anyone in between, that does not offer STARTTLS. smtps:// is TLS from the
 * first byte; smtp:// must then upgrade with STARTTLS or the delivery fails (and is retried). The URL
 * may opt out with nodemailer's own `requireTLS=false` (e.g. a relay on the same host).
 */
function smtpRequiresTls(smtpUrl: string): boolean {
  const url = new URL(smtpUrl);
  const hasCredentials = url.username !== '' || url.password !== '';
  return hasCredentials && url.searchParams.get('requireTLS') !== 'false';
}

/** SMTP via SMTP_URL (nodemailer, pooled), e.g. smtp://user:pass@smtp.example.com:587. */
export function smtpTransport(
  smtpUrl: string,
  from: string,
  timeouts: SmtpTimeouts = defaultSmtpTimeouts,
): MailTransport {
  // nodemailer (about 0.1 s to load) loads with the first mail, not at every start.
  let pool: Promise<Transporter> | undefined;
  const transport = () => {
    pool ??= import('nodemailer').then(({ default: nodemailer }) =>
      // nodemailer's own connection time-out is two minutes; ours are seconds (the worker retries).
      nodemailer.createTransport({
        url: smtpUrl,
        // A few connections, reused: the worker hands over a batch at a time.
        pool: true,
        maxConnections: 4,
        connectionTimeout: timeouts.connectionMs,
        greetingTimeout: timeouts.greetingMs,
        socketTimeout: timeouts.socketMs,
        requireTLS: smtpRequiresTls(smtpUrl),
      }),
    );
    return pool;
  };
  return {
    async send(mail) {
      await (await transport()).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers ?? {},
        ...nodemailerAttachments(mail.attachments ?? []),
        // The outbox row's id: a receiving server or a person can tell a retried mail from a new one.
        messageId: `<outbox-${mail.id}@${from.replace(/^.*@|>.*$/g, '') || 'localhost'}>`,
      });
    },
    close: () => {
      void pool?.then((opened) => opened.close());
    },
  };
}

/**
 * A calendar file goes as nodemailer's `icalEvent` (a text/calendar part with its METHOD, which is
 * what Gmail and Outlook read as an invitation, and the same file attached); others as attachments.
 */
function nodemailerAttachments(attachments: MailAttachment[]) {
  const calendar = attachments.find((file) => file.contentType.startsWith('text/calendar'));
  const method = calendar ? /method=([A-Z]+)/i.exec(calendar.contentType)?.[1] : undefined;
  return {
    attachments: attachments
      .filter((file) => file !== calendar)
      .map(({ filename, contentType, content }) => ({ filename, contentType, content })),
    ...(calendar
      ? { icalEvent: { filename: calendar.filename, method: method ?? 'REQUEST', content: calendar.content } }
      : {}),
  };
}

/**
 * The zero-set-up transport for development (production refuses to start without SMTP_URL): the
 * outbox table is the mailbox (/dev/mailbox lists it, on this machine only), so delivering is logging
 * that a mail is there and marking the row sent. The log names the mail but never its links, which
 * carry sign-in tokens.
 */
export function developmentTransport(log: (line: string) => void): MailTransport {
  return {
    async send(mail) {
      log(`email to ${mail.to}: "${mail.subject}" (read it at /dev/mailbox)`);
    },
  };
}

/** Keeps delivered mails in memory, newest first: API tests read what was sent from `sent`. */
export function memoryTransport(
  from = 'Members Club <members@example.com>',
): MailTransport & { sent: SentMail[] } {
  const sent: SentMail[] = [];
  return {
    sent,
    async send(mail) {
      sent.unshift({ ...mail, id: mail.id, from, sentAt: new Date().toISOString() });
    },
  };
}

/** The sender: the configured title as display name. */
export function senderAddress(title: string, address: string): string {
  return `"${title.replace(/"/g, '')}" <${address}>`;
}
