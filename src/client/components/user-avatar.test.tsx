import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserAvatar } from './user-avatar.tsx';

const person = { display_name: 'Lydia of Thyatira', email: 'lydia@example.com' };
const ownPicture = '/files/pictures/q8Zr3mN0x_Tb-4kLp2WcYA-512.webp';

function draw(profile_image_url: string | null, size?: number) {
  const { container } = render(
    <UserAvatar user={{ ...person, profile_image_url }} {...(size ? { size } : {})} />,
  );
  return {
    picture: container.querySelector('img'),
    initials: container.querySelector('[data-initials]'),
  };
}

describe('the avatar', () => {
  it('shows the initials (drawn by CSS, hidden from screen readers) without a picture', () => {
    const { picture, initials } = draw(null);
    expect(picture).toBeNull();
    expect(initials).toHaveAttribute('data-initials', 'LT');
    expect(initials).toHaveAttribute('aria-hidden', 'true');
    expect(draw(null).initials?.textContent).toBe('');
  });

  it('draws our picture at 32 CSS pixels from its 64 px file, over the initials', () => {
    const { picture, initials } = draw(ownPicture);
    expect(picture).toHaveAttribute('src', '/files/pictures/q8Zr3mN0x_Tb-4kLp2WcYA-64.webp');
    expect(picture).toHaveAttribute('alt', '');
    // The initials stay beneath: they show while it loads, and if it cannot.
    expect(initials).toHaveAttribute('data-initials', 'LT');
  });

  it('draws a larger one from the 512 px file, and a Google picture as it is', () => {
    expect(draw(ownPicture, 112).picture).toHaveAttribute('src', ownPicture);
    const google = 'https://lh3.googleusercontent.com/a/photo=s96-c';
    const { picture } = draw(google);
    expect(picture).toHaveAttribute('src', google);
    expect(picture).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  it('takes the e-mail when there is no name', () => {
    const { container } = render(
      <UserAvatar
        user={{ display_name: ' ', email: 'phoebe@example.com', profile_image_url: null }}
      />,
    );
    expect(container.querySelector('[data-initials]')).toHaveAttribute('data-initials', 'P');
  });
});
