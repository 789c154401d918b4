/**
 * Error reporting (SPEC §7: third-party traffic, not a product call). @sentry/react is loaded only
 * when the viewer hands the browser a `sentry` configuration; nothing is fetched otherwise.
 */
export interface SentrySettings {
  dsn: string;
  environment: string;
}

type Tags = Record<string, string>;
type SentryModule = typeof import('@sentry/react');

let sentry: Promise<SentryModule | null> | null = null;
const early: { error: unknown; tags: Tags }[] = [];

/** Starts error reporting once; safe to call again with the same settings. */
export function startErrorReporting(settings: SentrySettings, brand: string): Promise<SentryModule | null> {
  sentry ??= import('@sentry/react')
    .then((module) => {
      module.init({
        dsn: settings.dsn,
        environment: settings.environment,
        initialScope: { tags: { brand } },
      });
      for (const { error, tags } of early.splice(0)) module.captureException(error, { tags });
      return module;
    })
    .catch(() => null);
  return sentry;
}

/** Reports an error with tags (e.g. the brand); kept until reporting starts, if it has not yet. */
export function reportError(error: unknown, tags: Tags = {}): void {
  console.error(error);
  if (!sentry) {
    if (early.length < 20) early.push({ error, tags });
    return;
  }
  void sentry.then((module) => module?.captureException(error, { tags }));
}
