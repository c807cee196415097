import { Link } from 'react-router';
import { Spinner } from '../../components/index.ts';
import { useSidebarSeries } from './api/sidebar-series.ts';
import { Disclosure } from './Disclosure.tsx';
import { useT } from './i18n.ts';
import { matchPath } from '../../lib/match-path.ts';

/**
 * All Sports accordion: sport → series → matches → game-details. Binary (sport −17) is not in the
 * sidebar's list: its instruments are a screen of their own, the last entry here (#/binary).
 */
export function AllSports({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const query = useSidebarSeries();
  if (query.isPending) return <Spinner label={t('sidebar.allSports.loading')} />;
  const sports = query.data ?? [];
  if (sports.length === 0) return <p className="sidebar__empty">{t('sidebar.allSports.none')}</p>;
  return (
    <ul className="sidebar__list">
      {sports.map((sport) => (
        <li key={sport.sport_id}>
          <Disclosure level="item" label={sport.sport_name}>
            {() =>
              sport.series.length === 0 ? (
                <p className="sidebar__empty">{t('sidebar.allSports.noCompetitions')}</p>
              ) : (
                <ul className="sidebar__list">
                  {sport.series.map((series) => (
                    <li key={series.series_id}>
                      <Disclosure level="sub" label={series.name}>
                        {() =>
                          (series.matches ?? []).length === 0 ? (
                            <p className="sidebar__empty">{t('sidebar.allSports.noMatches')}</p>
                          ) : (
                            <ul className="sidebar__matches">
                              {(series.matches ?? []).map((m) => (
                                <li key={m.match_id}>
                                  <Link to={matchPath(sport.sport_id, m.match_id)} onClick={onNavigate}>
                                    {m.in_play ? (
                                      <span
                                        className="live-dot"
                                        role="img"
                                        aria-label={t('sidebar.allSports.inPlay')}
                                      />
                                    ) : null}
                                    {m.match_name}
                                  </Link>
                                </li>
                              ))}
                            </ul>
                          )
                        }
                      </Disclosure>
                    </li>
                  ))}
                </ul>
              )
            }
          </Disclosure>
        </li>
      ))}
      <li className="sidebar__links">
        <Link to="/binary" onClick={onNavigate}>
          {t('sidebar.allSports.binary')}
        </Link>
      </li>
    </ul>
  );
}
