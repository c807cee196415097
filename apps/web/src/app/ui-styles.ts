// The shared components' stylesheets the signed-in shell uses (the modal host, the sidebar's
// switches), kept in the first load and in their place in the cascade — before the app's own
// components' and screens' — now that the shell loads lazily (routes.tsx, screen-styles.ts).
import.meta.glob('../../../../packages/ui/src/components/{Modal,Spinner,Switch}.css', { eager: true });
import.meta.glob('../components/MatchRow.css', { eager: true });
