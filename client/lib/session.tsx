import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PublicUser } from '#common/schemas/auth.ts';
import { systemTimeZone } from '#common/time-zone.ts';
import { api, call } from '#client/lib/api.ts';

const loadCredits = () => call(api.api.credits.$get());

/** The balance as /api/credits returns it. */
export type Credits = Awaited<ReturnType<typeof loadCredits>>;

interface SessionValue {
  user: PublicUser | null;
  setUser: (user: PublicUser) => void;
  credits: Credits | null;
  refreshCredits: () => void;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

/** The signed-in user (from the boot data, no extra request) and their credit balance. */
export function SessionProvider({ initialUser, children }: { initialUser: PublicUser | null; children: ReactNode }) {
  const [user, setUser] = useState(initialUser);
  const [credits, setCredits] = useState<Credits | null>(null);
  const refreshCredits = useCallback(() => {
    if (!user) return;
    loadCredits().then(setCredits, () => setCredits(null));
  }, [user]);
  useEffect(refreshCredits, [refreshCredits]);
  // An account without a time zone (made before issue 28, or signed up without JavaScript) takes
  // this browser's at its first visit; the account settings change it. Quietly: a refusal leaves it unset.
  const needsZone = user !== null && user.timeZone === null;
  useEffect(() => {
    // The server checks the name (the zone table stays out of the first bundle); it refuses one it does not know.
    const timeZone = systemTimeZone();
    if (!needsZone) return;
    call(api.api.me.$patch({ json: { timeZone } })).then(setUser, () => undefined);
  }, [needsZone]);
  const signOut = useCallback(async () => {
    await call(api.api.auth.logout.$post());
    window.location.assign('/');
  }, []);
  const value = useMemo(() => ({ user, setUser, credits, refreshCredits, signOut }), [user, credits, refreshCredits, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/**
 * The zone times are shown and picked in (issue 28): the account's, else the browser's. Safe
 * outside a SessionProvider (then the browser's).
 */
export function useTimeZone(): string {
  const zone = useContext(SessionContext)?.user?.timeZone;
  return zone ?? systemTimeZone();
}

/** For screens behind access('user'): the worker guarantees a user is present. */
export function useUser(): PublicUser {
  const { user } = useSession();
  if (!user) throw new Error('This screen needs a signed-in user');
  return user;
}
