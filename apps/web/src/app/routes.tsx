import { Navigate, Outlet, useNavigate, useParams, type RouteObject } from 'react-router';
import { NavigateContext } from '../lib/navigation.ts';
import { PublicOnly, RequireAuth, SignUpGuard } from './guards.tsx';
import { lazyScreen } from './lazy.tsx';

// The route table comes with the router, in a chunk of its own (RouterApp.tsx): the login screen
// needs only React and its own chunk (App.tsx). Every screen loads in a chunk of its own when its
// route is first shown (lazy.tsx), and so does the signed-in shell (layouts: header, sidebar,
// footer, modals) with home (docs/performance.md, "First load"). A screen's stylesheet comes with
// its chunk; the entry keeps home's, the login's and the shell's (App.tsx, screen-styles.ts).
const layouts = () => import('./layouts.tsx');
// React Query, with the parts that query (fetched alongside them): not in the login's first load.
const query = () => import('../lib/query.tsx');
const home = () => import('../features/home/index.ts');
const account = () => import('../features/account/index.ts');
const auth = () => import('../features/auth/index.ts');
const binary = () => import('../features/binary/index.ts');
const casino = () => import('../features/casino/index.ts');
const fantasy = () => import('../features/fantasy/index.ts');
const legal = () => import('../features/legal/index.ts');
const market = () => import('../features/market/index.ts');
const payments = () => import('../features/payments/index.ts');
const reports = () => import('../features/reports/index.ts');
const responsible = () => import('../features/responsible/index.ts');
const rules = () => import('../features/rules/index.ts');
const security = () => import('../features/security/index.ts');
const apiKeys = () => import('../features/api-keys/index.ts');
const settings = () => import('../features/settings/index.ts');
const sports = () => import('../features/sports/index.ts');
const worldCasino = () => import('../features/world-casino/index.ts');

const MainLayout = lazyScreen(() =>
  Promise.all([layouts(), query()]).then(([m, q]) => q.withQueryScope(m.MainLayout)),
);
const FooterOnlyLayout = lazyScreen(() =>
  Promise.all([layouts(), query()]).then(([m, q]) => q.withQueryScope(m.FooterOnlyLayout)),
);
const HomeScreen = lazyScreen(() => home().then((m) => m.HomeScreen));
const BinaryScreen = lazyScreen(() => binary().then((m) => m.BinaryScreen));
const FantasyScreen = lazyScreen(() => fantasy().then((m) => m.FantasyScreen));
const UserScreen = lazyScreen(() => account().then((m) => m.UserScreen));
// Login alone, not the auth barrel: sign-up's form library and schemas stay out of its chunk.
const LoginScreen = lazyScreen(() => import('../features/auth/LoginScreen.tsx').then((m) => m.LoginScreen));
const SignUpScreen = lazyScreen(() =>
  Promise.all([auth(), query()]).then(([m, q]) => q.withQueryScope(m.SignUpScreen)),
);
const LegalPage = lazyScreen(() => legal().then((m) => m.LegalPage));
const CasinoLobbyScreen = lazyScreen(() => casino().then((m) => m.CasinoLobbyScreen));
const CasinoTableScreen = lazyScreen(() => casino().then((m) => m.CasinoTableScreen));
const GameDetailsScreen = lazyScreen(() => market().then((m) => m.GameDetailsScreen));
const MatchDetailRedirect = lazyScreen(() => market().then((m) => m.MatchDetailRedirect));
const HorseRacingScreen = lazyScreen(() => market().then((m) => m.HorseRacingScreen));
const AccountStatementScreen = lazyScreen(() => reports().then((m) => m.AccountStatementScreen));
const BetHistoryScreen = lazyScreen(() => reports().then((m) => m.BetHistoryScreen));
const CasinoResultScreen = lazyScreen(() => reports().then((m) => m.CasinoResultScreen));
const CurrentBetsScreen = lazyScreen(() => reports().then((m) => m.CurrentBetsScreen));
const PaymentStatementScreen = lazyScreen(() => reports().then((m) => m.PaymentStatementScreen));
const LiveCasinoBetsScreen = lazyScreen(() => reports().then((m) => m.LiveCasinoBetsScreen));
const ProfitLossScreen = lazyScreen(() => reports().then((m) => m.ProfitLossScreen));
const DepositWithdrawScreen = lazyScreen(() => payments().then((m) => m.DepositWithdrawScreen));
const ResponsibleGamingScreen = lazyScreen(() => responsible().then((m) => m.ResponsibleGamingScreen));
const SecurityAuthScreen = lazyScreen(() => security().then((m) => m.SecurityAuthScreen));
const ApiKeysScreen = lazyScreen(() => apiKeys().then((m) => m.ApiKeysScreen));
const RulesScreen = lazyScreen(() => rules().then((m) => m.RulesScreen));
const ChangePasswordScreen = lazyScreen(() => settings().then((m) => m.ChangePasswordScreen));
const SportScreen = lazyScreen(() => sports().then((m) => m.SportScreen));
const WorldCasinoLobbyScreen = lazyScreen(() => worldCasino().then((m) => m.WorldCasinoLobbyScreen));
const GamePlayScreen = lazyScreen(() => worldCasino().then((m) => m.GamePlayScreen));

function CasinoMatchRedirect() {
  const { matchId } = useParams();
  return <Navigate to={`/casino/match/${matchId ?? ''}`} replace />;
}

/**
 * Inside the router, the screens that also render without it (the login, its second step: they
 * navigate with lib/navigation.ts) navigate with the router.
 */
function RouterNavigation() {
  const navigate = useNavigate();
  return (
    <NavigateContext value={navigate}>
      <Outlet />
    </NavigateContext>
  );
}

export const SIGN_UP_PATH = 'auth/sign-up/:code';

const table: RouteObject[] = [
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
      { path: 'match/matchdetail/:matchId', element: <MatchDetailRedirect /> },
      { path: 'report/account-statement', element: <AccountStatementScreen /> },
      { path: 'report/current-bet', element: <CurrentBetsScreen /> },
      { path: 'report/profit-loss', element: <ProfitLossScreen /> },
      { path: 'report/bet-history', element: <BetHistoryScreen /> },
      { path: 'report/casino-result', element: <CasinoResultScreen /> },
      { path: 'report/payment-withdraw', element: <PaymentStatementScreen /> },
      { path: 'report/live-casino-bets', element: <LiveCasinoBetsScreen /> },
      { path: 'casino/list/:seriesId', element: <CasinoLobbyScreen /> },
      { path: 'casino/match/:matchId', element: <CasinoTableScreen /> },
      { path: 'CM/MD/:matchId', element: <CasinoMatchRedirect /> },
      { path: 'horse-racing/:matchId/:date', element: <HorseRacingScreen /> },
      { path: 'binary', element: <BinaryScreen /> },
      { path: 'binary/:matchId', element: <BinaryScreen /> },
      { path: 'fantasy', element: <FantasyScreen /> },
      { path: 'fantasy/tab/:tab', element: <FantasyScreen /> },
      { path: 'fantasy/match/:matchId', element: <FantasyScreen /> },
      { path: 'fantasy/contest/:contestId', element: <FantasyScreen /> },
      { path: 'setting/change-password', element: <ChangePasswordScreen /> },
      { path: 'setting/d-w', element: <DepositWithdrawScreen /> },
      { path: 'setting/responsible-gaming', element: <ResponsibleGamingScreen /> },
      { path: 'setting/api-keys', element: <ApiKeysScreen /> },
      { path: 'security-auth', element: <SecurityAuthScreen /> },
      { path: 'world-casino', element: <WorldCasinoLobbyScreen /> },
      { path: 'world-casino/play/:gameId', element: <GamePlayScreen /> },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

export const routes: RouteObject[] = [{ element: <RouterNavigation />, children: table }];
