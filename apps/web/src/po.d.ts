/** A message catalogue (features/<name>/locales/<locale>.po), compiled by @lingui/vite-plugin. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
