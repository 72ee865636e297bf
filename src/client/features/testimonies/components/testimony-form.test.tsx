import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp, testUser } from '#client/test/render.tsx';
import { TestimonyForm } from './testimony-form.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

beforeEach(() => vi.clearAllMocks());

const created = {
  id: 't1',
  feeling: 'Anxious',
  god_reminded: 'Peace',
  author_name: null,
  is_anonymous: true,
  created_at: '2025-03-01T08:00:00.000Z',
  is_approved: false,
  status: 'pending',
};

const feeling = () => screen.getByLabelText('How were you feeling?');
const reminded = () => screen.getByLabelText('What did God remind you of?');
const submit = () => screen.getByRole('button', { name: 'Submit Testimony' });

describe('the testimony form', () => {
  it('counts each answer against its limit', async () => {
    fakeApi({});
    const { person } = renderWithApp(<TestimonyForm />, { route: '/testimony' });
    expect(feeling()).toHaveAttribute('maxlength', '2000');
    expect(reminded()).toHaveAttribute('maxlength', '2000');
    expect(screen.getAllByText('0 / 2,000')).toHaveLength(2);
    await person.type(feeling(), 'Tired');
    expect(screen.getByText('5 / 2,000')).toBeInTheDocument();
    expect(feeling()).toHaveAccessibleDescription('Characters used: 5 / 2,000');
  });

  it('asks for both answers before sending', async () => {
    const { requests } = fakeApi({});
    const { person } = renderWithApp(<TestimonyForm />, { route: '/testimony' });
    await person.type(feeling(), 'Only this');
    await person.click(submit());
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Missing information',
        'Please fill in both how you felt and what God reminded you of.',
      ),
    );
    expect(requests).toEqual([]);
  });

  it('sends an anonymous testimony, thanks the author and starts over', async () => {
    const { requests } = fakeApi({ 'POST /api/testimonies': { status: 201, body: created } });
    const { person } = renderWithApp(<TestimonyForm />, { route: '/testimony' });
    await person.type(feeling(), '  Anxious ');
    await person.type(reminded(), 'Peace');
    await person.click(submit());

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Testimony submitted!',
        'Thank you. It will be reviewed before it is shared.',
      ),
    );
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/api/testimonies',
        body: { feeling: 'Anxious', god_reminded: 'Peace', is_anonymous: true, author_name: null },
      },
    ]);
    expect(feeling()).toHaveValue('');
    expect(reminded()).toHaveValue('');
  });

  it("offers the person's name when they include it, and sends it", async () => {
    const { requests } = fakeApi({
      'POST /api/testimonies': { status: 201, body: { ...created, is_anonymous: false } },
    });
    const { person } = renderWithApp(<TestimonyForm />, { route: '/testimony' });
    const anonymous = screen.getByRole('switch', { name: 'Share anonymously' });
    expect(anonymous).toBeChecked();
    expect(screen.queryByLabelText('Include My Name')).not.toBeInTheDocument();
    await person.click(anonymous);
    const name = screen.getByRole('textbox', { name: 'Include My Name' });
    expect(name).toHaveValue(testUser.display_name);
    expect(name).toHaveAttribute('maxlength', '80');
    await person.type(feeling(), 'Alone');
    await person.type(reminded(), 'He is near');
    await person.click(submit());

    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    expect(requests[0]?.body).toEqual({
      feeling: 'Alone',
      god_reminded: 'He is near',
      is_anonymous: false,
      author_name: testUser.display_name,
    });
    expect(screen.getByRole('switch', { name: 'Share anonymously' })).toBeChecked();
  });

  it('keeps the answers and says so when sending fails', async () => {
    fakeApi({
      'POST /api/testimonies': { status: 500, body: { error: 'INTERNAL', message: 'x' } },
    });
    const { person } = renderWithApp(<TestimonyForm />, { route: '/testimony' });
    await person.type(feeling(), 'Low');
    await person.type(reminded(), 'Hope');
    await person.click(submit());
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Submission failed',
        'There was an error submitting your testimony. Please try again.',
      ),
    );
    expect(feeling()).toHaveValue('Low');
  });

  it('asks a visitor to sign up when they submit', async () => {
    const { requests } = fakeApi({});
    const { person } = renderWithApp(<TestimonyForm />, { route: '/testimony', user: null });
    await person.type(feeling(), 'Low');
    await person.click(submit());
    expect(notify.error).toHaveBeenCalledWith(
      'Sign in required',
      'Please sign in to share your testimony.',
      expect.objectContaining({ label: 'Sign Up Free' }),
    );
    expect(requests).toEqual([]);
  });
});
