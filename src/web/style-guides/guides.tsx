import { useEffect, useRef, useState } from 'react';
import type { StyleGuidesPage } from '#shared/api/boot.ts';
import { memberGuide, memberGuides } from '#shared/api/style-guides-endpoints.ts';
import { signInPath } from '#shared/domain/after-sign-in.ts';
import { call } from '../api.ts';
import { Redirect } from '../redirect.tsx';
import { Link } from '../routing/links.tsx';
import { useLocation } from '../routing/router.tsx';
import { useParams } from '../routing/routes.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert } from '../ui/alert.tsx';
import { NotFoundScreen } from '../ui/error-screen.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { ResponsiveImage } from '../ui/responsive-image.tsx';
import { GuideArticle } from './guide-article.tsx';
import { takeServerGuides } from './server-guides.ts';
import styles from './style-guides.module.css';
import { useStyleGuidesWords } from './words.ts';

type Loaded = StyleGuidesPage | { kind: 'failed' } | null;

/** Whether what the server rendered is this page (the list, or this guide). */
function isFor(page: StyleGuidesPage | undefined, id: string | undefined): page is StyleGuidesPage {
  if (!page) return false;
  if (id === undefined) return page.kind === 'list';
  return page.kind === 'guide' ? page.guide.id === id : page.kind === 'missing' && page.id === id;
}

/**
 * /style-guides and /style-guides/:id, members only: a visitor (a guide's email opened signed out)
 * is sent to sign in and comes back to the page (on the server a 302).
 */
export default function StyleGuidesScreen() {
  const { state } = useSession();
  const { pathname } = useLocation();
  if (state.status === 'loading') return null;
  if (state.status !== 'authenticated') return <Redirect to={signInPath(pathname.replace(/\/+$/, ''))} />;
  return <StyleGuides />;
}

/**
 * The published guides and each guide, server-rendered whole (readable before, or without, the
 * app's JavaScript), asked of the API on a later visit.
 */
function StyleGuides() {
  const { id } = useParams();
  const [page, setPage] = useState<Loaded>(() => {
    const server = takeServerGuides();
    return isFor(server, id) ? server : null;
  });
  // The server's page is shown as it came; any other path (a later visit, another guide) is asked for.
  const fromServer = useRef(page !== null);
  useEffect(() => {
    if (fromServer.current) {
      fromServer.current = false;
      return;
    }
    let live = true;
    setPage(null);
    const load = async (): Promise<Loaded> => {
      if (id === undefined) {
        const answer = await call(memberGuides);
        return answer.ok ? { kind: 'list', guides: answer.data.guides } : { kind: 'failed' };
      }
      const answer = await call(memberGuide, {}, { params: { id } });
      if (answer.ok) return { kind: 'guide', guide: answer.data.guide };
      return answer.status === 404 ? { kind: 'missing', id } : { kind: 'failed' };
    };
    void load().then((loaded) => {
      if (live) setPage(loaded);
    });
    return () => {
      live = false;
    };
  }, [id]);
  if (page?.kind === 'missing') return <NotFoundScreen />;
  if (page?.kind === 'guide') return <GuideScreen guide={page.guide} />;
  return <GuideList guides={page?.kind === 'list' ? page.guides : null} failed={page?.kind === 'failed'} />;
}

function GuideList({
  guides,
  failed,
}: {
  guides: Extract<StyleGuidesPage, { kind: 'list' }>['guides'] | null;
  failed: boolean;
}) {
  const w = useStyleGuidesWords().member;
  usePageTitle(w.title);
  return (
    <Page>
      <h1>{w.title}</h1>
      <p className={styles.intro}>{w.intro}</p>
      {failed ? <Alert kind="error">{w.loadFailed}</Alert> : null}
      {guides && guides.length === 0 ? <p>{w.empty}</p> : null}
      {guides && guides.length > 0 ? (
        <ul className={styles.list} aria-busy={false}>
          {guides.map((guide) => (
            <li key={guide.id}>
              <Link to={`/style-guides/${guide.id}`} className={styles.card}>
                <ResponsiveImage
                  image={guide.cover}
                  alt=""
                  sizes="(min-width: 800px) 20rem, 100vw"
                  width={320}
                />
                <div className={styles.cardText}>
                  <h2>{guide.title}</h2>
                  <p className={styles.date}>{w.publishedOn(guide.publishedOn)}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

function GuideScreen({ guide }: { guide: Extract<StyleGuidesPage, { kind: 'guide' }>['guide'] }) {
  const w = useStyleGuidesWords().member;
  usePageTitle(guide.title);
  return (
    <Page>
      <GuideArticle
        title={guide.title}
        cover={guide.cover}
        dateLine={w.publishedOn(guide.publishedOn)}
        html={guide.html}
      />
      <Link to="/style-guides" className={styles.back}>
        <span aria-hidden="true">← </span>
        {w.allGuides}
      </Link>
    </Page>
  );
}
