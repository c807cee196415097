// The demo provider's process: listen, finish the rounds a previous run left open, serve.
import path from 'node:path';
import { buildProviderApp } from './app.ts';
import { loadConfig } from './config.ts';
import { Journal } from './journal.ts';
import { httpWallet } from './wallet-client.ts';

const config = loadConfig();
const journal = new Journal(path.join(config.data_dir, 'rounds.jsonl'));
const { app, runner } = buildProviderApp({ config, wallet: httpWallet(config), journal });

try {
  await app.listen({ host: config.host, port: config.port });
} catch (err) {
  if ((err as { code?: string }).code === 'EADDRINUSE')
    app.log.fatal(
      `port ${config.port} on ${config.host} is in use: another demo provider (or another program) listens there (give this one another PROVIDER_DEMO_PORT)`,
    );
  else app.log.fatal({ err }, 'could not start');
  journal.close();
  process.exit(1);
}
const address = app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : config.port;
// The line a launcher (or a test) waits for: its `event` is PROVIDER_DEMO_READY. Logged whatever
// LOG_LEVEL says (a child logger at info), as one of the JSON lines in a pipe, readable in a terminal.
app.log.child({}, { level: 'info' }).info(
  {
    event: 'PROVIDER_DEMO_READY',
    port,
    wallet: config.wallet_url,
    pending: journal.pending().length,
  },
  `Demo provider ready on http://${config.host}:${port} (wallet ${config.wallet_url})`,
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
