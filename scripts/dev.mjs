// Development: rebuild the web app on change, and restart the server when its code or the build changes.
import { spawn } from 'node:child_process';

const run = (command, args) => spawn(command, args, { stdio: 'inherit', env: process.env });
const builds = [
  run('npx', ['vite', 'build', '--watch']),
  run('npx', ['vite', 'build', '--watch', '--ssr', 'src/web/entry-server.tsx', '--outDir', 'dist/server']),
];
const server = run('npx', ['tsx', 'watch', '--include', 'dist/server/entry-server.js', 'src/server/main.ts']);
const stop = () => {
  for (const child of [...builds, server]) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
