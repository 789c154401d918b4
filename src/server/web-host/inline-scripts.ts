import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The CSP sources of the built page's inline scripts: `'sha256-…'` of each one's text (CSP level 2).
 * The build inlines one, the start script (vite.config.ts startAfterFirstPaint), so the first paint
 * waits for no request of its own; allowed by its hash, it is the only inline script that runs, and
 * the server never writes another (the boot data is `type="application/json"`, which never runs). None
 * without a build.
 */
export function inlineScriptSources(webDist: string | null): string[] {
  const templatePath = webDist ? join(webDist, 'index.html') : null;
  if (!templatePath || !existsSync(templatePath)) return [];
  const html = readFileSync(templatePath, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([^<]+)<\/script>/g)].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  );
}
