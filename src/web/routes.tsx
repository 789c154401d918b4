import { type ReactNode, Suspense, useEffect } from 'react';
import { useConfig } from './config-context.tsx';
import { HelpGuard } from './help/help-guard.tsx';
import { useMessages } from './i18n/messages.tsx';
import { Redirect } from './redirect.tsx';
import { useLocation } from './routing/router.tsx';
import { Route, Routes } from './routing/routes.tsx';
import { SignedInOnly, SignedOutOnly, UnknownPath, WhenEnabled } from './routing-guards.tsx';
import { useSession } from './session/session-context.tsx';
import { ErrorScreen, NotFoundScreen } from './ui/error-screen.tsx';
import { lazyScreen } from './ui/lazy-screen.ts';
import { VipSignupBoundary } from './vip-signup/vip-signup-boundary.tsx';

// Every screen is its own lazily loaded chunk (SPEC §2, DESIGN "First paint"). Home is server-rendered
// whole with the member's card, points and recent activity, its chunk preloaded with the page; Sign in
// and Landing likewise, so the members' Home loads neither Sign in's forms nor Landing (first-load
// budget, docs/decisions/0064-first-load-budget-covers-landing-sign.md).
const LandingScreen = lazyScreen(() => import('./landing/landing-screen.tsx'), {
  serverRendered: 'src/web/landing/landing-screen.tsx',
  words: 'core',
});
const HomeScreen = lazyScreen(() => import('./home/home-screen.tsx'), {
  serverRendered: 'src/web/home/home-screen.tsx',
  words: 'home',
});
const SignInScreen = lazyScreen(() => import('./signin/signin-screen.tsx'), {
  serverRendered: 'src/web/signin/signin-screen.tsx',
  words: 'core',
});
const ExchangeScreen = lazyScreen(() => import('./points/exchange-screen.tsx'));
const SignupScreen = lazyScreen(() => import('./joining/signup-screen.tsx'));
const StartSignupScreen = lazyScreen(() => import('./joining/start-signup-screen.tsx'));
const CompleteSignupScreen = lazyScreen(() => import('./joining/complete-signup-screen.tsx'));
const GuidedSignupScreen = lazyScreen(() => import('./joining/guided-signup-screen.tsx'));
const VerifyEmailScreen = lazyScreen(() => import('./joining/verify-email-screen.tsx'));
const ResetPasswordScreen = lazyScreen(() => import('./credentials/reset-password-screen.tsx'));
const SetNewPasswordScreen = lazyScreen(() => import('./credentials/set-new-password-screen.tsx'));
const MagicLoginScreen = lazyScreen(() => import('./credentials/magic-login-screen.tsx'));
const ConfirmLinkScreen = lazyScreen(() => import('./credentials/confirm-link-screen.tsx'));
const SecurityScreen = lazyScreen(() => import('./credentials/security-screen.tsx'));
const PasskeysScreen = lazyScreen(() => import('./credentials/passkeys-screen.tsx'));
const PurchaseHistoryScreen = lazyScreen(() => import('./points/purchase-history-screen.tsx'));
const MissingPurchaseScreen = lazyScreen(() => import('./claims/missing-purchase-screen.tsx'));
const AppointmentsScreens = lazyScreen(() => import('./appointments/appointments-route.tsx'));
// Reads its own words (i18n/events-*.ts), not the screens' catalogue.
const EventsScreen = lazyScreen(() => import('./events/events-lazy-route.tsx'), { words: 'core' });
const MyDetailsScreen = lazyScreen(() => import('./account/my-details-screen.tsx'));
const EditDetailsScreen = lazyScreen(() => import('./account/edit-details-screen.tsx'));
const PrivacyCentreScreen = lazyScreen(() => import('./account/privacy-centre-screen.tsx'));
const TermsScreen = lazyScreen(() => import('./public-pages/terms-screen.tsx'));
const TermsRoiScreen = lazyScreen(() => import('./public-pages/terms-roi-screen.tsx'));
const PrivacyPolicyScreen = lazyScreen(() => import('./public-pages/privacy-policy-screen.tsx'));
const FaqScreen = lazyScreen(() => import('./public-pages/faq-screen.tsx'));
const AlternativeLandingScreen = lazyScreen(() => import('./landing/alternative-landing-screen.tsx'));
const AddToGoogleWalletScreen = lazyScreen(() => import('./wallet/add-to-google-wallet-screen.tsx'));
const LinkWithNikeScreen = lazyScreen(() => import('./nike-link/link-with-nike-screen.tsx'));
const CompleteLinkWithNikeScreen = lazyScreen(() => import('./nike-link/complete-link-with-nike-screen.tsx'));
// Server-rendered whole, with its own words (i18n/style-guides-*.ts): a guide reads without the JavaScript.
const StyleGuidesScreen = lazyScreen(() => import('./style-guides/guides.tsx'), {
  serverRendered: 'src/web/style-guides/guides.tsx',
  words: 'core',
});
// Reads its own words (i18n/private-sales-*.ts), not the screens' catalogue.
const UnsubscribeScreen = lazyScreen(() => import('./marketing-mail/unsubscribe-lazy-route.tsx'), {
  words: 'core',
});

/** SPEC §2 route table. */
export function AppRoutes({ status }: { status: number }) {
  const config = useConfig();
  if (status === 405) return <ErrorScreen status={405} />;
  return (
    <Suspense fallback={null}>
      <Routes>
        {/* Main account area */}
        <Route path="/" element={<HomeRoute />} />
        <Route
          path="/signup"
          element={
            <WhenEnabled enabled={config.selfSignupEnabled}>
              <SignedOutOnly>
                <SignupScreen />
              </SignedOutOnly>
            </WhenEnabled>
          }
        />
        <Route
          path="/create-exchange"
          element={
            <WhenEnabled enabled={config.enablePointsExchange}>
              <SignedInOnly>
                <ExchangeScreen />
              </SignedInOnly>
            </WhenEnabled>
          }
        />
        <Route
          path="/reset-password"
          element={
            <SignedOutOnly>
              <ResetPasswordScreen />
            </SignedOutOnly>
          }
        />
        <Route
          path="/complete-signup"
          element={
            <SignedOutOnly keepAfterSignIn>
              <CompleteSignupScreen />
            </SignedOutOnly>
          }
        />
        <Route
          path="/magic-login"
          element={
            <SignedOutOnly>
              <MagicLoginScreen />
            </SignedOutOnly>
          }
        />
        <Route
          path="/appointments/:step?"
          element={
            <SignedInOnly>
              <AppointmentsScreens />
            </SignedInOnly>
          }
        />
        {/* Members only: the screen sends visitors to sign in and back (Home's first load has no room for a guard). */}
        <Route path="/style-guides/:id?" element={<StyleGuidesScreen />} />
        {/* Members only: the route's own chunk says so (events/events-lazy-route.tsx). */}
        <Route path="/events" element={<EventsScreen />} />
        <Route path="/404" element={<NotFoundScreen />} />
        <Route path="/405" element={<ErrorScreen status={405} />} />

        {/* Public and shell routes */}
        {config.externalTermsUrl ? null : (
          <Route path={`/help${config.termsPagePath}`} element={<TermsScreen />} />
        )}
        {config.customerType === 'roi' ? <Route path="/help/terms-roi" element={<TermsRoiScreen />} /> : null}
        <Route
          path={`/help${config.privacyPagePath}`}
          element={
            config.privacyPolicyUrl ? (
              <ExternalRedirect to={config.privacyPolicyUrl} />
            ) : (
              <PrivacyPolicyScreen />
            )
          }
        />
        {config.externalFaqUrl ? null : <Route path="/help/faq" element={<FaqScreen />} />}
        {/* The FAQ's chunk holds the contact page too (it names its path): no second entry to load. */}
        <Route path="/help/contact" element={<FaqScreen />} />
        <Route path="/verify-email" element={<VerifyEmailScreen />} />
        <Route path="/add-to-google-wallet" element={<AddToGoogleWalletScreen />} />
        <Route path="/set-new-password" element={<SetNewPasswordScreen />} />
        <Route path="/confirm-it-is-you" element={<ConfirmLinkScreen />} />
        <Route path="/signin" element={<SignInScreen />} />
        <Route path="/start-signup" element={<StartSignupScreen />} />
        <Route path="/link-with-nike" element={<LinkWithNikeScreen />} />
        <Route path="/complete-link-with-nike" element={<CompleteLinkWithNikeScreen />} />
        <Route path="/unsubscribe/:token" element={<UnsubscribeScreen />} />
        <Route
          path="/store/signup/:token?"
          element={
            <WhenEnabled enabled={config.guidedSignupEnabled}>
              <VipSignupBoundary>
                <GuidedSignupScreen />
              </VipSignupBoundary>
            </WhenEnabled>
          }
        />
        <Route
          path="/landing-page"
          element={
            <WhenEnabled enabled={config.alternativeLandingEnabled}>
              <AlternativeLandingScreen />
            </WhenEnabled>
          }
        />

        {/* Help area: members only */}
        <Route path="/help" element={<HelpGuard />}>
          <Route index element={<Redirect to="/help/account" />} />
          <Route path="account" element={<MyDetailsScreen />} />
          <Route path="history" element={<PurchaseHistoryScreen />} />
          <Route path="history/missing" element={<MissingPurchaseScreen />} />
          <Route path="account-details" element={<EditDetailsScreen />} />
          <Route path="security" element={<SecurityScreen />} />
          {config.enableWebAuthnLogins ? <Route path="passkeys" element={<PasskeysScreen />} /> : null}
          <Route path="privacy" element={<PrivacyCentreScreen />} />
          <Route path="*" element={<NotFoundScreen />} />
        </Route>

        <Route path="*" element={<UnknownPath />} />
      </Routes>
    </Suspense>
  );
}

/** SPEC §2 Home: after the account has loaded, the overview when signed in, otherwise the landing screen. */
function HomeRoute() {
  const { state } = useSession();
  if (state.status === 'loading') return null;
  if (state.status !== 'authenticated') return <LandingScreen />;
  if (state.homeRedirect) return <ExternalRedirect to={state.homeRedirect} />;
  return <HomeScreen />;
}

/** Leaves the app for another address, saying so meanwhile. */
function ExternalRedirect({ to }: { to: string }): ReactNode {
  const m = useMessages().app;
  const location = useLocation();
  useEffect(() => {
    window.location.replace(to);
  }, [to]);
  return (
    <p aria-live="polite" data-from={location.pathname}>
      {m.redirecting}
    </p>
  );
}
