// The first load's screen stylesheets: home's (the signed-in first screen) and the login's (the
// first screen of all). Every other screen's and modal's stylesheet comes with its own lazy chunk
// (the screen's module imports it), so home does not download the reports', markets' and casino's
// CSS (about 10 kB brotli, docs/performance.md "First load"). A lazy stylesheet lands after the
// shell's (styles.css) in the cascade: where a screen's rule and a shell rule have the same
// specificity, the screen's wins, as its author wrote it (`.report__submit`'s padding over `.btn`'s,
// the slip's bordered `.btn--ghost`). docs/decisions.md, "Screen stylesheets with their screens".
// Home's CSS comes first and the shell's (footer, header, sidebar: the order layouts.tsx imports
// them in) last, where they were when home and the layouts were in the first load themselves.
import.meta.glob('../features/home/*.css', { eager: true });
import.meta.glob('../features/auth/**/*.css', { eager: true });
import.meta.glob('../features/footer/*.css', { eager: true });
import.meta.glob('../features/header/*.css', { eager: true });
import.meta.glob('../features/sidebar/*.css', { eager: true });
