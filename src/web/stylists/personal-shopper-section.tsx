import { useEffect, useState } from 'react';
import type { ResponseOf } from '#shared/api/descriptor.ts';
import { personalShopper } from '#shared/api/stylists-endpoints.ts';
import { call } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { loadScreenMessages, useMessages } from '../i18n/messages.tsx';
import { ButtonLink } from '../ui/button.tsx';
// The contact block's styles: one stylesheet for both ways to reach a person.
import styles from '../ui/contact-block.module.css';
import { ContactBlock } from '../ui/contact-block.tsx';
import { ResponsiveImage } from '../ui/responsive-image.tsx';

type Shopper = NonNullable<ResponseOf<typeof personalShopper>['personalShopper']>;
type State = { status: 'loading' } | { status: 'none' } | { status: 'loaded'; shopper: Shopper };

/** A telephone number as a tel: URI (the visual separators dropped). */
const telHref = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, '')}`;
/** wa.me takes the international number as digits only. */
const whatsappHref = (number: string) => `https://wa.me/${number.replace(/[^0-9]/g, '')}`;

/** Language tags as words in the member's language ("English and Danish"). */
function languageNames(tags: readonly string[], locale: string): string {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'language' });
    const words = tags.map((t) => names.of(t) ?? t);
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(words);
  } catch {
    return tags.join(', ');
  }
}

/**
 * "Your personal shopper" on Home and My details (a lazy chunk: Home's first load stays in budget):
 * the photo, name, home store, introduction in the member's language, the routes they offer and
 * "Book an appointment". Without one (or when it cannot be loaded), the scheme's customer-services
 * block, unless `fallback` is false (a page that shows that block anyway).
 */
export default function PersonalShopperSection({ fallback = true }: { fallback?: boolean }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    // The words are the screens' catalogue: Home alone has not loaded it.
    void Promise.all([call(personalShopper), loadScreenMessages()]).then(([answer]) => {
      if (!live) return;
      const shopper = answer.ok ? answer.data.personalShopper : null;
      setState(shopper ? { status: 'loaded', shopper } : { status: 'none' });
    });
    return () => {
      live = false;
    };
  }, []);
  if (state.status === 'loading') return null;
  if (state.status === 'none') return fallback ? <ContactBlock /> : null;
  return <ShopperCard shopper={state.shopper} />;
}

function ShopperCard({ shopper }: { shopper: Shopper }) {
  const p = useMessages().personalShopper;
  const { locale } = useConfig();
  const name = shopper.displayName;
  const facts = [
    shopper.homeStore ? p.basedAt(shopper.homeStore.name) : null,
    shopper.languages.length > 0 ? p.speaks(languageNames(shopper.languages, locale)) : null,
  ].filter(Boolean);
  return (
    <section
      className={styles.section}
      aria-labelledby="personal-shopper-heading"
      data-testid="personal-shopper"
    >
      <h2 id="personal-shopper-heading">{p.heading}</h2>
      <div className={styles.person}>
        {shopper.photo ? (
          <ResponsiveImage
            image={shopper.photo}
            alt={p.photoAlt(name)}
            sizes="96px"
            width={96}
            className={styles.photo}
          />
        ) : (
          <span className={styles.photo} aria-hidden="true" />
        )}
        <div>
          <h3 className={styles.name}>{name}</h3>
          {facts.map((fact) => (
            <p key={fact} className={styles.facts}>
              {fact}
            </p>
          ))}
        </div>
        <p className={styles.intro}>{shopper.introduction || p.intro(name)}</p>
      </div>
      <ul className={styles.routes} aria-label={p.reach(name)}>
        {shopper.workEmail ? (
          <li>
            <a href={`mailto:${shopper.workEmail}`}>
              <span className={styles.routeKind}>{p.email}</span>
              {shopper.workEmail}
            </a>
          </li>
        ) : null}
        {shopper.phone ? (
          <li>
            <a href={telHref(shopper.phone)}>
              <span className={styles.routeKind}>{p.phone}</span>
              {shopper.phone}
            </a>
          </li>
        ) : null}
        {shopper.whatsapp ? (
          <li>
            <a href={whatsappHref(shopper.whatsapp)} rel="noopener">
              <span className={styles.routeKind}>{p.whatsapp}</span>
              {shopper.whatsapp}
            </a>
          </li>
        ) : null}
      </ul>
      <ButtonLink to="/appointments/book">{p.book}</ButtonLink>
    </section>
  );
}
