/** The member's personal shopper (Home, My details) and the contact page, in British English. */
export const enGBPersonalShopper = {
  heading: 'Your personal shopper',
  intro: (name: string) => `${name} can help with anything about your membership, and with what to wear.`,
  photoAlt: (name: string) => `Photo of ${name}`,
  basedAt: (store: string) => `Based at ${store}`,
  speaks: (languages: string) => `Speaks ${languages}`,
  reach: (name: string) => `Ways to reach ${name}`,
  email: 'Email',
  phone: 'Call',
  whatsapp: 'WhatsApp',
  book: 'Book an appointment',
  contactTitle: 'Contact us',
  contactIntro: 'How to reach a person about your membership.',
};
