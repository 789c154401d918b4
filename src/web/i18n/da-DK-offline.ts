import type { enGBOffline } from './en-GB-offline.ts';

/** Danish words of the offline page (see en-GB-offline.ts). */
export const daDKOffline: typeof enGBOffline = {
  title: 'Dit kort, offline',
  notice:
    'Du er offline. Her er dit medlemskort, som det så ud, sidst du var online: vis det ved kassen, som du plejer.',
  lastUpdated: (moment: string) => `Sidst opdateret ${moment}`,
  visitorHeading: 'Du er offline',
  visitorText:
    'Opret forbindelse til internettet for at åbne medlemssiden. Når du er logget ind, gemmes dit medlemskort på denne enhed, så du kan vise det, også hvor der ikke er signal.',
};
