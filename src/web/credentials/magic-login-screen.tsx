import { useMessages } from '../i18n/messages.tsx';
import { PlaceholderScreen } from '../ui/placeholder-screen.tsx';

export default function MagicLoginScreen() {
  return <PlaceholderScreen title={useMessages().titles.magicLogin} />;
}
