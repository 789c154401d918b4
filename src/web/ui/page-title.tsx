import { createContext, useContext, useEffect } from 'react';
import { useConfig } from '../config-context.tsx';

/** During server rendering the title is written here instead of to `document`. */
export const TitleSinkContext = createContext<{ title: string } | null>(null);

/** SPEC §2: "page - site name", unless the page title equals the site title. */
function fullTitle(page: string | undefined, site: string): string {
  return !page || page === site ? site : `${page} - ${site}`;
}

export function usePageTitle(page?: string): void {
  const { title } = useConfig();
  const sink = useContext(TitleSinkContext);
  const text = fullTitle(page, title);
  if (sink) sink.title = text;
  useEffect(() => {
    document.title = text;
  }, [text]);
}
