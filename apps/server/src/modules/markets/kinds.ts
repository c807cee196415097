// THE place a market kind is added: its server module (which registers its MarketKindModule with
// app.kinds) goes in this list; its engine folder is packages/engine/src/<kind>/ and its kind name
// is in the contract's `marketKind` enum and the schema's markets.market_kind check.
import { binaryKindModule } from '../binary/binary-kind.ts';
import { bookmakerModule } from '../bookmaker/plugin.ts';
import { casinoModule } from '../casino/routes.ts';
import { exchangeModule } from '../exchange/routes.ts';
import { fancyModule } from '../fancy/plugin.ts';

export const KIND_MODULES = [
  exchangeModule,
  bookmakerModule,
  fancyModule,
  casinoModule,
  binaryKindModule,
] as const;
