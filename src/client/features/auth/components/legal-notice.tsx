import { Link } from 'react-router';

const linkClass = 'font-medium text-foreground underline underline-offset-4 hover:text-primary';

export function LegalNotice({ isSignUp }: { isSignUp: boolean }) {
  return (
    <p>
      {isSignUp ? 'By creating an account you agree to our ' : 'By continuing you agree to our '}
      <Link to="/terms-of-service" className={linkClass}>
        Terms of Service
      </Link>{' '}
      and{' '}
      <Link to="/privacy-policy" className={linkClass}>
        Privacy Policy
      </Link>
      .
    </p>
  );
}
