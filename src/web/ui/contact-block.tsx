import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useLocation } from '../routing/router.tsx';
import { useAccountIfSignedIn } from '../session/session-context.tsx';
import styles from './contact-block.module.css';

/** A telephone number as a tel: URI (RFC 3966 allows the visual separators; they are dropped anyway). */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}

/**
 * A way to reach a person: customer services' phone, email and opening hours from the configuration.
 * `compact` is the short form under a message that says "contact customer services" (with who the
 * member's invitation was from); `bare` leaves out the heading (the contact page has its own). Only
 * what is known is shown; with nothing configured it points at the stores and Help, never at the page
 * it is on (the FAQ would send the member in a circle). The member's personal shopper has a section
 * of their own (stylists/personal-shopper-section.tsx).
 */
export function ContactBlock({ compact = false, bare = false }: { compact?: boolean; bare?: boolean }) {
  const c = useMessages().contact;
  const config = useConfig();
  const here = useLocation().pathname;
  const shopper = useAccountIfSignedIn()?.personalShopper ?? null;
  const phone = config.customerServicesPhone;
  const email = config.customerServicesEmail;
  const hours = config.customerServicesHours;
  const faq = config.externalFaqUrl ? (
    <a href={config.externalFaqUrl}>{c.helpAndFaq}</a>
  ) : here === '/help/faq' ? null : (
    <Link to="/help/faq">{c.helpAndFaq}</Link>
  );

  const ways = (
    <dl className={styles.ways}>
      {phone ? (
        <div>
          <dt>{c.phone}</dt>
          <dd>
            <a href={telHref(phone)}>{phone}</a>
          </dd>
        </div>
      ) : null}
      {email ? (
        <div>
          <dt>{c.email}</dt>
          <dd>
            <a href={`mailto:${email}`}>{email}</a>
          </dd>
        </div>
      ) : null}
      {hours && (phone || email) ? (
        <div>
          <dt>{c.hours}</dt>
          <dd>{hours}</dd>
        </div>
      ) : null}
    </dl>
  );
  const nothingConfigured = !phone && !email;

  // Where every "contact customer services" leads; never shown on that page itself.
  const contactPage = here === '/help/contact' ? null : <Link to="/help/contact">{c.heading}</Link>;

  if (compact) {
    return (
      <div className={styles.compact}>
        {shopper ? <p>{c.personalShopperHint(shopper)}</p> : null}
        {nothingConfigured ? <p>{c.askInStoreOnly}</p> : ways}
        {contactPage ? <p>{contactPage}</p> : null}
      </div>
    );
  }
  return (
    <section
      className={styles.block}
      aria-labelledby={bare ? undefined : 'contact-heading'}
      aria-label={bare ? c.customerServices : undefined}
    >
      {bare ? null : <h2 id="contact-heading">{c.heading}</h2>}
      <h3>{c.customerServices}</h3>
      {nothingConfigured ? <p>{faq ? c.askInStore : c.askInStoreOnly}</p> : ways}
      {nothingConfigured && faq ? <p>{faq}</p> : null}
    </section>
  );
}
