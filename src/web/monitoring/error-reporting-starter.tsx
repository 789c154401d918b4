import { useEffect } from 'react';
import { useConfig } from '../config-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { startErrorReporting } from './error-reporting.ts';

/** Starts error reporting when (and only when) the viewer returned a `sentry` configuration. */
export function ErrorReportingStarter() {
  const { sentry } = useSession();
  const { title } = useConfig();
  useEffect(() => {
    if (sentry) void startErrorReporting(sentry, title);
  }, [sentry, title]);
  return null;
}
