// The browser journeys drive the system Chromium; say in one line how to get one when it is missing.
import { existsSync } from 'node:fs';

const path = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    `No Chromium at ${path}: install Debian's with \`apt-get install -y chromium\`, or set CHROME_PATH to a Chromium binary.`,
  );
  process.exit(1);
}
