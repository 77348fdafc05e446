import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PublicUser } from '#common/schemas/auth.ts';
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

/** For screens behind access('user'): the worker guarantees a user is present. */
export function useUser(): PublicUser {
  const { user } = useSession();
  if (!user) throw new Error('This screen needs a signed-in user');
  return user;
}
