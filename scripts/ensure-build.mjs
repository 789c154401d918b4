// `npm start` and the browser tests build the web app first when no build exists, or when any of its
// sources changed after the build (a pull, an edit): serving a stale build hides the change.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const outputs = ['dist/web/index.html', 'dist/server/entry-server.js', 'dist/server/app/main.js'];
const sourceRoots = ['src', 'index.html', 'vite.config.ts', 'package-lock.json', 'public'];

/** Tests are not part of the build: editing one needs no rebuild. */
const testFile = /\.test\.tsx?$/;

/** The newest modification time under a file or folder (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path) || testFile.test(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Why a build is needed, or null when the build is newer than every source. */
function staleReason() {
  const missing = outputs.find((file) => !existsSync(file));
  if (missing) return `no web build found (${missing})`;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const changed = sourceRoots.find((root) => newest(root) > built);
  return changed ? `${changed} changed since the last build` : null;
}

const reason = staleReason();
if (reason) {
  console.log(`Building the web app (npm run build): ${reason}…`);
  execSync('npm run build', { stdio: 'inherit' });
}
