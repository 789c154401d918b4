import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useAccountIfSignedIn } from '../session/session-context.tsx';
import styles from './contact-block.module.css';

/** A telephone number as a tel: URI (RFC 3966 allows the visual separators; they are dropped anyway). */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}

/**
 * A way to reach a person: customer services' phone, email and opening hours from
 * the configuration, and the signed-in member's personal shopper (who their invitation was from).
 * `compact` is the short form under a message that says "contact customer services". Only what is
 * known is shown; with nothing configured it points at the stores and Help.
 */
export function ContactBlock({ compact = false }: { compact?: boolean }) {
  const c = useMessages().contact;
  const config = useConfig();
  const shopper = useAccountIfSignedIn()?.personalShopper ?? null;
  const phone = config.customerServicesPhone;
  const email = config.customerServicesEmail;
  const hours = config.customerServicesHours;
  const faq = config.externalFaqUrl ? (
    <a href={config.externalFaqUrl}>{c.helpAndFaq}</a>
  ) : (
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

  if (compact) {
    return (
      <div className={styles.compact}>
        {shopper ? <p>{c.personalShopperHint(shopper)}</p> : null}
        {nothingConfigured ? <p>{c.askInStore}</p> : ways}
      </div>
    );
  }
  return (
    <section className={styles.block} aria-labelledby="contact-heading">
      <h2 id="contact-heading">{c.heading}</h2>
      {shopper ? (
        <div className={styles.shopper}>
          <h3>{c.personalShopper}</h3>
          <p>
            <strong>{shopper}</strong>
          </p>
          <p className={styles.hint}>{c.personalShopperHint(shopper)}</p>
        </div>
      ) : null}
      <h3>{c.customerServices}</h3>
      {nothingConfigured ? <p>{c.askInStore}</p> : ways}
      {nothingConfigured ? <p>{faq}</p> : null}
    </section>
  );
}
