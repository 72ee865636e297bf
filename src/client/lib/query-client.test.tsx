import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import { apiRequest } from './api-client.ts';
import { notify } from './notify.ts';

vi.mock('./notify.ts', () => ({ notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

function Verses({ quiet = false }: { quiet?: boolean }) {
  const query = useQuery({
    queryKey: ['verses'],
    queryFn: () => apiRequest<string[]>('/api/verses'),
    meta: {
      errorToast: (error) =>
        quiet
          ? null
          : { title: 'Error', description: `Failed: ${error.message}`, isRetryable: true },
    },
  });
  return <p>{query.data ? query.data.join(', ') : query.isError ? 'failed' : 'loading'}</p>;
}

describe('the app query client', () => {
  beforeEach(() => vi.mocked(notify.error).mockClear());

  it("toasts a failed load with the query's own words, and Retry asks again", async () => {
    let calls = 0;
    fakeApi({
      'GET /api/verses': () =>
        ++calls === 1
          ? { status: 500, body: { error: 'INTERNAL', message: 'Boom.' } }
          : { body: ['John 3:16'] },
    });
    renderWithApp(<Verses />);
    await screen.findByText('failed');
    expect(notify.error).toHaveBeenCalledOnce();
    const [title, description, action] = vi.mocked(notify.error).mock.calls[0] ?? [];
    expect(title).toBe('Error');
    expect(description).toBe('Failed: Boom.');
    expect(action?.label).toBe('Retry');
    action?.onClick();
    await screen.findByText('John 3:16');
  });

  it('shows no toast when the query says the failure is shown in place', async () => {
    fakeApi({ 'GET /api/verses': { status: 403, body: { error: 'FORBIDDEN', message: 'No.' } } });
    renderWithApp(<Verses quiet />);
    await screen.findByText('failed');
    await waitFor(() => expect(notify.error).not.toHaveBeenCalled());
  });
});
