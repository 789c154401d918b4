import { useParams } from '../routing/routes.tsx';
import { NotFoundScreen } from '../ui/error-screen.tsx';
import AppointmentsScreen from './appointments-screen.tsx';
import BookAppointmentScreen from './book-appointment-screen.tsx';

/**
 * /appointments and /appointments/book: one route and one lazy chunk for both (each route costs the
 * first load its few bytes).
 */
export default function AppointmentsRoute() {
  const { step } = useParams();
  if (step === undefined) return <AppointmentsScreen />;
  if (step === 'book') return <BookAppointmentScreen />;
  return <NotFoundScreen />;
}
