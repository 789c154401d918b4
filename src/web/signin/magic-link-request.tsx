import { Link } from 'react-router';
import { useMessages } from '../i18n/messages.tsx';
import { formStyles } from '../ui/form.tsx';

/**
 * SPEC §2 Magic-link request: an email field and an email-link button (the credentials work fills
 * this in). Until then it points members with a password to the password form.
 */
export function MagicLinkRequest() {
  const m = useMessages();
  return (
    <div className={formStyles.form}>
      <h1>{m.signIn.heading}</h1>
      <p>{m.placeholder.body}</p>
      <Link to="/signin?method=password">{m.signIn.usePassword}</Link>
    </div>
  );
}
