export { Sidebar } from './Sidebar.tsx';
export { sidebarSports } from './api/sidebar-series.ts';
