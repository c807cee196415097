import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { LoginScreen } from '../features/auth/index.ts';
import { AuditScreen } from '../features/audit/index.ts';
import { BinaryScreen } from '../features/binary/index.ts';
import { CasinoScreen } from '../features/casino/index.ts';
import { DashboardScreen } from '../features/dashboard/index.ts';
import { MarketsScreen, MatchScreen } from '../features/markets/index.ts';
import { PaymentsScreen } from '../features/payments/index.ts';
import { ProvidersScreen } from '../features/providers/index.ts';
import { SettingsScreen } from '../features/settings/index.ts';
import { UserScreen, UsersScreen } from '../features/users/index.ts';
import { Layout, PublicOnly, RequireOperator } from './Layout.tsx';

/** The console's hash routes (#/markets/12 …); everything but the login needs an operator. */
export const routes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <PublicOnly>
        <LoginScreen />
      </PublicOnly>
    ),
  },
  {
    element: (
      <RequireOperator>
        <Layout />
      </RequireOperator>
    ),
    children: [
      { index: true, element: <DashboardScreen /> },
      { path: 'markets', element: <MarketsScreen /> },
      { path: 'markets/:matchId', element: <MatchScreen /> },
      { path: 'binary', element: <BinaryScreen /> },
      { path: 'casino', element: <CasinoScreen /> },
      { path: 'users', element: <UsersScreen /> },
      { path: 'users/:userId', element: <UserScreen /> },
      { path: 'payments', element: <PaymentsScreen /> },
      { path: 'providers', element: <ProvidersScreen /> },
      { path: 'settings', element: <SettingsScreen /> },
      { path: 'audit', element: <AuditScreen /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
