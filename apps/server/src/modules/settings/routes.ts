import fp from 'fastify-plugin';
import { ok, route } from '../../http/route.ts';
import { appManifestRoutes } from './app-manifest.ts';
import { uploadRoute } from './save.ts';
import { createSettingsService } from './service.ts';
import type { SettingsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsService;
  }
}

export const settingsModule = fp(
  async (app) => {
    app.decorate('settings', createSettingsService(app.db));
    // Public: the login screen needs the logo and colours.
    route(app, 'getGlobalSetting', async () => ok(await app.settings.get()));
    // Public too: the images an operator uploaded for the settings.
    uploadRoute(app);
    // The installable app's manifest and icons, from the same settings.
    appManifestRoutes(app);
  },
  { name: 'settings', dependencies: ['db', 'auth'] },
);
