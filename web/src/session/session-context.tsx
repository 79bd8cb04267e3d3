import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useApolloClient } from '@apollo/client/react';
import { ApiError, api } from '../lib/api-client';
import { onUnauthorized } from '../lib/unauthorized';
import {
  DEFAULT_COLORS,
  applyTheme,
  clearStoredColorPreferences,
  loadStoredColorPreferences,
  normalizeColorPreferences,
  resetTheme,
  saveColorPreferences,
} from '../lib/theme';
import { isPublicFormPath } from './public-paths';
import { STORAGE_KEYS, storage } from './storage-keys';
import type { ColorPreferences, User } from '@salon/contracts';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface SessionValue {
  status: SessionStatus;
  user: User | null;
  /** True while session loading is skipped (public form pages). */
  skipped: boolean;
  login(email: string, password: string): Promise<User>;
  acceptInvitation(input: { token: string; password: string; firstName?: string; lastName?: string }): Promise<User>;
  logout(): Promise<void>;
  refresh(): Promise<void>;
  updateUser(user: User): void;
  applyColorPreferences(prefs: ColorPreferences): void;
}

const SessionContext = createContext<SessionValue | null>(null);

interface State {
  status: SessionStatus;
  user: User | null;
  skipped: boolean;
}

/** Spec §4: where the session starts from, given the stored user and token. */
export function initialSessionState(pathname: string, storedUser: User | null, token: string | null): State {
  if (isPublicFormPath(pathname)) return { status: 'unauthenticated', user: null, skipped: true };
  if (storedUser) return { status: 'authenticated', user: storedUser, skipped: false };
  if (token) return { status: 'loading', user: null, skipped: false };
  return { status: 'unauthenticated', user: null, skipped: false };
}

function storeUser(user: User): void {
  storage.setJson(STORAGE_KEYS.user, user);
  if (user.profilePicture) storage.set(STORAGE_KEYS.profilePicture, user.profilePicture);
  else storage.remove(STORAGE_KEYS.profilePicture);
}

/** GET /api/auth/verify, falling back to GET /api/users/{id} (spec §4/§7). */
async function fetchCurrentUser(stored: User | null): Promise<User | null> {
  if (storage.get(STORAGE_KEYS.token)) {
    try {
      const answer = await api.get<{ user?: User }>('/api/auth/verify');
      if (answer?.user) return answer.user;
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) throw e;
    }
  }
  if (stored?.id) return api.get<User>(`/api/users/${encodeURIComponent(stored.id)}`);
  return null;
}

export async function fetchColorPreferences(userId: string): Promise<ColorPreferences> {
  try {
    const answer = await api.get<unknown>(`/api/users/${encodeURIComponent(userId)}/color-preferences`);
    return normalizeColorPreferences(answer);
  } catch {
    return { ...DEFAULT_COLORS, savedBrandColors: [], savedTextColors: [] };
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const apollo = useApolloClient();
  const [state, setState] = useState<State>(() =>
    initialSessionState(window.location.pathname, storage.getJson<User>(STORAGE_KEYS.user), storage.get(STORAGE_KEYS.token)),
  );
  const stateRef = useRef(state);
  stateRef.current = state;
  const lastRefresh = useRef(0);

  const applyColorPreferences = useCallback((prefs: ColorPreferences) => {
    saveColorPreferences(prefs);
    applyTheme(prefs);
  }, []);

  const clearClientCaches = useCallback(() => {
    queryClient.clear();
    void apollo.clearStore().catch(() => undefined);
  }, [queryClient, apollo]);

  const refresh = useCallback(async () => {
    const current = stateRef.current;
    if (current.status === 'unauthenticated') return;
    if (!current.user && !storage.get(STORAGE_KEYS.token)) return;
    lastRefresh.current = Date.now();
    try {
      const user = await fetchCurrentUser(current.user);
      if (user) {
        storeUser(user);
        setState({ status: 'authenticated', user, skipped: false });
      } else if (stateRef.current.status === 'loading') {
        setState({ status: 'unauthenticated', user: null, skipped: false });
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return; // handled by the 401 listener
      // Server unreachable: keep the stored user; a token without a user cannot continue.
      if (stateRef.current.status === 'loading') setState({ status: 'unauthenticated', user: null, skipped: false });
    }
  }, []);

  // Start: apply the stored theme and refresh the user (skipped on public form pages).
  const started = useRef(false);
  useEffect(() => {
    if (state.skipped || started.current) return;
    started.current = true;
    if (state.user) applyTheme(loadStoredColorPreferences());
    void refresh();
  }, [state.skipped, state.user, refresh]);

  // Leaving a public form page in-app: the skipped session loads now.
  useEffect(() => {
    if (state.skipped && !isPublicFormPath(location.pathname)) {
      setState(initialSessionState(location.pathname, storage.getJson<User>(STORAGE_KEYS.user), storage.get(STORAGE_KEYS.token)));
    }
  }, [state.skipped, location.pathname]);

  // Refresh when the window regains focus.
  useEffect(() => {
    const onFocus = () => {
      if (stateRef.current.status !== 'authenticated' || stateRef.current.skipped) return;
      if (Date.now() - lastRefresh.current < 2000) return;
      void refresh();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refresh]);

  // Colours changed in another tab of this browser (Settings, sign-in): the browser tells every
  // other tab through a storage event; follow it so two tabs never show different themes.
  useEffect(() => {
    const themeKeys: readonly string[] = [
      STORAGE_KEYS.customColor,
      STORAGE_KEYS.darkMode,
      STORAGE_KEYS.primaryTextColor,
      STORAGE_KEYS.secondaryTextColor,
    ];
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || !themeKeys.includes(e.key)) return;
      if (stateRef.current.status !== 'authenticated' || stateRef.current.skipped) return;
      applyTheme(loadStoredColorPreferences());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // A 401 anywhere: signed out in memory, to /login unless on an exempt page.
  useEffect(
    () =>
      onUnauthorized(({ redirect }) => {
        setState((s) => ({ status: 'unauthenticated', user: null, skipped: s.skipped }));
        clearClientCaches();
        if (redirect) navigate('/login', { replace: true });
      }),
    [navigate, clearClientCaches],
  );

  /** Stores a session answered by the server (sign-in or accepted invitation), then its colours. */
  const startSession = useCallback(
    async (answer: { token: string; user: User }) => {
      clearClientCaches();
      storage.set(STORAGE_KEYS.token, answer.token);
      storeUser(answer.user);
      setState({ status: 'authenticated', user: answer.user, skipped: false });
      lastRefresh.current = Date.now();
      applyColorPreferences(await fetchColorPreferences(answer.user.id));
      return answer.user;
    },
    [applyColorPreferences, clearClientCaches],
  );

  const login = useCallback(
    async (email: string, password: string) =>
      startSession(await api.post<{ token: string; user: User }>('/api/auth/login', { email, password }, { sessionCall: false })),
    [startSession],
  );

  const acceptInvitation = useCallback(
    async (input: { token: string; password: string; firstName?: string; lastName?: string }) =>
      startSession(await api.post<{ token: string; user: User }>('/api/auth/accept-invitation', input, { sessionCall: false })),
    [startSession],
  );

  const logout = useCallback(async () => {
    // A client signs out back to the booking page they use, not the staff sign-in.
    const wasClient = state.user?.role === 'client';
    if (storage.get(STORAGE_KEYS.token)) {
      try {
        await api.post('/api/auth/logout');
      } catch {
        /* signing out locally is what matters */
      }
    }
    storage.remove(STORAGE_KEYS.token);
    storage.remove(STORAGE_KEYS.user);
    storage.remove(STORAGE_KEYS.profilePicture);
    clearStoredColorPreferences();
    resetTheme();
    clearClientCaches();
    setState({ status: 'unauthenticated', user: null, skipped: false });
    navigate(wasClient ? '/booking' : '/login', { replace: true });
  }, [navigate, clearClientCaches, state.user?.role]);

  const updateUser = useCallback((user: User) => {
    storeUser(user);
    setState((s) => ({ ...s, user }));
  }, []);

  const value = useMemo<SessionValue>(
    () => ({ ...state, login, acceptInvitation, logout, refresh, updateUser, applyColorPreferences }),
    [state, login, acceptInvitation, logout, refresh, updateUser, applyColorPreferences],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession must be used inside SessionProvider');
  return v;
}
