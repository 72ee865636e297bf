import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Weekday } from '#shared/rules/settings.ts';
import { ReminderForm, type ReminderFormProps } from './reminder-form.tsx';

type Chosen = { on: boolean; days: Weekday[]; time: string };

/** A reminder form as a screen holds one: what is chosen lives in the screen's state. */
function Harness({
  initial,
  onSubmit,
  ...props
}: Partial<Pick<ReminderFormProps, 'above' | 'besideTime' | 'footer'>> & {
  initial: Chosen;
  onSubmit: () => void;
  hint?: string;
  formError?: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [chosen, setChosen] = useState(initial);
  const isChanged = JSON.stringify(chosen) !== JSON.stringify(initial);
  return (
    <ReminderForm
      formRef={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
        return Promise.resolve();
      }}
      {...(props.above ? { above: props.above } : {})}
      {...(props.besideTime ? { besideTime: props.besideTime } : {})}
      {...(props.footer ? { footer: props.footer } : {})}
      toggle={{
        label: 'Psalm reminders',
        description: 'A psalm to pray, once a day.',
        checked: chosen.on,
        onCheckedChange: (on) => setChosen({ ...chosen, on }),
      }}
      offMessage="Turn on psalm reminders to choose when they arrive."
      days={{
        label: 'Psalm days',
        value: chosen.days,
        onChange: (days) => setChosen({ ...chosen, days }),
        error: undefined,
      }}
      time={{
        label: 'Psalm time',
        value: chosen.time,
        onChange: (time) => setChosen({ ...chosen, time }),
        error: undefined,
        hint: props.hint,
      }}
      save={{
        label: 'Save psalm reminder',
        formError: props.formError,
        isChanged,
        isSaving: false,
      }}
    />
  );
}

const off: Chosen = { on: false, days: ['monday'], time: '07:00' };

describe('a reminder form', () => {
  it('while off, says how to choose when it comes and lets neither days nor time be chosen', () => {
    render(<Harness initial={off} onSubmit={vi.fn()} />);
    expect(
      screen.getByText('Turn on psalm reminders to choose when they arrive.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Psalm reminders' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Psalm reminders' })).toHaveAccessibleDescription(
      'A psalm to pray, once a day.',
    );
    expect(screen.getByRole('button', { name: 'Monday' })).toBeDisabled();
    expect(screen.getByLabelText('Psalm time')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save psalm reminder' })).toBeDisabled();
  });

  it('turned on, takes days and a time, and saves once something changed', async () => {
    const person = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness initial={off} onSubmit={onSubmit} />);
    await person.click(screen.getByRole('switch', { name: 'Psalm reminders' }));
    expect(
      screen.queryByText('Turn on psalm reminders to choose when they arrive.'),
    ).not.toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Sunday' }));
    fireEvent.change(screen.getByLabelText('Psalm time'), { target: { value: '06:30' } });
    expect(screen.getByRole('button', { name: 'Sunday' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Psalm time')).toHaveValue('06:30');
    await person.click(screen.getByRole('button', { name: 'Save psalm reminder' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('says under the time in which zone it is, and shows a refused save’s message', () => {
    render(
      <Harness
        initial={{ ...off, on: true }}
        onSubmit={vi.fn()}
        hint="In your notification time zone, Europe/Paris."
        formError="Reminders are paused for maintenance."
      />,
    );
    expect(screen.getByLabelText('Psalm time')).toHaveAccessibleDescription(
      'In your notification time zone, Europe/Paris.',
    );
    expect(screen.getByText('Reminders are paused for maintenance.')).toBeInTheDocument();
  });

  it('shows the settings above it, what goes beside the time (told whether it is off), and its footer', async () => {
    const person = userEvent.setup();
    render(
      <Harness
        initial={off}
        onSubmit={vi.fn()}
        above={<p>Daily verse here</p>}
        besideTime={(isOff) => <p>{isOff ? 'Zone, off' : 'Zone, on'}</p>}
        footer={<p>Next reminder: Tomorrow</p>}
      />,
    );
    expect(screen.getByText('Daily verse here')).toBeInTheDocument();
    expect(screen.getByText('Zone, off')).toBeInTheDocument();
    expect(screen.getByText('Next reminder: Tomorrow')).toBeInTheDocument();
    await person.click(screen.getByRole('switch', { name: 'Psalm reminders' }));
    expect(screen.getByText('Zone, on')).toBeInTheDocument();
  });
});
