import type { ImageRenditions } from '../ui/responsive-image.tsx';
import { ResponsiveImage } from '../ui/responsive-image.tsx';
import styles from './style-guides.module.css';

/**
 * One guide as members read it: title, cover and the body the server rendered from Markdown (raw
 * HTML off, only web links and uploaded or https images: src/server/style-guides/guide-markdown.ts).
 * The console's preview shows the same.
 */
export function GuideArticle({
  title,
  cover,
  dateLine,
  html,
}: {
  title: string;
  cover: ImageRenditions | null;
  dateLine: string | null;
  html: string;
}) {
  return (
    <article className={styles.article}>
      <h1>{title}</h1>
      {dateLine ? <p className={styles.date}>{dateLine}</p> : null}
      {cover ? (
        <ResponsiveImage
          image={cover}
          alt=""
          sizes="(min-width: 800px) 70ch, 100vw"
          width={640}
          className={styles.cover}
          loading="eager"
        />
      ) : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server with raw HTML off and only safe links (guide-markdown.ts) */}
      <div className={styles.body} dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
