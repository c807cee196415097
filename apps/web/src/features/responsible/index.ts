export { RealityCheckReminder } from './RealityCheckReminder.tsx';
export { ResponsibleGamingScreen } from './ResponsibleGamingScreen.tsx';
