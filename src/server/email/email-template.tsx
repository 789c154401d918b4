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
import type { EmailContent } from './email-layout.tsx';
import type { MailWords } from './mail-words-en-GB.ts';

const colours = { ink: '#141414', muted: '#5f5f5f', paper: '#f7f5f2', card: '#ffffff', rule: '#e4e0da' };
const serif = 'Georgia, "Times New Roman", serif';
const sans = 'Helvetica, Arial, sans-serif';

/** Long words and URLs wrap instead of widening the mail past a phone's screen. */
const wrapAnywhere = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;

export interface LayoutProps {
  brand: string;
  words: MailWords;
  content: EmailContent;
  contact: ({ email: string } | { helpUrl: string }) & { phone: string | null; hours: string | null };
}

/**
 * Every email's look (react-email components): the brand's header, the title, the body and its one
 * action with a fallback link that wraps, and a footer with the scheme's name, why the member got
 * the mail and how to reach customer services (email or Help, and the telephone with its opening
 * hours when configured). Fluid up to 560 px, so nothing overflows at 375 px.
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
            {content.unsubscribe ? (
              <Text style={small}>
                <Link href={content.unsubscribe.url} style={{ color: colours.ink, ...wrapAnywhere }}>
                  {content.unsubscribe.label}
                </Link>
              </Text>
            ) : null}
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
            {contact.phone || contact.hours ? (
              <Text style={small}>
                {contact.phone
                  ? words.contactByPhone(contact.phone, contact.hours)
                  : words.contactHours(contact.hours ?? '')}
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The HTML and plain-text parts of one email. This module (react-email and its components) is loaded
 * at the first email, not at start-up: importing it took about half a second of every start.
 */
export async function renderLayout(props: LayoutProps): Promise<{ html: string; text: string }> {
  const element = <EmailLayout {...props} />;
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
