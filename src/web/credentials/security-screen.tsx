import { SessionsSection } from '../sessions/sessions-section.tsx';
import ChangePasswordScreen from './change-password-screen.tsx';

/** /help/security: change password, then where the member is signed in. */
export default function SecurityScreen() {
  return (
    <ChangePasswordScreen>
      <SessionsSection />
    </ChangePasswordScreen>
  );
}
