import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { LoginScreen } from '../features/auth/index.ts';
import { AuditScreen } from '../features/audit/index.ts';
import { BinaryScreen } from '../features/binary/index.ts';
import { CasinoScreen } from '../features/casino/index.ts';
import { DashboardScreen } from '../features/dashboard/index.ts';
import { DownlineBetsScreen, DownlinePlScreen, DownlineRiskScreen } from '../features/downline/index.ts';
import { MarketsScreen, MatchScreen } from '../features/markets/index.ts';
import { PaymentsScreen } from '../features/payments/index.ts';
import { ProvidersScreen } from '../features/providers/index.ts';
import { SettingsScreen } from '../features/settings/index.ts';
import { UserScreen, UsersScreen } from '../features/users/index.ts';
import { Layout, OperatorOnly, PublicOnly, RequireOperator } from './Layout.tsx';

/**
 * The console's hash routes (#/markets/12 …); everything but the login needs a console account,
 * and the operator's screens the operator (a master or an agent lands on Users).
 */
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
      {
        index: true,
        element: (
          <OperatorOnly>
            <DashboardScreen />
          </OperatorOnly>
        ),
      },
      {
        path: 'markets',
        element: (
          <OperatorOnly>
            <MarketsScreen />
          </OperatorOnly>
        ),
      },
      {
        path: 'markets/:matchId',
        element: (
          <OperatorOnly>
            <MatchScreen />
          </OperatorOnly>
        ),
      },
      {
        path: 'binary',
        element: (
          <OperatorOnly>
            <BinaryScreen />
          </OperatorOnly>
        ),
      },
      {
        path: 'casino',
        element: (
          <OperatorOnly>
            <CasinoScreen />
          </OperatorOnly>
        ),
      },
      { path: 'users', element: <UsersScreen /> },
      { path: 'users/:userId', element: <UserScreen /> },
      { path: 'downline', element: <DownlinePlScreen /> },
      { path: 'downline/risk', element: <DownlineRiskScreen /> },
      { path: 'downline/bets', element: <DownlineBetsScreen /> },
      {
        path: 'payments',
        element: (
          <OperatorOnly>
            <PaymentsScreen />
          </OperatorOnly>
        ),
      },
      {
        path: 'providers',
        element: (
          <OperatorOnly>
            <ProvidersScreen />
          </OperatorOnly>
        ),
      },
      {
        path: 'settings',
        element: (
          <OperatorOnly>
            <SettingsScreen />
          </OperatorOnly>
        ),
      },
      { path: 'audit', element: <AuditScreen /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
