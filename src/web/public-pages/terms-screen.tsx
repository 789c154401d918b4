import { useMessages } from '../i18n/messages.tsx';
import { MarkdownPage } from './markdown-page.tsx';

/** SPEC §2 /help/terms (or the configured path): only routed when no external terms URL is set. */
export default function TermsScreen() {
  return <MarkdownPage page="terms" title={useMessages().pageTitles.termsAndConditions} />;
}
