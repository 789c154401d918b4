import { useCallback, useEffect, useState } from 'react';
import { useConfig } from '../config-context.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { SelectField } from '../ui/form.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './appointments.module.css';
import {
  appointmentFailure,
  appointmentsConsoleApi,
  type Setup,
  useAppointmentsWords,
} from './appointments-api.ts';
import { ServiceForm } from './service-form.tsx';
import staffStyles from './staff.module.css';
import { useStaff, useStaffWords } from './staff-context.tsx';
import { StylistHours } from './stylist-hours.tsx';

/** /staff/appointments/setup (managers): the services and each stylist's working week with its exceptions. */
export default function ServicesHoursScreen() {
  const w = useStaffWords();
  const a = useAppointmentsWords();
  const t = a.setup;
  const { locale } = useConfig();
  const { sessionEnded } = useStaff();
  usePageTitle(t.title);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [stylistId, setStylistId] = useState('');

  const load = useCallback(async () => {
    const answer = await appointmentsConsoleApi.setup();
    if (answer.ok) {
      setSetup(answer.data);
      setStylistId((current) => current || (answer.data.stylists[0]?.id ?? ''));
    } else if (answer.status === 401) sessionEnded();
    else setFailure(appointmentFailure(a, w, answer));
  }, [sessionEnded, a, w]);
  useEffect(() => {
    void load();
  }, [load]);

  if (!setup) {
    return (
      <>
        <h1>{t.title}</h1>
        {failure ? <Alert kind="error">{failure}</Alert> : <p aria-live="polite">{w.loading}</p>}
      </>
    );
  }
  const storeNames = (ids: string[]) =>
    setup.stores
      .filter((s) => ids.includes(s.id))
      .map((s) => s.name)
      .join(', ');
  const stylistNames = (ids: string[]) =>
    setup.stylists
      .filter((s) => ids.includes(s.id))
      .map((s) => s.displayName)
      .join(', ');
  const stylist = setup.stylists.find((s) => s.id === stylistId);
  const number = new Intl.NumberFormat(locale);

  return (
    <>
      <h1>{t.title}</h1>
      <p className={styles.soft}>{t.intro}</p>
      {notice ? (
        <div className={styles.notice}>
          <Alert kind="success">{notice}</Alert>
        </div>
      ) : null}
      <div className={styles.setupLayout}>
        <section aria-labelledby="services-heading">
          <h2 id="services-heading">{t.services}</h2>
          {setup.services.length === 0 ? <p>{t.noServices}</p> : null}
          {setup.services.map((service) => (
            <article
              key={service.id}
              className={styles.appointment}
              aria-labelledby={`service-${service.id}`}
            >
              <h3 id={`service-${service.id}`} className={styles.who}>
                {service.name[locale]}
              </h3>
              <dl className={staffStyles.facts}>
                <dt>{t.length}</dt>
                <dd>
                  {t.summary(number.format(service.durationMinutes), number.format(service.bufferMinutes))}
                  {service.active ? null : <strong> {t.notActive}</strong>}
                </dd>
                <dt>{t.stores}</dt>
                <dd>{storeNames(service.storeIds) || '-'}</dd>
                <dt>{t.stylists}</dt>
                <dd>{stylistNames(service.stylistIds) || '-'}</dd>
              </dl>
              {editing === service.id ? (
                <ServiceForm
                  setup={setup}
                  service={service}
                  onClose={() => setEditing(null)}
                  onSaved={(saved) => {
                    setEditing(null);
                    setNotice(t.serviceSaved(saved.name[locale]));
                    void load();
                  }}
                />
              ) : (
                <div className={styles.actions}>
                  <Button variant="secondary" onClick={() => setEditing(service.id)}>
                    {`${t.change}: ${service.name[locale]}`}
                  </Button>
                </div>
              )}
            </article>
          ))}
          <section className={styles.book} aria-labelledby="new-service">
            <h3 id="new-service">{t.newService}</h3>
            {editing === 'new' ? (
              <ServiceForm
                setup={setup}
                service={null}
                onClose={() => setEditing(null)}
                onSaved={(saved) => {
                  setEditing(null);
                  setNotice(t.serviceSaved(saved.name[locale]));
                  void load();
                }}
              />
            ) : (
              <Button onClick={() => setEditing('new')}>{t.newService}</Button>
            )}
          </section>
        </section>
        <section aria-labelledby="hours-heading" className={styles.book}>
          <h2 id="hours-heading">{t.hours}</h2>
          {setup.stylists.length === 0 ? <Alert kind="info">{a.noStylists}</Alert> : null}
          {stylist ? (
            <>
              <SelectField
                label={t.stylist}
                value={stylistId}
                onChange={(e) => setStylistId(e.target.value)}
                options={setup.stylists.map((s) => [s.id, s.displayName] as const)}
              />
              <StylistHours
                key={stylist.id}
                setup={setup}
                stylist={stylist}
                locale={locale}
                onSaved={() => void load()}
              />
            </>
          ) : null}
        </section>
      </div>
    </>
  );
}
