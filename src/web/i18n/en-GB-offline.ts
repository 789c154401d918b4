/**
 * Words of the page the service worker shows when the members' site is opened with no network
 * (src/web/offline/offline-page.tsx), in British English.
 */
export const enGBOffline = {
  title: 'Your card, offline',
  notice:
    "You're offline. This is your membership card as it was when you were last online: show it at the till as usual.",
  /** The moment the card and points were last read from the server ("23rd November 2026 at 07:02 GMT"). */
  lastUpdated: (moment: string) => `Last updated ${moment}`,
  visitorHeading: "You're offline",
  visitorText:
    'Connect to the internet to open the members site. Once you have signed in, your membership card is kept on this device, so you can show it even where there is no signal.',
};
