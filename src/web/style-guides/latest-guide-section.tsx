import { useEffect, useState } from 'react';
import type { MemberGuideSummary } from '#shared/api/style-guides.ts';
import { memberGuides } from '#shared/api/style-guides-endpoints.ts';
import { call } from '../api.ts';
import { Link } from '../routing/links.tsx';
import { ResponsiveImage } from '../ui/responsive-image.tsx';
import styles from './style-guides.module.css';
import { useStyleGuidesWords } from './words.ts';

/**
 * Home's latest style guide (a lazy chunk of its own, in home-sections.tsx: Home's first load stays
 * within budget): its cover, title and date, linking to it. Nothing when there is none.
 */
export default function LatestGuideSection() {
  const w = useStyleGuidesWords().member;
  const [latest, setLatest] = useState<MemberGuideSummary | null>(null);
  useEffect(() => {
    void call(memberGuides).then((answer) => {
      if (answer.ok) setLatest(answer.data.guides[0] ?? null);
    });
  }, []);
  if (!latest) return null;
  return (
    <section className={`${styles.home} no-print`} aria-labelledby="latest-guide-heading">
      <h2 id="latest-guide-heading">{w.homeHeading}</h2>
      <Link to={`/style-guides/${latest.id}`} className={styles.card}>
        <ResponsiveImage image={latest.cover} alt="" sizes="(min-width: 800px) 40rem, 100vw" width={640} />
        <div className={styles.cardText}>
          <h3>{latest.title}</h3>
          <p className={styles.date}>{w.publishedOn(latest.publishedOn)}</p>
        </div>
      </Link>
    </section>
  );
}
