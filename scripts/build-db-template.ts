// Builds the embedded database's migrated template beside the bundled migrations
// (src/server/db/db-template.ts says why); run by `npm run build` after the server bundle.
import { resolve } from 'node:path';
import { buildMigratedTemplate } from '../src/server/db/db-template.ts';

const target = resolve('dist/server/app/migrations/pglite-template.tar.gz');
console.log(`Embedded database template: ${await buildMigratedTemplate(target)}`);
