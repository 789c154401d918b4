import { useMessages } from '../i18n/messages.tsx';
import { PlaceholderScreen } from '../ui/placeholder-screen.tsx';

export default function PrivacyPolicyScreen() {
  return <PlaceholderScreen title={useMessages().titles.privacyPolicy} />;
}
