// THE place a market kind is added (the composition root's list: modules/markets, the registry,
// imports none of the kinds; each registers itself with it): its server module (which registers its MarketKindModule with
// app.kinds) goes in this list; its engine folder is packages/engine/src/<kind>/ and its kind name
// is in the contract's `marketKind` enum and the schema's markets.market_kind check.
import { binaryKindModule } from './modules/binary/binary-kind.ts';
import { bookmakerModule } from './modules/bookmaker/plugin.ts';
import { casinoModule } from './modules/casino/routes.ts';
import { exchangeModule } from './modules/exchange/routes.ts';
import { fancyModule } from './modules/fancy/plugin.ts';

export const KIND_MODULES = [
  exchangeModule,
  bookmakerModule,
  fancyModule,
  casinoModule,
  binaryKindModule,
] as const;
