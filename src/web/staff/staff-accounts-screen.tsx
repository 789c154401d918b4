import { useCallback, useEffect, useState } from 'react';
import type { ResponseOf } from '#shared/api/descriptor.ts';
import type { staffList } from '#shared/api/staff-endpoints.ts';
import { type StaffRole, staffRoles } from '#shared/domain/staff-roles.ts';
import type { CallResult } from '../api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { EmailField, SelectField, TextField } from '../ui/form.tsx';
import { useForm } from '../ui/use-form.ts';
import { staffApi } from './api.ts';
import styles from './staff.module.css';
import { failureWords, useStaffWords } from './staff-context.tsx';
import { StaffDevicesPanel } from './staff-devices-panel.tsx';
import { useStaffFormat } from './staff-format.ts';
import { stylistsApi } from './stylists-api.ts';
import { TableScroll } from './table-scroll.tsx';

type StaffMember = ResponseOf<typeof staffList>['staff'][number];
type Enrolment = { staff: StaffMember; enrolUrl: string; expiresAt: string };

/** /staff/staff (admin): staff accounts, their roles, passkeys and sessions, deactivation and enrolment links. */
export function StaffAccountsScreen() {
  const w = useStaffWords();
  const format = useStaffFormat();
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [devicesOf, setDevicesOf] = useState<StaffMember | null>(null);

  const load = useCallback(async () => {
    const answer = await staffApi.staffList();
    if (answer.ok) setStaff(answer.data.staff);
    else setNotice(failureWords(w, answer));
  }, [w]);
  useEffect(() => {
    void load();
  }, [load]);

  async function run<T>(call: Promise<CallResult<T>>, then?: (data: T) => void) {
    setNotice(null);
    setChanged(null);
    const answer = await call;
    if (!answer.ok) setNotice(failureWords(w, answer));
    else then?.(answer.data);
    await load();
  }

  const roleOptions = staffRoles.map((role) => [role, w.roles[role] ?? role] as const);
  const c = w.staff.columns;
  return (
    <>
      <h1>{w.staff.title}</h1>
      {notice ? <Alert kind="error">{notice}</Alert> : null}
      {changed ? <Alert kind="success">{changed}</Alert> : null}
      {enrolment ? (
        <Alert kind="success">
          {w.staff.linkIntro(enrolment.staff.fullName, format.minute(enrolment.expiresAt))}
          <span className={styles.link} data-testid="enrol-url" style={{ display: 'block' }}>
            {enrolment.enrolUrl}
          </span>
          {enrolment.staff.hasPasskey ? w.staff.linkReplaces : null}
        </Alert>
      ) : null}
      {staff === null ? null : (
        <TableScroll label={w.nav.staff}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{c.name}</th>
                <th scope="col">{c.email}</th>
                <th scope="col">{c.role}</th>
                <th scope="col">{c.state}</th>
                <th scope="col">{w.stylistColumn}</th>
                <th scope="col">{c.actions}</th>
              </tr>
            </thead>
            <tbody>
              {staff.map((member) => (
                <StaffRow
                  key={member.id}
                  member={member}
                  roleOptions={roleOptions}
                  onRole={(role) => void run(staffApi.changeRole({ id: member.id, role }))}
                  onDeactivate={() => void run(staffApi.deactivate(member.id))}
                  onNewLink={() => void run(staffApi.enrolmentLink(member.id), setEnrolment)}
                  onReactivate={() => void run(staffApi.reactivate(member.id), setEnrolment)}
                  onDevices={() => setDevicesOf(member)}
                  onStylist={(on) =>
                    void run(stylistsApi.setStylist(member.id, on), () =>
                      setChanged(w.stylistChanged(member.fullName, on)),
                    )
                  }
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {devicesOf ? (
        <StaffDevicesPanel key={devicesOf.id} member={devicesOf} onClose={() => setDevicesOf(null)} />
      ) : null}
      <CreateStaff
        roleOptions={roleOptions}
        onCreated={(created) => {
          setEnrolment(created);
          void load();
        }}
      />
    </>
  );
}

function StaffRow({
  member,
  roleOptions,
  onRole,
  onDeactivate,
  onNewLink,
  onReactivate,
  onDevices,
  onStylist,
}: {
  member: StaffMember;
  roleOptions: readonly (readonly [string, string])[];
  onRole: (role: StaffRole) => void;
  onDeactivate: () => void;
  onNewLink: () => void;
  onReactivate: () => void;
  onDevices: () => void;
  onStylist: (on: boolean) => void;
}) {
  const w = useStaffWords();
  const [role, setRole] = useState<string>(member.role);
  const state = !member.active ? w.staff.deactivated : member.hasPasskey ? w.staff.active : w.staff.noPasskey;
  return (
    <tr>
      <td>{member.fullName}</td>
      <td>{member.email}</td>
      <td>
        {member.active ? (
          <div className={styles.actions} style={{ marginTop: 0 }}>
            <select
              className={styles.rowSelect}
              aria-label={`${w.staff.changeRole}: ${member.fullName}`}
              value={role}
              onChange={(event) => setRole(event.target.value)}
            >
              {roleOptions.map(([value, words]) => (
                <option key={value} value={value}>
                  {words}
                </option>
              ))}
            </select>
            <Button
              variant="secondary"
              className={styles.compact}
              disabled={role === member.role}
              onClick={() => onRole(role as StaffRole)}
            >
              {w.staff.saveRole}
            </Button>
          </div>
        ) : (
          (w.roles[member.role] ?? member.role)
        )}
      </td>
      <td>{state}</td>
      <td>
        <input
          type="checkbox"
          className={styles.check}
          checked={member.isStylist}
          disabled={!member.active}
          aria-label={w.makeStylist(member.fullName)}
          onChange={(event) => onStylist(event.target.checked)}
        />
      </td>
      <td>
        {member.active ? (
          <div className={styles.actions} style={{ marginTop: 0 }}>
            <Button variant="secondary" className={styles.compact} onClick={onDevices}>
              {w.staff.devices.open}
            </Button>
            <Button variant="secondary" className={styles.compact} onClick={onNewLink}>
              {w.staff.newLink}
            </Button>
            <Button variant="secondary" className={styles.compact} onClick={onDeactivate}>
              {w.staff.deactivate}
            </Button>
          </div>
        ) : (
          <Button variant="secondary" className={styles.compact} onClick={onReactivate}>
            {w.staff.reactivate}
          </Button>
        )}
      </td>
    </tr>
  );
}

function CreateStaff({
  roleOptions,
  onCreated,
}: {
  roleOptions: readonly (readonly [string, string])[];
  onCreated: (created: Enrolment) => void;
}) {
  const w = useStaffWords();
  const form = useForm({
    initial: { email: '', name: '', role: 'support' },
    validate: (v) => ({
      email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim()) ? false : w.staff.create.emailProblem,
      name: v.name.trim() ? false : w.staff.create.nameProblem,
    }),
  });
  const submit = form.onSubmit(async ({ email, name, role }) => {
    const answer = await staffApi.createStaff({ email, name, role: role as StaffRole });
    if (!answer.ok) return { message: failureWords(w, answer) };
    onCreated(answer.data);
    return { reset: { email: '', name: '', role: 'support' } };
  });
  return (
    <section className={styles.panel} aria-labelledby="create-staff-heading">
      <h2 id="create-staff-heading">{w.staff.create.title}</h2>
      {form.message ? <Alert kind="error">{form.message}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <EmailField label={w.staff.create.email} autoComplete="off" {...form.field('email')} />
        <TextField label={w.staff.create.name} autoComplete="off" {...form.field('name')} />
        <SelectField label={w.staff.create.role} options={roleOptions} {...form.field('role')} />
        <Button type="submit" disabled={form.busy}>
          {w.staff.create.button}
        </Button>
      </form>
    </section>
  );
}
