// The demo provider's process: listen, finish the rounds a previous run left open, serve.
import path from 'node:path';
import { buildProviderApp } from './app.ts';
import { loadConfig } from './config.ts';
import { Journal } from './journal.ts';
import { httpWallet } from './wallet-client.ts';

const config = loadConfig();
const journal = new Journal(path.join(config.data_dir, 'rounds.jsonl'));
const { app, runner } = buildProviderApp({ config, wallet: httpWallet(config), journal });

await app.listen({ host: config.host, port: config.port });
const address = app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : config.port;
// One line a launcher (or a test) can wait for.
console.log(
  `PROVIDER_DEMO_READY port=${port} wallet=${config.wallet_url} pending=${journal.pending().length}`,
);
const settled = await runner.settlePending();
app.log.info(settled, 'rounds left open by the last run: sent again');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void app.close().then(() => {
      journal.close();
      process.exit(0);
    });
  });
}
