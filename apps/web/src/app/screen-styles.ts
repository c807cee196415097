// The stylesheets of the screens and modals that load lazily (routes.tsx, ModalHost.tsx) stay in
// the first load, where they always were in the cascade: after the shared components' and before
// the shell's (header, sidebar, footer, styles.css). Loaded with their chunks they would come
// after styles.css, and where a screen's rule and a shell rule have the same specificity the later
// one wins — today `.btn` (styles.css) over `.login__submit`, `.report__submit` and `.btn--ghost`,
// so those buttons would change. Only the JavaScript is split; this CSS is a few kB gzip
// (docs/decisions.md). A feature's own files come before its subfolders' (market.css, then
// cricket/cricket.css), the order its screen imports them in. Home's CSS comes first and the
// shell's (footer, header, sidebar: the order layouts.tsx imports them in) last, where they were
// when home and the layouts were in the first load themselves.
import.meta.glob('../features/home/*.css', { eager: true });
import.meta.glob(
  '../features/{account,auth,binary,casino,legal,market,payments,reports,responsible,rules,security,settings,sports,stakes,world-casino}/*.css',
  {
    eager: true,
  },
);
import.meta.glob(
  '../features/{account,auth,binary,casino,legal,market,payments,reports,responsible,rules,security,settings,sports,stakes,world-casino}/*/**/*.css',
  {
    eager: true,
  },
);
import.meta.glob('../features/footer/*.css', { eager: true });
import.meta.glob('../features/header/*.css', { eager: true });
import.meta.glob('../features/sidebar/*.css', { eager: true });
