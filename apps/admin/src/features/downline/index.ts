export { DownlineBetsScreen } from './DownlineBetsScreen.tsx';
export { DownlinePlScreen } from './DownlinePlScreen.tsx';
export { DownlineRiskScreen } from './DownlineRiskScreen.tsx';
