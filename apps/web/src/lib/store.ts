/**
 * Client state held while the app runs (spec §3), in one zustand store. Server data lives in
 * TanStack Query; this holds only what the client itself decides.
 */
import type { UserInfo } from '@backlay/contract';
import { create } from 'zustand';
import { hasStoredSession, readUserInfo, readVisibility, STORAGE_KEYS, storage } from './storage.ts';

/** The app-wide modals; one open at a time. */
export type ModalName = 'rules' | 'myMarket' | 'buttonValues' | 'ageGate' | null;

export type ClientState = {
  /** Auth state of spec §4. */
  isLoggedIn: boolean;
  /** Login data: the signed-in user's info. */
  loginData: UserInfo | null;
  /** Bumped after a bet is placed; the balance refreshes when it moves. */
  betPlacedCounter: number;
  /** Which app-wide modal is open. */
  modal: ModalName;
  /** The last-result modal: a casino round's result with Verify (ModalHost shows it). */
  lastResultModal: { open: boolean; matchId?: number; roundId?: number };
  /** Match-rules and bookmaker modals (their content arrives with the market issues). */
  matchRulesModal: { open: boolean; matchId?: number };
  bookmakerModal: { open: boolean; matchId?: number };
  /** Header list: the series of the top navigation, as last loaded. */
  headerList: unknown[];
  liveCasino: boolean;
  countryCode: string;
  isMobileDevice: boolean;
  /** Mobile drawer state of the sidebar. */
  sidebarOpen: boolean;
  showBalance: boolean;
  showExposure: boolean;

  setLoggedIn(user: UserInfo | null): void;
  setLoginData(user: UserInfo | null): void;
  bumpBetPlaced(): void;
  openModal(modal: Exclude<ModalName, null>): void;
  closeModal(): void;
  openLastResult(matchId: number, roundId: number): void;
  closeLastResult(): void;
  setHeaderList(list: unknown[]): void;
  setLiveCasino(on: boolean): void;
  setCountryCode(code: string): void;
  setMobileDevice(mobile: boolean): void;
  setSidebarOpen(open: boolean): void;
  setShowBalance(show: boolean): void;
  setShowExposure(show: boolean): void;
  /** Wide screens: both visible again (spec §4). */
  resetVisibility(): void;
};

const initialLoggedIn = () => hasStoredSession();

export const useClientStore = create<ClientState>()((set) => ({
  isLoggedIn: initialLoggedIn(),
  loginData: initialLoggedIn() ? readUserInfo() : null,
  betPlacedCounter: 0,
  modal: null,
  lastResultModal: { open: false },
  matchRulesModal: { open: false },
  bookmakerModal: { open: false },
  headerList: [],
  liveCasino: false,
  countryCode: 'IN',
  isMobileDevice: false,
  sidebarOpen: false,
  showBalance: readVisibility(STORAGE_KEYS.showBalance),
  showExposure: readVisibility(STORAGE_KEYS.showExposure),

  setLoggedIn: (user) =>
    set({
      isLoggedIn: user != null,
      loginData: user,
      modal: null,
      lastResultModal: { open: false },
      sidebarOpen: false,
    }),
  setLoginData: (user) => set({ loginData: user }),
  bumpBetPlaced: () => set((s) => ({ betPlacedCounter: s.betPlacedCounter + 1 })),
  openModal: (modal) => set({ modal }),
  closeModal: () => set({ modal: null }),
  openLastResult: (matchId, roundId) => set({ lastResultModal: { open: true, matchId, roundId } }),
  closeLastResult: () => set({ lastResultModal: { open: false } }),
  setHeaderList: (headerList) => set({ headerList }),
  setLiveCasino: (liveCasino) => set({ liveCasino }),
  setCountryCode: (countryCode) => set({ countryCode }),
  setMobileDevice: (isMobileDevice) => set({ isMobileDevice }),
  setSidebarOpen: (sidebarOpen) => set({ sidebarOpen }),
  setShowBalance: (showBalance) => {
    storage.set(STORAGE_KEYS.showBalance, showBalance ? '1' : '0');
    set({ showBalance });
  },
  setShowExposure: (showExposure) => {
    storage.set(STORAGE_KEYS.showExposure, showExposure ? '1' : '0');
    set({ showExposure });
  },
  resetVisibility: () => {
    storage.set(STORAGE_KEYS.showBalance, '1');
    storage.set(STORAGE_KEYS.showExposure, '1');
    set({ showBalance: true, showExposure: true });
  },
}));

/** Re-reads the stored session (tests, and the startup check). */
export function syncAuthFromStorage(): boolean {
  const loggedIn = hasStoredSession();
  useClientStore.setState({ isLoggedIn: loggedIn, loginData: loggedIn ? readUserInfo() : null });
  return loggedIn;
}
