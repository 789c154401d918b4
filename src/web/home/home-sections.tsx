import { lazy, Suspense } from 'react';

// Each feature's section is a chunk of its own, asked for when Home shows this.
const PersonalShopperSection = lazy(() => import('../stylists/personal-shopper-section.tsx'));
const PrivateSaleSection = lazy(() => import('../private-sales/private-sale-section.tsx'));
const LatestGuideSection = lazy(() => import('../style-guides/latest-guide-section.tsx'));
const EventSection = lazy(() => import('../events/event-section.tsx'));

/**
 * The sections features add to Home, in one lazy chunk that Home loads once it is live (Home's first
 * load is at its budget: docs/decisions/0086-marketing-mail-and-private-sales.md). A feature adds its
 * section here, as a lazy component in its own folder; each renders nothing when it has nothing to say.
 */
export default function HomeSections() {
  return (
    <Suspense fallback={null}>
      <PersonalShopperSection />
      <PrivateSaleSection />
      <EventSection />
      <LatestGuideSection />
    </Suspense>
  );
}
