declare global {
  /** The buttons tapped before hydration, kept by the page's start script (start.js). */
  var earlyTaps: Set<HTMLElement> | undefined;
}

/**
 * Presses again, once the page has hydrated, the buttons a member tapped before (start.js kept them):
 * hydration keeps the server's elements, so each is the button the member saw. After the effects of
 * hydration, so the screens' handlers are in place.
 */
export function replayEarlyTaps() {
  const taps = globalThis.earlyTaps;
  if (!taps?.size) return;
  setTimeout(() => {
    for (const button of taps) if (button.isConnected) button.click();
    taps.clear();
  });
}
