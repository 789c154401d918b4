import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import type { Config } from '#shared/config.ts';
import { mailWordsDaDK } from './mail-words-da-DK.ts';
import { type MailWords, mailWordsEnGB } from './mail-words-en-GB.ts';

/** The words of the configured locale's emails (issue 12 §5). */
export function mailWords(config: Pick<Config, 'locale'>): MailWords {
  return config.locale === 'da-DK' ? mailWordsDaDK : mailWordsEnGB;
}

/** What one email says; every word comes from the catalogue (mail-words-*.ts). */
export interface EmailContent {
  title: string;
  paragraphs: string[];
  bullets?: string[];
  /** The one action of the mail. */
  action?: { label: string; url: string };
  /** A closing line in the body (e.g. "if you did not ask for this…"). */
  note?: string;
  /** Why the member received it: in the footer of every email. */
  reason: string;
}

const colours = { ink: '#141414', muted: '#5f5f5f', paper: '#f7f5f2', card: '#ffffff', rule: '#e4e0da' };
const serif = 'Georgia, "Times New Roman", serif';
const sans = 'Helvetica, Arial, sans-serif';

/** Long words and URLs wrap instead of widening the mail past a phone's screen. */
const wrapAnywhere = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;

interface LayoutProps {
  brand: string;
  words: MailWords;
  content: EmailContent;
  contact: { email: string } | { helpUrl: string };
}

/**
 * Every email's look (react-email components): the brand's header, the title, the body and its one
 * action with a fallback link that wraps, and a footer with the scheme's name, why the member got
 * the mail and how to reach customer services. Fluid up to 560 px, so nothing overflows at 375 px.
 */
function EmailLayout({ brand, words, content, contact }: LayoutProps) {
  const text = {
    fontFamily: sans,
    fontSize: '16px',
    lineHeight: '24px',
    color: colours.ink,
    margin: '0 0 16px',
  };
  const small = { ...text, fontSize: '13px', lineHeight: '20px', color: colours.muted, ...wrapAnywhere };
  return (
    <Html lang={words.lang}>
      <Head>
        <title>{content.title}</title>
      </Head>
      <Preview>{content.title}</Preview>
      <Body style={{ margin: 0, padding: 0, backgroundColor: colours.paper }}>
        <Container style={{ width: '100%', maxWidth: '560px', margin: '0 auto' }}>
          <Section style={{ backgroundColor: colours.ink, padding: '20px 24px' }}>
            <Text
              style={{
                fontFamily: serif,
                fontSize: '20px',
                letterSpacing: '0.12em',
                textTransform: 'uppercase',
                color: '#ffffff',
                margin: 0,
                ...wrapAnywhere,
              }}
            >
              {brand}
            </Text>
          </Section>
          <Section style={{ backgroundColor: colours.card, padding: '28px 24px 8px' }}>
            <Heading
              as="h1"
              style={{
                fontFamily: serif,
                fontSize: '26px',
                lineHeight: '32px',
                margin: '0 0 16px',
                ...wrapAnywhere,
              }}
            >
              {content.title}
            </Heading>
            {content.paragraphs.map((paragraph) => (
              <Text key={paragraph} style={{ ...text, ...wrapAnywhere }}>
                {paragraph}
              </Text>
            ))}
            {content.bullets ? (
              <ul style={{ ...text, paddingLeft: '20px' }}>
                {content.bullets.map((bullet) => (
                  <li key={bullet} style={{ margin: '0 0 4px' }}>
                    {bullet}
                  </li>
                ))}
              </ul>
            ) : null}
            {content.action ? (
              <>
                <Section style={{ margin: '12px 0 24px' }}>
                  <Button
                    href={content.action.url}
                    style={{
                      backgroundColor: colours.ink,
                      color: '#ffffff',
                      fontFamily: sans,
                      fontSize: '16px',
                      fontWeight: 'bold',
                      borderRadius: '999px',
                      padding: '14px 28px',
                      textDecoration: 'none',
                    }}
                  >
                    {content.action.label}
                  </Button>
                </Section>
                <Text style={small}>
                  {words.fallbackLink}
                  <br />
                  <Link href={content.action.url} style={{ color: colours.ink, ...wrapAnywhere }}>
                    {content.action.url}
                  </Link>
                </Text>
              </>
            ) : null}
            {content.note ? <Text style={small}>{content.note}</Text> : null}
          </Section>
          <Section style={{ padding: '16px 24px 32px' }}>
            <Hr style={{ borderColor: colours.rule, margin: '0 0 16px' }} />
            <Text style={{ ...small, fontFamily: serif, color: colours.ink, letterSpacing: '0.08em' }}>
              {brand}
            </Text>
            <Text style={small}>{content.reason}</Text>
            <Text style={small}>
              {'email' in contact ? (
                words.contactByEmail(brand, contact.email)
              ) : (
                <>
                  {words.contactByHelp(brand)}{' '}
                  <Link href={contact.helpUrl} style={{ color: colours.muted, ...wrapAnywhere }}>
                    {contact.helpUrl}
                  </Link>
                </>
              )}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** An email's HTML and plain-text parts, from the one layout, in the configured locale. */
export async function renderEmail(
  config: Pick<Config, 'title' | 'locale' | 'customerServicesEmail' | 'externalFaqUrl'>,
  origin: string,
  content: EmailContent,
): Promise<{ html: string; text: string }> {
  const contact = config.customerServicesEmail
    ? { email: config.customerServicesEmail }
    : { helpUrl: config.externalFaqUrl ?? `${origin}/help/faq` };
  const element = (
    <EmailLayout brand={config.title} words={mailWords(config)} content={content} contact={contact} />
  );
  const [html, text] = await Promise.all([
    render(element),
    render(element, {
      plainText: true,
      htmlToTextOptions: {
        wordwrap: false,
        selectors: [
          { selector: 'a', options: { hideLinkHrefIfSameAsText: true, linkBrackets: false } },
          { selector: 'h1', options: { uppercase: false } },
        ],
      },
    }),
  ]);
  return { html, text };
}

/** A catalogue block of an email whose point is one link (sign-in, reset, verification…). */
interface LinkMailWords {
  subject(scheme: string): string;
  title: string | ((scheme: string) => string);
  action: string;
  note?: string;
  reason(scheme: string): string;
}

/** The mail of one link: the block's words around the button, the link also kept for the dev log. */
export async function linkMail(
  config: Parameters<typeof renderEmail>[0],
  origin: string,
  to: string,
  url: string,
  words: LinkMailWords & { paragraphs: string[] },
): Promise<{ to: string; subject: string; html: string; text: string; links: string[] }> {
  const { subject, title, action, note, reason, paragraphs } = words;
  const content = await renderEmail(config, origin, {
    title: typeof title === 'function' ? title(config.title) : title,
    paragraphs,
    action: { label: action, url },
    ...(note ? { note } : {}),
    reason: reason(config.title),
  });
  return { to, subject: subject(config.title), ...content, links: [url] };
}
