import type { StaffRole } from '#shared/domain/staff-roles.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';
import type { TestApp, TestClient } from './test-app.ts';

let counter = 0;

/** The token of an enrolment link (it travels in the fragment). */
export function enrolmentTokenOf(enrolUrl: string): string {
  return enrolUrl.split('#')[1] ?? '';
}

/** Enrols a passkey with an enrolment token in `client`; answers the enrolment's response. */
export async function enrol(client: TestClient, token: string, authenticator = new SoftAuthenticator()) {
  const options = await client.post<{ options: { challenge: string; user: { id: string } } }>(
    '/staff-api/enrolment/options',
    { token },
  );
  if (options.status !== 200) return options;
  return client.post('/staff-api/enrolment', {
    token,
    response: authenticator.register(options.body.options),
  });
}

/** Signs in to the console with a staff passkey in `client`. */
export async function staffSignIn(client: TestClient, authenticator: SoftAuthenticator) {
  const options = await client.post<{ options: { challenge: string } }>('/staff-api/signin/options', {});
  if (options.status !== 200) return options;
  return client.post('/staff-api/signin', { response: authenticator.authenticate(options.body.options) });
}

/** A staff member of `role` created through the partner API (as the CLI does), enrolled and signed in. */
export async function signedInStaff(t: TestApp, role: StaffRole) {
  const email = `staff${++counter}-${Date.now()}@example.com`;
  const created = await t.partner<{ enrolUrl: string; staff: { id: string } }>('POST', '/staff', {
    email,
    name: `Staff ${role} ${counter}`,
    role,
  });
  if (created.status !== 201) throw new Error(`could not create staff: ${JSON.stringify(created.body)}`);
  const client = t.client();
  const authenticator = new SoftAuthenticator();
  const enrolled = await enrol(client, enrolmentTokenOf(created.body.enrolUrl), authenticator);
  if (enrolled.status !== 200) throw new Error(`could not enrol: ${JSON.stringify(enrolled.body)}`);
  return { client, authenticator, email, id: created.body.staff.id };
}
