import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the plain-text part. */
  links: string[];
  /** Each header's value as sent (lowercased names; unfolded), e.g. list-unsubscribe. */
  headers: Record<string, string>;
}

/**
 * A real SMTP server for tests: the app sends over SMTP_URL, tests read what arrived. It offers no
 * STARTTLS, so everything it receives travelled in clear; it accepts any login (AUTH PLAIN or LOGIN)
 * and keeps it in `logins`, so a test sees a password a client sent that way.
 */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  readonly logins: { username: string; password: string }[] = [];
  private waiters: (() => void)[] = [];
  private server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onAuth: (auth, _session, callback) => {
        this.logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
        callback(null, { user: auth.username });
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.mails.push(toReceived(parsed));
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          })
          .catch(callback);
      },
    });
  }

  /** Listens on `port` (0: any free one); a fault test restarts a stopped sink's port with a new sink. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', resolve);
    });
    const address = this.server.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The first mail to `to` (and whose subject matches) arriving after `since` mails; waits up to 10 s. */
  async waitFor(to: string, subject?: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.find(
        (m) => m.to.toLowerCase() === to.toLowerCase() && (!subject || subject.test(m.subject)),
      );
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no email to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function toReceived(parsed: ParsedMail): ReceivedMail {
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
  const text = parsed.text ?? '';
  return {
    to: to?.value[0]?.address ?? '',
    from: parsed.from?.text ?? '',
    subject: parsed.subject ?? '',
    text,
    html: typeof parsed.html === 'string' ? parsed.html : '',
    links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
    headers: Object.fromEntries(
      parsed.headerLines.map(({ key, line }) => [
        key,
        line
          .slice(line.indexOf(':') + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim(),
      ]),
    ),
  };
}
