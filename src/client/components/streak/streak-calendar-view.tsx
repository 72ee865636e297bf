import { useMemo } from 'react';
import { cn } from '#client/lib/cn.ts';
import type { StreakDay } from '#shared/schemas/habits.ts';
import {
  calendarMonths,
  countedDaysText,
  dayCount,
  describeKinds,
  type CalendarDay,
} from './streak-calendar.ts';

/** Deeper green the more kinds of practice a day held (a heat map). */
const shades = ['bg-primary/45', 'bg-primary/65', 'bg-primary/85', 'bg-primary'];

function cellClass(day: CalendarDay): string {
  if (day.isFuture) return 'border border-dashed border-border';
  const shade = shades[Math.min(day.kinds.length, shades.length) - 1];
  return cn(shade ?? 'bg-muted', day.isToday && 'outline-1 outline-offset-1 outline-foreground');
}

function cellTitle(day: CalendarDay): string {
  return day.kinds.length > 0 ? `${day.date}: ${describeKinds(day.kinds)}` : day.date;
}

/**
 * The last 12 months: a heat-map grid per month (a column a week, Monday on top), drawn for the
 * eye and hidden from screen readers, and under it a table of the same days for them (month,
 * how many counted, which ones).
 */
export function StreakCalendar({ today, days }: { today: string; days: StreakDay[] }) {
  const months = useMemo(() => calendarMonths(today, days), [today, days]);
  return (
    <div className="@container">
      <div
        aria-hidden="true"
        className="grid grid-cols-3 gap-x-3 gap-y-4 @sm:grid-cols-4 @xl:grid-cols-6"
      >
        {months.map((month) => (
          <div key={month.key} className="min-w-0">
            <p className="mb-1 text-xs font-medium text-muted-foreground">{month.shortName}</p>
            <div className="grid w-max grid-flow-col grid-rows-7 gap-0.5">
              {Array.from({ length: month.offset }, (_, index) => (
                <span key={`blank-${index}`} className="size-2.5 sm:size-3" />
              ))}
              {month.days.map((day) => (
                <span
                  key={day.date}
                  title={cellTitle(day)}
                  data-counted={day.kinds.length > 0 || undefined}
                  className={cn('size-2.5 rounded-[3px] sm:size-3', cellClass(day))}
                />
              ))}
            </div>
          </div>
        ))}
      </div>
      <div
        aria-hidden="true"
        className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-muted-foreground"
      >
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-[3px] bg-muted" /> Not counted
        </span>
        <span className="flex items-center gap-1.5">
          <span className="flex gap-0.5">
            {shades.map((shade) => (
              <span key={shade} className={cn('size-3 rounded-[3px]', shade)} />
            ))}
          </span>
          Counted (deeper for more kinds of practice)
        </span>
      </div>
      {/* Out of sight in a box of its own: a table is never narrower than its widest row, so as
          the sr-only element itself it made a 320 px screen scroll sideways. */}
      <div className="sr-only">
        <table>
          <caption>Days that counted in the last 12 months</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Days counted</th>
              <th scope="col">Dates</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.key}>
                <th scope="row">{month.name}</th>
                <td>{dayCount(month.days.filter((day) => day.kinds.length > 0).length)}</td>
                <td>{countedDaysText(month)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
