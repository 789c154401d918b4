// Whether the web build is current, and building it when it is not (used by ensure-build.mjs, so by
// `npm start`, the browser tests and the benchmarks). Two rules:
// - The build is always the production bundle, whatever NODE_ENV the caller runs with: Vite follows
//   NODE_ENV, so `NODE_ENV=development npm start` built React's development bundle, which is over
//   the first-load budget and is not what a server should send.
// - Only a build that finished counts: the build writes a stamp last, and the stamp is removed before
//   building. A build that failed half-way leaves outputs newer than the sources but no stamp, so the
//   next start builds again instead of serving what the failed build left.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const outputs = ['dist/web/index.html', 'dist/server/entry-server.js', 'dist/server/app/main.js'];
const sourceRoots = ['src', 'index.html', 'vite.config.ts', 'package-lock.json', 'public', 'scripts'];
/** Written after the whole build succeeded; its time is the build's. */
const stamp = 'dist/.build-complete';

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

/** Why a build is needed in the project at `root`, or null when the last finished build is current. */
export function staleReason(root = '.') {
  const missing = [...outputs, stamp].find((file) => !existsSync(join(root, file)));
  if (missing === stamp) return 'the last build did not finish';
  if (missing) return `no web build found (${missing})`;
  const built = statSync(join(root, stamp)).mtimeMs;
  const changed = sourceRoots.find((source) => newest(join(root, source)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/**
 * Builds the project at `root` when it is stale. Throws (and leaves it stale) when the build fails.
 * `command` is the build; tests give a stand-in.
 */
export function ensureBuild({ root = '.', command = 'npm run build', log = console.log } = {}) {
  const reason = staleReason(root);
  if (!reason) return false;
  log(`Building the web app (npm run build, production): ${reason}…`);
  rmSync(join(root, stamp), { force: true });
  execSync(command, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  mkdirSync(dirname(join(root, stamp)), { recursive: true });
  writeFileSync(join(root, stamp), `${new Date().toISOString()}\n`);
  return true;
}
