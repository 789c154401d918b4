// `npm start`: builds the app when it is missing or stale (ensure-build.mjs), then runs the built
// server in this same process. One node process instead of two: starting node costs about 0.1 s of
// CPU here (`node -e 0`, load 8), on the way to the first page.
import './ensure-build.mjs';

await import('../dist/server/app/main.js');
