// The market kinds the console knows, each registering itself with registry.ts (the one line a
// new kind adds here; its file beside this one). Imported once, by the market screens.
import './exchange.tsx';
import './bookmaker.tsx';
import './fancy.tsx';
