import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Toaster } from 'sonner';
import { Redirect, Route, Switch } from 'wouter';
import { EXTENSION_PAGE_PATH } from '@shared/extension';
import { TrackerErrorScreen } from '../components/error-screens';
import { SkeletonList } from '../components/feedback';
import { LoginPopup } from '../features/auth/components/login-popup';
import { QuestionTrackerPage } from '../features/tracker/question-tracker-page';
import { queryClient } from '../lib/query-client';
import { PREMIUM_SHEET_ROUTE, PRICING_PATH, SHEET_ROUTE } from '../lib/first-paint';
import { useThemeStore } from '../lib/theme';
import { usePhone } from '../lib/use-phone';
import { Layout } from './layout';

const PricingPage = lazy(() => import('../features/pricing/pricing-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const AccountPage = lazy(() => import('../features/account/account-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const VerifyEmailPage = lazy(() => import('../features/auth/verify-email-page'));
const ExtensionPage = lazy(() => import('../features/extension/extension-page'));

/** The add button's height and its distance from the bottom (styles.css .fab), and a gap. */
const TOASTS_ABOVE_FAB = 28 + 56 + 16;

export function App() {
  const theme = useThemeStore((s) => s.theme);
  const phone = usePhone();
  return (
    <QueryClientProvider client={queryClient}>
      <Layout>
        <Switch>
          <Route path="/">
            <Redirect to="/question-tracker" replace />
          </Route>
          <Route path="/question-tracker" component={QuestionTrackerPage} />
          <Route path={PRICING_PATH}>
            <Suspense fallback={<SkeletonList rows={4} />}>
              <PricingPage />
            </Suspense>
          </Route>
          <Route path={EXTENSION_PAGE_PATH}>
            <Suspense fallback={<SkeletonList rows={4} />}>
              <ExtensionPage />
            </Suspense>
          </Route>
          <Route path={PREMIUM_SHEET_ROUTE} component={QuestionTrackerPage} />
          <Route path={SHEET_ROUTE} component={QuestionTrackerPage} />
          <Route path="/profile/:profileName">
            <Suspense fallback={<SkeletonList rows={4} />}>
              <ProfilePage />
            </Suspense>
          </Route>
          <Route path="/account">
            <Suspense fallback={<SkeletonList rows={4} />}>
              <AccountPage />
            </Suspense>
          </Route>
          <Route path="/reset-password">
            <Suspense fallback={<SkeletonList rows={2} />}>
              <ResetPasswordPage />
            </Suspense>
          </Route>
          <Route path="/verify-email">
            <Suspense fallback={<SkeletonList rows={2} />}>
              <VerifyEmailPage />
            </Suspense>
          </Route>
          <Route component={TrackerErrorScreen} />
        </Switch>
      </Layout>
      <LoginPopup />
      {/* The bottom right holds the add button: toasts stand above it, and on a phone, where the bottom also
          holds a screen's last buttons, they come from the top. */}
      <Toaster theme={theme} position={phone ? 'top-center' : 'bottom-right'} offset={phone ? undefined : { bottom: TOASTS_ABOVE_FAB, right: 24 }} richColors closeButton />
    </QueryClientProvider>
  );
}
