import { Navigate, useParams, type RouteObject } from 'react-router';
import { NotAvailable } from '../components/index.ts';
import { UserScreen } from '../features/account/index.ts';
import { LoginScreen, SignUpScreen } from '../features/auth/index.ts';
import { HomeScreen } from '../features/home/index.ts';
import { GameDetailsScreen } from '../features/market/index.ts';
import { LegalPage } from '../features/legal/index.ts';
import {
  AccountStatementScreen,
  BetHistoryScreen,
  CurrentBetsScreen,
  ProfitLossScreen,
} from '../features/reports/index.ts';
import { RulesScreen } from '../features/rules/index.ts';
import { ChangePasswordScreen } from '../features/settings/index.ts';
import { SportScreen } from '../features/sports/index.ts';
import { PublicOnly, RequireAuth, SignUpGuard } from './guards.tsx';
import { FooterOnlyLayout, MainLayout } from './layouts.tsx';

/** Routes whose data arrives with a later release: registered and guarded, honest about it. */
const later = (title: string, text?: string) => <NotAvailable title={title}>{text}</NotAvailable>;

function CasinoMatchRedirect() {
  const { matchId } = useParams();
  return <Navigate to={`/casino/match/${matchId ?? ''}`} replace />;
}

export const SIGN_UP_PATH = 'auth/sign-up/:code';

export const routes: RouteObject[] = [
  {
    element: <PublicOnly />,
    children: [
      { index: true, element: <LoginScreen /> },
      { path: 'login', element: <LoginScreen /> },
    ],
  },
  { path: SIGN_UP_PATH, element: <SignUpGuard children={<SignUpScreen />} /> },
  {
    path: 'page/rules',
    element: <FooterOnlyLayout />,
    children: [
      { path: 'terms-and-conditions', element: <LegalPage page="terms-and-conditions" /> },
      { path: 'responsible-gaming', element: <LegalPage page="responsible-gaming" /> },
    ],
  },
  {
    element: <RequireAuth children={<MainLayout />} />,
    children: [
      { path: 'home', element: <HomeScreen /> },
      { path: 'inplay', element: <Navigate to="/home" replace /> },
      { path: 'rules', element: <RulesScreen /> },
      { path: 'user', element: <UserScreen /> },
      { path: 'all-sports/:sportId', element: <SportScreen /> },
      {
        path: 'game-details/:sportId/:matchId',
        element: <GameDetailsScreen />,
      },
      {
        path: 'match/matchdetail/:matchId',
        element: later('Match markets', 'Live markets and prices for this match open in a coming release.'),
      },
      { path: 'report/account-statement', element: <AccountStatementScreen /> },
      { path: 'report/current-bet', element: <CurrentBetsScreen /> },
      { path: 'report/profit-loss', element: <ProfitLossScreen /> },
      { path: 'report/bet-history', element: <BetHistoryScreen /> },
      { path: 'report/casino-result', element: later('Casino Results') },
      { path: 'report/payment-withdraw', element: later('Payment Statement') },
      { path: 'report/live-casino-bets', element: later('Live Casino Bets') },
      { path: 'casino/list/:seriesId', element: later('Casino') },
      { path: 'casino/match/:matchId', element: later('Casino table') },
      { path: 'CM/MD/:matchId', element: <CasinoMatchRedirect /> },
      {
        path: 'horse-racing/:matchId/:date',
        element: later('Race card', 'Race markets open in a coming release.'),
      },
      { path: 'setting/change-password', element: <ChangePasswordScreen /> },
      { path: 'setting/d-w', element: later('Deposit / Withdraw') },
      { path: 'security-auth', element: later('Security Auth Verification') },
      { path: 'world-casino', element: later('Live Casino and Slots') },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];
