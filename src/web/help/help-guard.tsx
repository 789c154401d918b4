import { Link, Outlet } from 'react-router';
import { useMessages } from '../i18n/messages.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert, formStyles } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';

/**
 * SPEC §2 Help area: signed out shows the sign-in-required message with a link to /signin; while
 * loading nothing; a failed account load a blank view.
 */
export function HelpGuard() {
  const { state } = useSession();
  const m = useMessages().help;
  if (state.status === 'loading' || state.status === 'failed') return null;
  if (state.status === 'anonymous') {
    return (
      <Page narrow>
        <div className={formStyles.form}>
          <Alert kind="info">{m.signInRequired}</Alert>
          <Link to="/signin">{m.signInLink}</Link>
        </div>
      </Page>
    );
  }
  return <Outlet />;
}
