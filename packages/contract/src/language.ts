import { z } from 'zod';

/**
 * The bettor's display languages (issue 45): English and Hindi. The server remembers the bettor's
 * choice (users.language, 'en' until set; setLanguage) and tells it in the login answer. login.ts
 * writes these two out for the login screen's zod-free check, which must not load this module
 * (test/login.test.ts holds the two equal).
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const languageCode = z.enum(LANGUAGES, { error: "language must be 'en' or 'hi'" });

/** setLanguage's request, and its answer: the language now remembered. */
export const setLanguageRequest = z.object({ language: languageCode });
export type SetLanguageRequest = z.infer<typeof setLanguageRequest>;
export const languageSetting = z.object({ language: languageCode });
export type LanguageSetting = z.infer<typeof languageSetting>;
