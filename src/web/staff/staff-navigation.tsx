import { lazy, type ReactNode, Suspense } from 'react';
import type { StaffRole } from '#shared/domain/staff-roles.ts';
import type { StaffWords } from '../i18n/staff-en-GB.ts';
import { Navigate } from '../routing/links.tsx';
import { ApiKeysScreen } from './api-keys-screen.tsx';
import { AuditScreen } from './audit-screen.tsx';
import { BurnRateScreen } from './burn-rate-screen.tsx';
import { ClaimsScreen } from './claims-screen.tsx';
import { MailQueueScreen } from './mail-queue-screen.tsx';
import { MemberScreen } from './member-screen.tsx';
import { MemberSearchScreen } from './member-search-screen.tsx';
import { PrivateSalesScreen } from './private-sales-screen.tsx';
import { StaffAccountsScreen } from './staff-accounts-screen.tsx';
import { StoresScreen } from './stores-screen.tsx';
import { StyleGuidesScreen } from './style-guides-screen.tsx';
import { StylistProfileScreen } from './stylist-profile-screen.tsx';
import { StylistsScreen } from './stylists-screen.tsx';

// Its own chunk: the camera's decoder and its words load only when staff open it.
const ScanScreen = lazy(() => import('../scan/scan-screen.tsx'));
// Its own chunk too: the calendar, the phone booking and their words.
const AppointmentsScreen = lazy(() => import('./appointments-screen.tsx'));
const ServicesHoursScreen = lazy(() => import('./services-hours-screen.tsx'));
// Events and their guest list: a chunk of their own with their words.
const EventsScreen = lazy(() => import('./events-screen.tsx'));
const EventGuestsScreen = lazy(() => import('./event-guests-screen.tsx'));

/** The navigation's two groups: the day's work, and how the scheme is set up and overseen. */
export const staffNavGroups = ['daily', 'scheme'] as const;
type StaffNavGroup = (typeof staffNavGroups)[number];

/** One entry of the console's navigation: its link, its group, the least role that sees it, its routes. */
export interface StaffNavEntry {
  path: string;
  label: (words: StaffWords) => string;
  group: StaffNavGroup;
  role: StaffRole;
  /** The link is current only on its own path (not below it). */
  end?: boolean;
  routes: readonly (readonly [path: string, element: ReactNode])[];
}

/**
 * The console's sections, in the order of the navigation. A feature adds its section by adding an
 * entry here (the server checks the role of every /staff-api call on its own: hiding is not enough).
 */
export const staffNavigation: readonly StaffNavEntry[] = [
  {
    path: '/staff',
    label: (w) => w.nav.members,
    group: 'daily',
    role: 'support',
    end: true,
    routes: [
      ['/staff', <MemberSearchScreen key="search" />],
      ['/staff/signin', <Navigate key="signin" to="/staff" replace />],
      ['/staff/members/:loyaltyId', <MemberScreen key="member" />],
    ],
  },
  {
    path: '/staff/scan',
    label: (w) => w.nav.scan,
    group: 'daily',
    role: 'support',
    routes: [
      [
        '/staff/scan',
        <Suspense key="scan" fallback={null}>
          <ScanScreen />
        </Suspense>,
      ],
    ],
  },
  {
    path: '/staff/appointments',
    label: (w) => w.nav.appointments,
    group: 'daily',
    role: 'support',
    end: true,
    routes: [
      [
        '/staff/appointments',
        <Suspense key="appointments" fallback={null}>
          <AppointmentsScreen />
        </Suspense>,
      ],
    ],
  },
  {
    path: '/staff/appointments/setup',
    label: (w) => w.nav.appointmentSetup,
    group: 'scheme',
    role: 'manager',
    routes: [
      [
        '/staff/appointments/setup',
        <Suspense key="appointment-setup" fallback={null}>
          <ServicesHoursScreen />
        </Suspense>,
      ],
    ],
  },
  {
    path: '/staff/stylists',
    label: (w) => w.nav.stylists,
    group: 'scheme',
    role: 'support',
    routes: [
      ['/staff/stylists', <StylistsScreen key="stylists" />],
      ['/staff/stylists/:staffId', <StylistProfileScreen key="stylist-profile" />],
    ],
  },
  {
    path: '/staff/stores',
    label: (w) => w.nav.stores,
    group: 'scheme',
    role: 'support',
    routes: [['/staff/stores', <StoresScreen key="stores" />]],
  },
  {
    path: '/staff/claims',
    label: (w) => w.nav.claims,
    group: 'daily',
    role: 'manager',
    routes: [['/staff/claims', <ClaimsScreen key="claims" />]],
  },
  {
    path: '/staff/private-sales',
    label: (w) => w.nav.privateSales,
    group: 'daily',
    role: 'support',
    routes: [['/staff/private-sales', <PrivateSalesScreen key="private-sales" />]],
  },
  {
    path: '/staff/events',
    label: (w) => w.nav.events,
    group: 'daily',
    role: 'support',
    routes: [
      [
        '/staff/events',
        <Suspense key="events" fallback={null}>
          <EventsScreen />
        </Suspense>,
      ],
      [
        '/staff/events/:id',
        <Suspense key="event-guests" fallback={null}>
          <EventGuestsScreen />
        </Suspense>,
      ],
    ],
  },
  {
    path: '/staff/style-guides',
    label: (w) => w.nav.styleGuides,
    group: 'daily',
    role: 'support',
    routes: [['/staff/style-guides', <StyleGuidesScreen key="style-guides" />]],
  },
  {
    path: '/staff/mail',
    label: (w) => w.nav.mail,
    group: 'daily',
    role: 'support',
    routes: [['/staff/mail', <MailQueueScreen key="mail" />]],
  },
  {
    path: '/staff/burn-rate',
    label: (w) => w.nav.settings,
    group: 'scheme',
    role: 'manager',
    routes: [['/staff/burn-rate', <BurnRateScreen key="burn-rate" />]],
  },
  {
    path: '/staff/audit',
    label: (w) => w.nav.audit,
    group: 'scheme',
    role: 'manager',
    routes: [['/staff/audit', <AuditScreen key="audit" />]],
  },
  {
    path: '/staff/api-keys',
    label: (w) => w.nav.apiKeys,
    group: 'scheme',
    role: 'admin',
    routes: [['/staff/api-keys', <ApiKeysScreen key="api-keys" />]],
  },
  {
    path: '/staff/staff',
    label: (w) => w.nav.staff,
    group: 'scheme',
    role: 'admin',
    routes: [['/staff/staff', <StaffAccountsScreen key="staff" />]],
  },
];
