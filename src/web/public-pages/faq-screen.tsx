import { useMessages } from '../i18n/messages.tsx';
import { useLocation } from '../routing/router.tsx';
import { ContactScreen } from './contact-screen.tsx';
import { MarkdownPage } from './markdown-page.tsx';

/**
 * SPEC §2 /help/faq: only routed when no external FAQ URL is set. The same chunk answers
 * /help/contact, where every "contact customer services" leads (whatever the FAQ's setting).
 */
export default function FaqScreen() {
  const m = useMessages();
  if (useLocation().pathname === '/help/contact') return <ContactScreen />;
  return <MarkdownPage page="faq" title={m.pageTitles.faq} />;
}
