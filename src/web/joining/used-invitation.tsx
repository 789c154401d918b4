import { useMessages } from '../i18n/messages.tsx';
import { ButtonLink } from '../ui/button.tsx';
import { Alert, formStyles } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';

/**
 * A link that cannot be used any more, with its §8 words. When the invitation was used already the
 * member most likely joined with it: the page offers Sign in rather than ending there (issue 15 polish).
 */
export function LinkFailure({ text, used }: { text: string; used: boolean }) {
  const m = useMessages().joining;
  return (
    <Page narrow>
      <div className={formStyles.form}>
        <Alert kind="error">{text}</Alert>
        {used ? <ButtonLink to="/signin">{m.signInInstead}</ButtonLink> : null}
      </div>
    </Page>
  );
}
