// `npm start` and the browser tests build the web app first when no build exists.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/web/index.html') || !existsSync('dist/server/entry-server.js')) {
  console.log('No web build found: building it now (npm run build)…');
  execSync('npm run build', { stdio: 'inherit' });
}
