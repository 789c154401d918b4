import type { Boot } from '#shared/api/boot.ts';

export type { Boot };

/**
 * Serialises the boot data safely inside a <script type="application/json">: every `<` is escaped,
 * so member data can never close the block (`</script>`) or open a comment (`<!--`), and the
 * JavaScript line separators are escaped for older parsers. JSON.parse reads it back unchanged.
 */
export function serializeBoot(boot: Boot): string {
  return JSON.stringify(boot)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Puts each part in place of its marker in one pass over the template. The parts are inserted
 * literally: a member's name holding `$'` or `` $` `` (which String.replace with a string would
 * expand into the rest of the page) or a marker's own text is never interpreted or re-scanned.
 */
export function fillTemplate(template: string, parts: Record<string, string>): string {
  const markers = Object.keys(parts);
  if (markers.length === 0) return template;
  const pattern = new RegExp(markers.map(escapeRegExp).join('|'), 'g');
  return template.replace(pattern, (marker) => parts[marker] ?? marker);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
