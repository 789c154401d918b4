import { useMessages } from '../i18n/messages.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { ButtonLink } from '../ui/button.tsx';
import { ContactBlock } from '../ui/contact-block.tsx';
import { Page } from '../ui/page.tsx';

/**
 * A link that cannot be used any more, with its §8 words. When the invitation was used already the
 * member most likely joined with it: the page offers Sign in rather than ending there.
 * `contact`: the words tell the member to contact customer services, so the contact block says how.
 */
export function LinkFailure({
  text,
  used,
  contact = false,
}: {
  text: string;
  used: boolean;
  contact?: boolean;
}) {
  const m = useMessages().joining;
  return (
    <Page narrow>
      <div className={formStyles.form}>
        {/* A used invitation is most likely the member's own joining, not a fault: no error red. */}
        <Alert kind={used ? 'info' : 'error'}>{text}</Alert>
        {used ? <ButtonLink to="/signin">{m.signInInstead}</ButtonLink> : null}
        {contact ? <ContactBlock compact /> : null}
      </div>
    </Page>
  );
}
