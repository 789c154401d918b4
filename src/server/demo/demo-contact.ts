import type { Config } from '#shared/config.ts';

/**
 * The demo scheme's customer-services block (docs/operating.md, "Demo values"): what `npm start`
 * shows when the configuration names no way to reach customer services, so a newcomer trying the
 * app is never left with nobody to ask. Numbers that reach nobody (Ofcom's drama range; a Danish
 * number of the same kind) and an address at example.com. Never in production, where a scheme
 * without a contact block shows "ask in store".
 */
const demoContact = {
  'en-GB': {
    customerServicesEmail: 'care@example.com',
    customerServicesPhone: '020 7946 0000',
    customerServicesHours: 'Monday to Saturday, 9am to 6pm',
  },
  'da-DK': {
    customerServicesEmail: 'kundeservice@example.com',
    customerServicesPhone: '+45 70 10 20 30',
    customerServicesHours: 'Mandag til lørdag kl. 9-18',
  },
} as const;

/** The config with the demo contact block when it has none of its own (development and tests only). */
export function withDemoContact(config: Config, production: boolean): Config {
  if (production) return config;
  if (config.customerServicesEmail || config.customerServicesPhone || config.customerServicesHours)
    return config;
  return { ...config, ...demoContact[config.locale] };
}
