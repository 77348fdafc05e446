import LoginLink from '#client/public/auth/login-link.tsx';

/** Island entry: the header's "Log in" / "Start free" links. */
export default LoginLink;
