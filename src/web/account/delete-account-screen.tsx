import { useMessages } from '../i18n/messages.tsx';
import { PlaceholderScreen } from '../ui/placeholder-screen.tsx';

export default function DeleteAccountScreen() {
  return <PlaceholderScreen title={useMessages().titles.privacy} />;
}
