import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The bettor's app's message catalogues (docs/i18n.md): English (the source) and Hindi, one pair
 * per feature folder, so each catalogue is bundled with the feature that shows it (the login's
 * first load carries the login's messages only), plus the shared one (app, components, lib).
 * Messages have explicit ids, `<catalogue>.<what>` (`auth.login.submit`): the PO files' msgid is
 * the id, msgstr the text.
 */
export default defineConfig({
  locales: ['en', 'hi'],
  sourceLocale: 'en',
  catalogs: [
    {
      // The sign-up's and the second step's, apart from the login's (the login's first load).
      path: '<rootDir>/src/features/auth/signup/locales/{locale}',
      include: ['<rootDir>/src/features/auth/signup/'],
    },
    {
      path: '<rootDir>/src/features/{name}/locales/{locale}',
      include: ['<rootDir>/src/features/{name}/'],
    },
    {
      // The server's answers, by their English text (lib/i18n/ui-words.ts).
      path: '<rootDir>/src/lib/i18n/answers/locales/{locale}',
      include: ['<rootDir>/src/lib/i18n/'],
    },
    {
      // The shared package's words (lib/i18n/ui-words.ts).
      path: '<rootDir>/src/lib/i18n/locales/{locale}',
      include: ['<rootDir>/src/lib/i18n/'],
    },
    {
      // The shared components' words that only signed-in screens show (src/components/i18n.ts).
      path: '<rootDir>/src/components/locales/{locale}',
      include: ['<rootDir>/src/components/'],
    },
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src/app/', '<rootDir>/src/components/', '<rootDir>/src/lib/'],
    },
  ],
  format: formatter({ explicitIdAsDefault: true, lineNumbers: false, origins: false }),
});
