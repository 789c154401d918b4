import { signInPath } from '#shared/domain/after-sign-in.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useLocation } from '../routing/router.tsx';
import { Outlet } from '../routing/routes.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Page } from '../ui/page.tsx';

/**
 * SPEC §2 Help area: signed out shows the sign-in-required message with a link to /signin, which
 * brings the member back to this help page (`next`); while loading nothing; a failed account load a
 * blank view.
 */
export function HelpGuard() {
  const { state } = useSession();
  const { pathname } = useLocation();
  const m = useMessages().help;
  if (state.status === 'loading' || state.status === 'failed') return null;
  if (state.status === 'anonymous') {
    return (
      <Page narrow>
        <div className={formStyles.form}>
          <Alert kind="info">{m.signInRequired}</Alert>
          <Link to={signInPath(pathname.replace(/\/+$/, ''))}>{m.signInLink}</Link>
        </div>
      </Page>
    );
  }
  return <Outlet />;
}
