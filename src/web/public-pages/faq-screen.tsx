import { useMessages } from '../i18n/messages.tsx';
import { MarkdownPage } from './markdown-page.tsx';

/** SPEC §2 /help/faq: only routed when no external FAQ URL is set. */
export default function FaqScreen() {
  return <MarkdownPage page="faq" title={useMessages().titles.faq} />;
}
