// `npm start`, the browser tests and the benchmarks build the web app first when no finished build
// exists, or when any of its sources changed after it (a pull, an edit): serving a stale build hides
// the change. The rules are in build-state.mjs.
import { ensureBuild } from './build-state.mjs';

try {
  ensureBuild();
} catch {
  console.error('The build failed (see above); nothing was started. The next start builds again.');
  process.exit(1);
}
