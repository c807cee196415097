/**
 * A message with markup in it (a link, bold): `<Trans id="…" components={{ 0: <a … /> }} />`, the
 * message `See our <0>Terms</0>.`. Lingui's Trans without its provider, re-rendered at each change
 * of language. A module of its own: the login's first load does without it (docs/i18n.md).
 */
import { TransNoContext } from '@lingui/react/server';
import { createElement, type ComponentProps, type ReactElement } from 'react';
import { i18n, useMessagesVersion, type MessageValues } from './catalog.ts';

/** Lingui's `<Trans>` props that this app uses: the id, its values, its markup's components. */
interface TransProps {
  readonly id: string;
  readonly values?: MessageValues;
  readonly components?: ComponentProps<typeof TransNoContext>['components'];
}

export function Trans(props: TransProps): ReactElement | null {
  useMessagesVersion();
  return createElement(TransNoContext, { ...props, lingui: { i18n } });
}
