import type { enGBPersonalShopper } from './en-GB-personal-shopper.ts';

/** Medlemmets personlige shopper (Forside, Mine oplysninger) og kontaktsiden på dansk. */
export const daDKPersonalShopper: typeof enGBPersonalShopper = {
  heading: 'Din personlige shopper',
  intro: (name) => `${name} kan hjælpe med alt om dit medlemskab – og med, hvad du skal have på.`,
  photoAlt: (name) => `Foto af ${name}`,
  basedAt: (store) => `Fast i ${store}`,
  speaks: (languages) => `Taler ${languages}`,
  reach: (name) => `Sådan kontakter du ${name}`,
  email: 'E-mail',
  phone: 'Ring',
  whatsapp: 'WhatsApp',
  book: 'Book en aftale',
  contactTitle: 'Kontakt os',
  contactIntro: 'Sådan får du fat i et menneske om dit medlemskab.',
};
