import { useMessages } from '../i18n/messages.tsx';
import { MarkdownPage } from './markdown-page.tsx';

/** SPEC §2 /help/privacy-policy (or the configured path): when a URL is configured the route redirects there. */
export default function PrivacyPolicyScreen() {
  return <MarkdownPage page="privacy-policy" title={useMessages().pageTitles.privacyPolicy} />;
}
