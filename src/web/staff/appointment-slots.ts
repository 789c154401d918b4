import { useEffect, useMemo, useState } from 'react';
import type { Slot } from '#shared/api/appointments.ts';
import type { Locale } from '#shared/config.ts';
import { formatSlotDay, formatSlotTime, slotsByDay } from '#shared/domain/appointment-time.ts';
import { appointmentsConsoleApi } from './appointments-api.ts';

/** A stylist's free slots for a service (null while they load), grouped by the store's day. */
export function useFreeSlots(serviceId: string, stylistId: string, reload = 0, moving: string | null = null) {
  const [slots, setSlots] = useState<Slot[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks again after a booking took a slot
  useEffect(() => {
    setSlots(null);
    if (!serviceId || !stylistId) return;
    const controller = new AbortController();
    void appointmentsConsoleApi.slots(serviceId, stylistId, moving, controller.signal).then((answer) => {
      if (!controller.signal.aborted) setSlots(answer.ok ? answer.data.slots : []);
    });
    return () => controller.abort();
  }, [serviceId, stylistId, reload, moving]);
  const days = useMemo(() => slotsByDay(slots ?? []), [slots]);
  return { slots, days };
}

/** A slot as a choice in a list: "Tue 1 Dec, 10:00 (Regent Street)" in the store's zone. */
export function slotLabel(slot: Slot, locale: Locale, withDay: boolean): string {
  const time = formatSlotTime(slot.startsAt, locale, slot.store.timeZone);
  const at = withDay ? `${formatSlotDay(slot.startsAt, locale, slot.store.timeZone)}, ${time}` : time;
  return `${at} (${slot.store.name})`;
}
