import { Spinner } from '../../components/index.ts';
import { useT } from './i18n.ts';

/** The match screen's spinner, named in the bettor's language. */
export function Loading() {
  const t = useT();
  return <Spinner label={t('market.loading')} />;
}
