import fp from 'fastify-plugin';
import { ok, route } from '../../http/route.ts';
import { createSettingsService } from './service.ts';

export const settingsModule = fp(
  async (app) => {
    app.decorate('settings', createSettingsService(app.db));
    // Public: the login screen needs the logo and colours.
    route(app, 'getGlobalSetting', async () => ok(await app.settings.get()));
  },
  { name: 'settings', dependencies: ['db', 'auth'] },
);
