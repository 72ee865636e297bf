import { TZDate, tzOffset } from '@date-fns/tz';
import { getDay, lightFormat } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { weekdays } from '#shared/schemas/settings.ts';
import { localMoment, nextReminderAt, reminderDueDate, type ReminderSchedule } from './schedule.ts';

const everyDay = [...weekdays];

function schedule(overrides: Partial<ReminderSchedule> = {}): ReminderSchedule {
  return {
    reminder_days: everyDay,
    reminder_time: '09:00:00',
    reminder_timezone: 'UTC',
    ...overrides,
  };
}

const at = (iso: string) => new Date(iso);

describe('localMoment', () => {
  it('reads the wall clock of the zone, whatever the UTC date', () => {
    expect(localMoment(at('2026-06-01T12:00:00Z'), 'UTC')).toEqual({
      date: '2026-06-01',
      weekday: 'monday',
      time: '12:00:00',
    });
    expect(localMoment(at('2026-06-01T12:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-06-01',
      weekday: 'monday',
      time: '08:00:00',
    });
    // 20:00 UTC on Monday is already 01:30 on Tuesday in India (+05:30).
    expect(localMoment(at('2026-06-01T20:00:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-06-02',
      weekday: 'tuesday',
      time: '01:30:00',
    });
    // 03:00 UTC on Monday is still Sunday evening in Los Angeles.
    expect(localMoment(at('2026-06-01T03:00:00Z'), 'America/Los_Angeles')).toEqual({
      date: '2026-05-31',
      weekday: 'sunday',
      time: '20:00:00',
    });
  });

  it('reads the same wall clock as the zone rules, across every change of offset', () => {
    // Zones whose clocks change by an hour, by half an hour (Lord Howe) and at a quarter past
    // (Chatham), one that never changes and one with a historical offset in seconds (Amsterdam
    // before 1937): every 67 minutes through 2026 and every minute of the three hours around
    // each change of offset, and every minute of two days in 1937.
    const zones = [
      'America/New_York',
      'Europe/London',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Asia/Kathmandu',
      'Europe/Amsterdam',
    ];
    const hour = 3_600_000;
    const differences: string[] = [];
    const check = (zone: string, instant: number) => {
      const local = new TZDate(instant, zone);
      const expected = `${lightFormat(local, 'yyyy-MM-dd HH:mm:ss')} ${getDay(local)}`;
      const moment = localMoment(new Date(instant), zone);
      const shown = `${moment.date} ${moment.time} ${(weekdays.indexOf(moment.weekday) + 1) % 7}`;
      if (shown !== expected) differences.push(`${zone} ${new Date(instant).toISOString()}`);
    };
    let changes = 0;
    for (const zone of zones) {
      const start = Date.parse('2026-01-01T00:00:00Z');
      for (
        let instant = start;
        instant < start + 365 * 24 * hour;
        instant += 67 * 60_000 + 13_000
      ) {
        check(zone, instant);
      }
      for (let instant = start; instant < start + 365 * 24 * hour; instant += hour) {
        if (tzOffset(zone, new Date(instant)) === tzOffset(zone, new Date(instant + hour)))
          continue;
        changes += 1;
        for (let minute = instant - hour; minute < instant + 2 * hour; minute += 60_000) {
          check(zone, minute);
        }
      }
      const old = Date.parse('1937-06-30T00:00:00Z');
      for (let instant = old; instant < old + 48 * hour; instant += 60_000) check(zone, instant);
    }
    // New York, London, Lord Howe, Chatham and Amsterdam change twice a year.
    expect(changes).toBe(10);
    expect(differences).toEqual([]);
    // Some 60,000 instants checked against date-fns: 2 s alone, three times that with every
    // test file running at once on two cores, past the default 5 s.
  }, 30_000);

  it('reads an unknown zone as UTC instead of throwing', () => {
    expect(localMoment(at('2026-06-01T12:00:00Z'), 'Mars/Olympus_Mons')).toEqual({
      date: '2026-06-01',
      weekday: 'monday',
      time: '12:00:00',
    });
  });
});

describe('reminderDueDate', () => {
  it('is due from the reminder time for the rest of that local day, not before', () => {
    const daily = schedule();
    expect(reminderDueDate(daily, at('2026-06-01T08:59:59Z'))).toBeNull();
    expect(reminderDueDate(daily, at('2026-06-01T09:00:00Z'))).toBe('2026-06-01');
    // A missed minute or a restart later the same day still finds it due (catch-up).
    expect(reminderDueDate(daily, at('2026-06-01T15:42:00Z'))).toBe('2026-06-01');
    expect(reminderDueDate(daily, at('2026-06-01T23:59:59Z'))).toBe('2026-06-01');
    // Next day: not before its own reminder time, then due for the new date.
    expect(reminderDueDate(daily, at('2026-06-02T00:00:00Z'))).toBeNull();
    expect(reminderDueDate(daily, at('2026-06-02T09:00:00Z'))).toBe('2026-06-02');
  });

  it('follows the user’s zone: one instant is due in some zones and not in others', () => {
    const instant = at('2026-06-01T12:00:00Z');
    const inZone = (reminder_timezone: string) =>
      reminderDueDate(schedule({ reminder_timezone }), instant);
    expect(inZone('Europe/London')).toBe('2026-06-01'); // 13:00 BST
    expect(inZone('Asia/Tokyo')).toBe('2026-06-01'); // 21:00
    expect(inZone('America/New_York')).toBeNull(); // 08:00 EDT
    expect(inZone('America/Los_Angeles')).toBeNull(); // 05:00 PDT
    // +14: already 02:00 on 2 June, before that day's 09:00.
    expect(inZone('Pacific/Kiritimati')).toBeNull();
    const kiritimati = schedule({ reminder_timezone: 'Pacific/Kiritimati' });
    expect(reminderDueDate(kiritimati, at('2026-06-01T20:00:00Z'))).toBe('2026-06-02'); // 10:00
  });

  describe('Asia/Kolkata (+05:30)', () => {
    const india = schedule({ reminder_timezone: 'Asia/Kolkata', reminder_time: '09:00' });

    it('is due at 09:00 IST, which is 03:30 UTC', () => {
      expect(reminderDueDate(india, at('2026-06-01T03:29:59Z'))).toBeNull();
      expect(reminderDueDate(india, at('2026-06-01T03:30:00Z'))).toBe('2026-06-01');
    });

    it('uses the local date and weekday when the UTC date is still the day before', () => {
      const earlyTuesday = schedule({
        reminder_timezone: 'Asia/Kolkata',
        reminder_time: '01:00',
        reminder_days: ['tuesday'],
      });
      // Monday 19:45 UTC is Tuesday 01:15 IST.
      expect(reminderDueDate(earlyTuesday, at('2026-06-01T19:45:00Z'))).toBe('2026-06-02');
      expect(reminderDueDate(earlyTuesday, at('2026-06-01T19:29:00Z'))).toBeNull();
      // Only Monday chosen: Monday in UTC but Tuesday in India, so not due.
      const mondayOnly = { ...earlyTuesday, reminder_days: ['monday'] };
      expect(reminderDueDate(mondayOnly, at('2026-06-01T19:45:00Z'))).toBeNull();
    });
  });

  describe('America/New_York across DST', () => {
    it('spring forward (Sunday 8 March 2026): 02:30 does not exist, due from 03:00 EDT that day', () => {
      const skipped = schedule({ reminder_timezone: 'America/New_York', reminder_time: '02:30' });
      expect(reminderDueDate(skipped, at('2026-03-08T06:59:59Z'))).toBeNull(); // 01:59:59 EST
      expect(reminderDueDate(skipped, at('2026-03-08T07:00:00Z'))).toBe('2026-03-08'); // 03:00 EDT
      expect(reminderDueDate(skipped, at('2026-03-09T03:59:59Z'))).toBe('2026-03-08'); // 23:59:59
      // The next day it exists again, at 06:30 UTC.
      expect(reminderDueDate(skipped, at('2026-03-09T06:29:59Z'))).toBeNull();
      expect(reminderDueDate(skipped, at('2026-03-09T06:30:00Z'))).toBe('2026-03-09');
    });

    it('fall back (Sunday 1 November 2026): 01:30 happens twice, due from the first, same date', () => {
      const repeated = schedule({ reminder_timezone: 'America/New_York', reminder_time: '01:30' });
      expect(reminderDueDate(repeated, at('2026-11-01T05:29:59Z'))).toBeNull(); // 01:29:59 EDT
      expect(reminderDueDate(repeated, at('2026-11-01T05:30:00Z'))).toBe('2026-11-01'); // EDT
      // At 01:00 EST the clock reads before 01:30 again, but the date is unchanged, so the
      // scheduler's unique key (local_date) keeps it to one notification.
      expect(reminderDueDate(repeated, at('2026-11-01T06:00:00Z'))).toBeNull();
      expect(reminderDueDate(repeated, at('2026-11-01T06:30:00Z'))).toBe('2026-11-01'); // EST
    });
  });

  describe('weekday selection', () => {
    // Monday 1 June to Sunday 7 June 2026, each at noon UTC.
    const week = weekdays.map((weekday, index) => ({
      weekday,
      date: `2026-06-0${index + 1}`,
      instant: at(`2026-06-0${index + 1}T12:00:00Z`),
    }));

    it.each(weekdays)('only %s chosen: due on that day only', (chosen) => {
      const one = schedule({ reminder_days: [chosen] });
      for (const day of week) {
        expect({ day: day.weekday, due: reminderDueDate(one, day.instant) }).toEqual({
          day: day.weekday,
          due: day.weekday === chosen ? day.date : null,
        });
      }
    });

    it('no day chosen: never due', () => {
      for (const day of week)
        expect(reminderDueDate(schedule({ reminder_days: [] }), day.instant)).toBeNull();
    });

    it('the full week: due every day', () => {
      expect(week.map((day) => reminderDueDate(schedule(), day.instant))).toEqual(
        week.map((day) => day.date),
      );
    });

    it('each of the 128 on/off combinations is due exactly on its chosen days', () => {
      for (let mask = 0; mask < 2 ** weekdays.length; mask += 1) {
        const chosen = weekdays.filter((_, index) => (mask & (1 << index)) !== 0);
        const due = week
          .filter((day) => reminderDueDate(schedule({ reminder_days: chosen }), day.instant))
          .map((day) => day.weekday);
        expect(due).toEqual(chosen);
      }
    });
  });

  it('accepts reminder_time with or without seconds', () => {
    expect(
      reminderDueDate(schedule({ reminder_time: '09:00' }), at('2026-06-01T08:59:59Z')),
    ).toBeNull();
    expect(reminderDueDate(schedule({ reminder_time: '09:00' }), at('2026-06-01T09:00:00Z'))).toBe(
      '2026-06-01',
    );
    const withSeconds = schedule({ reminder_time: '09:00:30' });
    expect(reminderDueDate(withSeconds, at('2026-06-01T09:00:29Z'))).toBeNull();
    expect(reminderDueDate(withSeconds, at('2026-06-01T09:00:30Z'))).toBe('2026-06-01');
  });

  it('schedules an unknown time zone in UTC instead of throwing', () => {
    const broken = schedule({ reminder_timezone: 'Not/A_Zone' });
    expect(reminderDueDate(broken, at('2026-06-01T08:59:00Z'))).toBeNull();
    expect(reminderDueDate(broken, at('2026-06-01T09:00:00Z'))).toBe('2026-06-01');
    expect(reminderDueDate(schedule({ reminder_timezone: '' }), at('2026-06-01T09:00:00Z'))).toBe(
      '2026-06-01',
    );
  });

  it('is never due for a malformed reminder_time', () => {
    for (const reminder_time of ['9am', '24:00', '', '09:60']) {
      expect(reminderDueDate(schedule({ reminder_time }), at('2026-06-01T23:00:00Z'))).toBeNull();
    }
  });
});

describe('nextReminderAt', () => {
  it('is later today when today is chosen and the time is still ahead', () => {
    expect(nextReminderAt(schedule(), at('2026-06-01T08:00:00Z'))).toEqual(
      at('2026-06-01T09:00:00Z'),
    );
  });

  it('is the next chosen day once today’s time has passed', () => {
    expect(nextReminderAt(schedule(), at('2026-06-01T09:00:00Z'))).toEqual(
      at('2026-06-02T09:00:00Z'),
    );
    const weekends = schedule({ reminder_days: ['saturday', 'sunday'] });
    expect(nextReminderAt(weekends, at('2026-06-01T10:00:00Z'))).toEqual(
      at('2026-06-06T09:00:00Z'),
    );
  });

  it('is a week later when only today is chosen and its time has passed', () => {
    const mondays = schedule({ reminder_days: ['monday'] });
    expect(nextReminderAt(mondays, at('2026-06-01T10:00:00Z'))).toEqual(at('2026-06-08T09:00:00Z'));
  });

  it('is null when no day is chosen or the time is malformed', () => {
    expect(nextReminderAt(schedule({ reminder_days: [] }), at('2026-06-01T08:00:00Z'))).toBeNull();
    expect(
      nextReminderAt(schedule({ reminder_time: 'noon' }), at('2026-06-01T08:00:00Z')),
    ).toBeNull();
  });

  it('works in the user’s zone, including one whose date is ahead of UTC', () => {
    const india = schedule({ reminder_timezone: 'Asia/Kolkata', reminder_time: '07:15' });
    // Monday 22:00 UTC is Tuesday 03:30 IST: the next one is Tuesday 07:15 IST.
    expect(nextReminderAt(india, at('2026-06-01T22:00:00Z'))).toEqual(at('2026-06-02T01:45:00Z'));
    const newYork = schedule({ reminder_timezone: 'America/New_York', reminder_time: '21:00:15' });
    expect(nextReminderAt(newYork, at('2026-06-01T12:00:00Z'))).toEqual(at('2026-06-02T01:00:15Z'));
  });

  it('on a spring-forward day fires at the first instant after the gap', () => {
    const skipped = schedule({ reminder_timezone: 'America/New_York', reminder_time: '02:30' });
    const next = nextReminderAt(skipped, at('2026-03-07T12:00:00Z'));
    // 03:00 EDT, not 03:30 as plain Date arithmetic would give.
    expect(next).toEqual(at('2026-03-08T07:00:00Z'));
    // reminderDueDate agrees: that instant is the first one due.
    expect(reminderDueDate(skipped, at('2026-03-08T07:00:00Z'))).toBe('2026-03-08');
    expect(reminderDueDate(skipped, at('2026-03-08T06:59:59Z'))).toBeNull();
  });

  it('on a fall-back day fires at the first of the two 01:30s', () => {
    const repeated = schedule({ reminder_timezone: 'America/New_York', reminder_time: '01:30' });
    expect(nextReminderAt(repeated, at('2026-10-31T12:00:00Z'))).toEqual(
      at('2026-11-01T05:30:00Z'),
    );
  });

  it('schedules an unknown time zone in UTC instead of throwing', () => {
    expect(
      nextReminderAt(schedule({ reminder_timezone: 'Nowhere' }), at('2026-06-01T08:00:00Z')),
    ).toEqual(at('2026-06-01T09:00:00Z'));
  });
});
