import { useMessages } from '../i18n/messages.tsx';
import { Page } from './page.tsx';
import { usePageTitle } from './page-title.tsx';

/** A route whose screen a later piece of work fills in; the route and its rules already work. */
export function PlaceholderScreen({ title }: { title: string }) {
  const m = useMessages();
  usePageTitle(title);
  return (
    <Page narrow>
      <h1>{title}</h1>
      <p>{m.placeholder.body}</p>
    </Page>
  );
}
