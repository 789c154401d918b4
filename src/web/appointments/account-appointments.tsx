import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { UpcomingAppointments } from './appointments-screen.tsx';

/** My details' "Upcoming appointments" card (loaded lazily: the page paints without it). */
export default function AccountAppointments({ className }: { className?: string | undefined }) {
  const m = useMessages().appointments;
  return (
    <div className={className}>
      <UpcomingAppointments headingLevel={2} />
      <Link to="/appointments/book">{m.book}</Link>
    </div>
  );
}
