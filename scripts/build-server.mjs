// Compiles the server once, at build time, into one ES module that plain `node` runs: no TypeScript
// compiler at start-up (tsx took seconds of CPU on every start). Packages stay in node_modules
// (native argon2, PGlite's WebAssembly); the project's own code, `#shared/*` included, is bundled.
// The bundle and its chunks sit three folders deep, as src/server/<feature>/ files do, so the paths
// they build from import.meta.url (the content folder, the migrations) hold wherever a module lands;
// the migrations are copied beside them, and each feature's database functions (src/server/<feature>/sql)
// to dist/server/<feature>/sql, where the runner looks for them from there.
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const outDir = 'dist/server/app';
rmSync(outDir, { recursive: true, force: true });
const result = await build({
  // The embedded database's thread is an entry of its own (src/server/db/pglite-thread.ts finds it).
  entryPoints: { main: 'src/server/main.ts', 'pglite-worker': 'src/server/db/pglite-worker.ts' },
  outdir: outDir,
  bundle: true,
  // Dynamic imports stay chunks of their own, loaded when used: the development OpenID provider
  // (and its packages) never loads in a server that does not run it, and main.ts opens the database
  // before it loads the rest of the server (start-server.ts).
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', `${outDir}/migrations`, { recursive: true });
for (const feature of readdirSync('src/server')) {
  if (existsSync(`src/server/${feature}/sql`)) {
    rmSync(`dist/server/${feature}/sql`, { recursive: true, force: true });
    cpSync(`src/server/${feature}/sql`, `dist/server/${feature}/sql`, { recursive: true });
  }
}
const bytes = Object.values(result.metafile.outputs).find((output) => output.entryPoint)?.bytes ?? 0;
console.log(`Server bundle: ${outDir}/main.js, ${(bytes / 1024).toFixed(0)} KB`);
