import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import type { Area } from 'react-easy-crop';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileKeys } from '#client/api/profile.ts';
import { notify } from '#client/lib/notify.ts';
import { sessionQueryKey } from '#client/lib/session.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import { acceptedPictureTypes, fileErrorTitles, fileMessages } from '#shared/rules/files.ts';
import type { SessionResponse } from '#shared/schemas/auth.ts';
import type { Profile } from '#shared/schemas/profile.ts';
import { ProfilePicture } from './profile-picture.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

// happy-dom lays nothing out, so the real cropper would never know its area: this one reports
// the area a person left it at (the left three quarters' middle square of a 4:3 picture), as
// react-easy-crop does once the picture is shown and after each move. The e2e test crops for real.
const croppedArea: Area = { x: 12.5, y: 0, width: 75, height: 100 };
vi.mock('react-easy-crop', () => ({
  default: function FakeCropper({
    onCropAreaChange,
    cropperProps,
  }: {
    onCropAreaChange: (area: Area, pixels: Area) => void;
    cropperProps: Record<string, string>;
  }) {
    useEffect(() => {
      onCropAreaChange(croppedArea, { x: 100, y: 0, width: 600, height: 600 });
    }, [onCropAreaChange]);
    return <div tabIndex={0} {...cropperProps} />;
  },
}));

const pictureUrl = '/files/pictures/q8Zr3mN0x_Tb-4kLp2WcYA-512.webp';
const profile: Profile = {
  user_id: 'user-1',
  email: 'lydia@example.com',
  display_name: 'Lydia of Thyatira',
  profile_image_url: null,
  updated_at: '2026-01-01T00:00:00.000Z',
};
const withPicture: Profile = { ...profile, profile_image_url: pictureUrl };

/** A file of `bytes` bytes that starts as a PNG does (its signature), whatever its name. */
function png(bytes = 2048, name = 'purple.png', type = 'image/png'): File {
  const data = new Uint8Array(bytes);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].slice(0, bytes));
  return new File([data], name, { type });
}

/** Draws the section as ProfileCard does: with the profile from the profile query. */
function drawPicture(shown: Profile) {
  const drawn = renderWithApp(<ProfilePictureFromCache />);
  drawn.queryClient.setQueryData(profileKeys.all, shown);
  return drawn;
}

function ProfilePictureFromCache() {
  // A new Profile from the cache (after an upload) draws the section anew, as in the card.
  const { data } = useProfileCache();
  return data ? <ProfilePicture profile={data} /> : null;
}

function useProfileCache() {
  return useQuery<Profile>({ queryKey: profileKeys.all, queryFn: () => new Promise(() => {}) });
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  return input;
}

function choose(file: File) {
  fireEvent.change(fileInput(), { target: { files: [file] } });
}

function sessionUser(queryClient: ReturnType<typeof renderWithApp>['queryClient']) {
  return queryClient.getQueryData<SessionResponse>(sessionQueryKey)?.user;
}

beforeEach(() => {
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the profile picture in Settings', () => {
  it('shows the initials without a picture, and offers a picker for the accepted types', async () => {
    drawPicture(profile);
    const group = await screen.findByRole('group', { name: 'Profile picture' });
    expect(group.querySelector('[data-initials]')).toHaveAttribute('data-initials', 'LT');
    expect(group.querySelector('img')).toBeNull();
    expect(fileInput()).toHaveAttribute('accept', acceptedPictureTypes.join(','));
    expect(screen.getByRole('button', { name: 'Choose a picture' })).toHaveAccessibleDescription(
      /up to 5 MB/,
    );
    expect(screen.queryByRole('button', { name: 'Remove picture' })).not.toBeInTheDocument();
  });

  it('shows the large picture (512 px file) when there is one, with Remove', async () => {
    drawPicture(withPicture);
    const group = await screen.findByRole('group', { name: 'Profile picture' });
    expect(group.querySelector('img')).toHaveAttribute('src', pictureUrl);
    expect(screen.getByRole('button', { name: 'Remove picture' })).toBeInTheDocument();
  });

  it('crops a chosen picture and saves it: the crop as fractions, the file as the body', async () => {
    let answer: (profile: Profile) => void = () => {};
    const { requests } = fakeApi({
      'PUT /api/profile/picture': () =>
        new Promise((resolve) => {
          answer = (body) => resolve({ body });
        }),
    });
    const { person, queryClient } = drawPicture(profile);
    await screen.findByRole('group', { name: 'Profile picture' });
    const file = png();
    choose(file);

    const dialog = await screen.findByRole('dialog', { name: 'Crop your picture' });
    expect(within(dialog).getByRole('group', { name: 'Crop area' })).toBeInTheDocument();
    const zoom = within(dialog).getByLabelText('Zoom');
    fireEvent.change(zoom, { target: { value: '2' } });
    expect(zoom).toHaveValue('2');
    expect(zoom).toHaveAttribute('aria-valuetext', '200%');

    const save = within(dialog).getByRole('button', { name: 'Save' });
    await person.click(save);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      path: '/api/profile/picture?left=0.125&top=0&width=0.75&height=1',
    });
    const [, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(init?.body).toBe(file);
    expect(new Headers(init?.headers).get('content-type')).toBe('image/png');
    // Busy while it uploads, and the dialog cannot be closed meanwhile.
    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    answer(withPicture);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(notify.success).toHaveBeenCalledWith('Profile picture updated');
    // The header's avatar (the session's user) and the section change at once.
    expect(sessionUser(queryClient)?.profile_image_url).toBe(pictureUrl);
    expect(
      screen.getByRole('group', { name: 'Profile picture' }).querySelector('img'),
    ).toHaveAttribute('src', pictureUrl);
    expect(screen.getByRole('button', { name: 'Choose a picture' })).toHaveFocus();
  });

  it('takes a picture dropped on it', async () => {
    fakeApi({});
    drawPicture(profile);
    const group = await screen.findByRole('group', { name: 'Profile picture' });
    const dataTransfer = { files: [png()], types: ['Files'] };
    // Dragging files over it is allowed (the default, no drop, is prevented); text is not.
    expect(fireEvent.dragOver(group, { dataTransfer: { types: ['text/plain'] } })).toBe(true);
    expect(fireEvent.dragOver(group, { dataTransfer })).toBe(false);
    fireEvent.drop(group, { dataTransfer });
    expect(await screen.findByRole('dialog', { name: 'Crop your picture' })).toBeInTheDocument();
  });

  it.each([
    ['a picture over 5 MB', png(5 * 1024 * 1024 + 1), fileMessages.tooLarge],
    ['an SVG', png(200, 'logo.svg', 'image/svg+xml'), fileMessages.unsupported],
    ['a PDF', png(200, 'notes.pdf', 'application/pdf'), fileMessages.unsupported],
    [
      'an SVG renamed .png',
      new File(['<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'], 'logo.png', {
        type: 'image/png',
      }),
      fileMessages.unsupported,
    ],
    [
      'a GIF with no type',
      new File(['GIF89a\u0001\u0000\u0001\u0000'], 'moving', { type: '' }),
      fileMessages.unsupported,
    ],
  ])('refuses %s before sending anything', async (_, file, message) => {
    const { requests } = fakeApi({});
    drawPicture(profile);
    const group = await screen.findByRole('group', { name: 'Profile picture' });
    // Dropped: a drop, unlike the picker, is not held to the accepted types.
    fireEvent.drop(group, { dataTransfer: { files: [file], types: ['Files'] } });
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(fileErrorTitles.upload, message));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it("says when the browser can't show the picture, and saves its centre square", async () => {
    vi.spyOn(HTMLImageElement.prototype, 'decode').mockRejectedValue(
      new DOMException('The source image cannot be decoded.', 'EncodingError'),
    );
    const { requests } = fakeApi({ 'PUT /api/profile/picture': { body: withPicture } });
    const { person } = drawPicture(profile);
    await screen.findByRole('group', { name: 'Profile picture' });
    // Some systems give a HEIC file no type: the server decides from its bytes.
    choose(png(4096, 'IMG_0001.HEIC', ''));

    const dialog = await screen.findByRole('dialog', { name: 'Crop your picture' });
    await waitFor(() =>
      expect(dialog).toHaveAccessibleDescription(
        "This picture can't be previewed here; its centre square will be used.",
      ),
    );
    expect(within(dialog).queryByLabelText('Zoom')).not.toBeInTheDocument();
    await person.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Profile picture updated'));
    expect(requests.map((request) => request.path)).toEqual(['/api/profile/picture']);
    const [, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('content-type')).toBe('application/octet-stream');
  });

  it("toasts the server's refusal of the file and closes; a busy server keeps it open", async () => {
    let refusal: { status: number; body: { error: string; message: string } } = {
      status: 415,
      body: { error: 'UNSUPPORTED_MEDIA_TYPE', message: fileMessages.unreadable },
    };
    fakeApi({ 'PUT /api/profile/picture': () => refusal });
    const { person, queryClient } = drawPicture(profile);
    await screen.findByRole('group', { name: 'Profile picture' });

    choose(png());
    let dialog = await screen.findByRole('dialog', { name: 'Crop your picture' });
    await person.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(fileErrorTitles.upload, fileMessages.unreadable),
    );
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    refusal = {
      status: 429,
      body: { error: 'RATE_LIMITED', message: fileMessages.rateLimited },
    };
    choose(png());
    dialog = await screen.findByRole('dialog', { name: 'Crop your picture' });
    await person.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(fileErrorTitles.upload, fileMessages.rateLimited),
    );
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(sessionUser(queryClient)?.profile_image_url).toBeNull();

    await person.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('removes the picture after asking, and the initials come back everywhere', async () => {
    const { requests } = fakeApi({ 'DELETE /api/profile/picture': { body: profile } });
    const { person, queryClient } = drawPicture(withPicture);
    queryClient.setQueryData<SessionResponse>(sessionQueryKey, {
      user: { ...sessionUser(queryClient)!, profile_image_url: pictureUrl },
    });
    await person.click(await screen.findByRole('button', { name: 'Remove picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your picture?' });
    expect(requests).toEqual([]);

    await person.click(within(dialog).getByRole('button', { name: 'Remove picture' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(requests).toEqual([{ method: 'DELETE', path: '/api/profile/picture', body: undefined }]);
    expect(notify.success).toHaveBeenCalledWith('Profile picture removed');
    expect(sessionUser(queryClient)?.profile_image_url).toBeNull();
    const group = screen.getByRole('group', { name: 'Profile picture' });
    expect(group.querySelector('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove picture' })).not.toBeInTheDocument();
    // The button that opened the dialog is gone: focus goes to the picker's.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Choose a picture' })).toHaveFocus(),
    );
  });

  it("toasts 'Error deleting file' with the server's words when the removal fails", async () => {
    fakeApi({
      'DELETE /api/profile/picture': {
        status: 429,
        body: { error: 'RATE_LIMITED', message: fileMessages.rateLimited },
      },
    });
    const { person } = drawPicture(withPicture);
    await person.click(await screen.findByRole('button', { name: 'Remove picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your picture?' });
    await person.click(within(dialog).getByRole('button', { name: 'Remove picture' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(fileErrorTitles.remove, fileMessages.rateLimited),
    );
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Remove picture' })).toBeInTheDocument();
  });
});
