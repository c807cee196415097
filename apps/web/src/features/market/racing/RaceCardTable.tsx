import type { MarketDetail, RaceCard, RaceRunner } from '@backlay/contract';
import { Fragment, useState } from 'react';
import { SPORT_ID } from '../../../lib/constants.ts';
import {
  fallbackPrice,
  FullRow,
  ladderCells,
  LEVELS,
  Position,
  PriceCell,
  STATUS_WORD,
} from '../MarketCard.tsx';
import type { ExchangeBetting } from '../panels/registry.ts';
import type { Side } from '../slip.ts';
import { finishingPositions, percent } from './format.ts';
import { Silks, Trap } from './Silks.tsx';
import { useT } from '../i18n.ts';

type Which = 'WIN' | 'PLACE';

/** One runner's six price cells in one market: the exchange's own cells, slip and one-click. */
function MarketCells({
  market,
  selectionId,
  exchange,
  whatIf,
  which,
}: {
  market: MarketDetail | undefined;
  selectionId: number | null;
  exchange: ExchangeBetting;
  whatIf: Map<number, number> | undefined;
  which: Which;
}) {
  const t = useT();
  const runner =
    market && selectionId != null ? market.runners.find((r) => r.selection_id === selectionId) : undefined;
  const cells = ladderCells(runner ?? { back: [], lay: [] });
  const closed = !market || !runner || market.status !== 'OPEN' || runner.status !== 'ACTIVE';
  const pick = (side: Side) => (price: number | null) => {
    if (!market || !runner) return;
    exchange.onPick(market)({
      market_id: market.market_id,
      selection_id: runner.selection_id,
      side,
      price: price ?? fallbackPrice(runner, side),
    });
  };
  // The cells' names say the market: "Back Sea The Stars (Place)".
  const name = t('market.racing.runnerIn', {
    runner: runner?.name ?? '',
    market: which === 'WIN' ? t('market.racing.win') : t('market.racing.place'),
  });
  return (
    <div className={`race__mkt race__mkt--${which.toLowerCase()}`} role="cell">
      <div className="race__prices">
        {cells.back.map((lv, i) => (
          <PriceCell
            key={`b${i}`}
            level={lv}
            side="BACK"
            depth={LEVELS - i}
            runnerName={name}
            disabled={closed}
            onPick={pick('BACK')}
          />
        ))}
        {cells.lay.map((lv, i) => (
          <PriceCell
            key={`l${i}`}
            level={lv}
            side="LAY"
            depth={i + 1}
            runnerName={name}
            disabled={closed}
            onPick={pick('LAY')}
          />
        ))}
      </div>
      {runner && (runner.position !== 0 || whatIf) ? (
        <Position value={runner.position} after={whatIf?.get(runner.selection_id)} />
      ) : null}
    </div>
  );
}

/** The card's details of one runner: number, silks or trap, name, jockey, trainer, weight, draw, form. */
function RunnerInfo({
  runner,
  greyhound,
  finished,
}: {
  runner: RaceRunner;
  greyhound: boolean;
  finished: string | undefined;
}) {
  const t = useT();
  // [key, short, long, value]: the card's facts, each abbreviated with its full name as a title.
  const facts = [
    runner.jockey ? ['J', t('market.racing.jockeyShort'), t('market.racing.jockey'), runner.jockey] : null,
    ['T', t('market.racing.trainerShort'), t('market.racing.trainer'), runner.trainer],
    runner.weight ? ['Wt', t('market.racing.weightShort'), t('market.racing.weight'), runner.weight] : null,
    runner.draw != null
      ? ['Dr', t('market.racing.drawShort'), t('market.racing.draw'), String(runner.draw)]
      : null,
    runner.age != null
      ? ['Age', t('market.racing.ageShort'), t('market.racing.age'), String(runner.age)]
      : null,
    runner.form ? ['Form', t('market.racing.formShort'), t('market.racing.form'), runner.form] : null,
  ].filter((f): f is string[] => f != null);
  return (
    <div className="race__info" role="cell">
      <div className="race__id">
        {greyhound ? (
          <Trap number={runner.number} colours={runner.colours} />
        ) : (
          <>
            <span className="race__num">{runner.number}</span>
            <Silks colours={runner.colours} />
          </>
        )}
      </div>
      <div className="race__who">
        <span className="race__name">
          {runner.non_runner ? <s>{runner.name}</s> : runner.name}
          {finished ? (
            <span className="race__finish" data-testid="finish">
              {finished}
            </span>
          ) : null}
          {runner.non_runner ? (
            <span className="race__nr" data-testid="non-runner">
              <abbr title={t('market.racing.nonRunner')}>{t('market.racing.nonRunnerShort')}</abbr>
              {runner.reduction_factor != null ? ` ${percent(runner.reduction_factor)}` : ''}
              {runner.place_reduction_factor != null &&
              runner.place_reduction_factor !== runner.reduction_factor
                ? ` · ${t('market.racing.placeReduction', { rf: percent(runner.place_reduction_factor) })}`
                : ''}
            </span>
          ) : null}
        </span>
        <span className="race__facts">
          {facts.map(([key, short, long, value]) => (
            <span key={key}>
              <abbr title={long}>{short}</abbr> {value}
            </span>
          ))}
        </span>
      </div>
    </div>
  );
}

function MarketHead({
  market,
  which,
  sub,
}: {
  market: MarketDetail | undefined;
  which: Which;
  sub?: string;
}) {
  const t = useT();
  const statusId = market ? STATUS_WORD[market.status] : undefined;
  const status = statusId ? t(statusId) : undefined;
  const title = which === 'WIN' ? t('market.racing.win') : t('market.racing.place');
  return (
    <div className={`race__mkthead race__mkt--${which.toLowerCase()}`} role="columnheader">
      <span className="race__mktname">
        {title}
        {sub ? <span className="race__mktsub"> · {sub}</span> : null}
        {status ? <span className="race__mktstatus"> · {status}</span> : null}
      </span>
      <span className="race__sides" aria-hidden="true">
        <span className="race__side--back">{t('market.side.back')}</span>
        <span className="race__side--lay">{t('market.side.lay')}</span>
      </span>
    </div>
  );
}

/**
 * The race card beside its markets: one row per runner with the card's details, the WIN market's
 * three back and three lay cells and the PLACE market's. Narrow (the card's own width, a container
 * query) it shows one market at a time with a WIN / PLACE switch.
 */
export function RaceCardTable({
  card,
  win,
  place,
  exchange,
}: {
  card: RaceCard;
  win: MarketDetail | undefined;
  place: MarketDetail | undefined;
  exchange: ExchangeBetting;
}) {
  const t = useT();
  const [show, setShow] = useState<Which>('WIN');
  const greyhound = card.sport_id === SPORT_ID.GREYHOUND_RACING;
  const hasPlace = card.place_market_id != null;
  const finished = finishingPositions(card.result);
  const winIf = win ? exchange.whatIf(win) : undefined;
  const placeIf = place ? exchange.whatIf(place) : undefined;
  const runners = [...card.runners].sort((a, b) => a.number - b.number);
  // Cash Out sits above the card, one per market where the caller has a matched position.
  const cashOuts = [win ? exchange.cashOutFor(win) : null, place ? exchange.cashOutFor(place) : null];
  return (
    <section
      className={`racecard${exchange.stale ? ' market--stale' : ''}${hasPlace ? '' : ' racecard--win-only'}`}
      aria-label={t('market.racing.card')}
      data-show={show}
      data-stale={exchange.stale ? 'true' : undefined}
    >
      {cashOuts.some((c) => c != null) ? (
        // Empty (hidden by CSS) while neither market has a position or a cash out's answer to show.
        <div className="racecard__cashout">
          {cashOuts[0]}
          {cashOuts[1]}
        </div>
      ) : null}
      {hasPlace ? (
        <div className="racecard__switch" role="group" aria-label={t('market.racing.marketShown')}>
          {(['WIN', 'PLACE'] as const).map((w) => (
            <button
              key={w}
              type="button"
              className="racecard__switch-btn"
              aria-pressed={show === w}
              onClick={() => setShow(w)}
            >
              {/* i18n-exempt: the market shown, compared */}
              {w === 'WIN'
                ? t('market.racing.win')
                : t('market.racing.placeTab', { count: card.places_paid })}
            </button>
          ))}
        </div>
      ) : null}
      <div
        className="racecard__grid"
        role="table"
        aria-label={t('market.racing.gridLabel', { race: card.race_name })}
      >
        <div className="race__row race__row--head" role="row">
          <span className="race__info race__colhead" role="columnheader">
            {t('market.racing.runners', { count: runners.length })}
          </span>
          <MarketHead market={win} which="WIN" />
          {hasPlace ? (
            <MarketHead
              market={place}
              which="PLACE"
              sub={t('market.racing.placesPaid', { count: card.places_paid })}
            />
          ) : null}
        </div>
        {runners.map((r) => {
          const slip =
            (win ? exchange.slipFor(win, r.win_selection_id) : null) ??
            (place && r.place_selection_id != null ? exchange.slipFor(place, r.place_selection_id) : null);
          return (
            <Fragment key={r.number}>
              <div
                className={`race__row${r.non_runner ? ' race__row--nr' : ''}`}
                role="row"
                data-runner={r.number}
              >
                <RunnerInfo runner={r} greyhound={greyhound} finished={finished.get(r.number)} />
                <MarketCells
                  market={win}
                  selectionId={r.win_selection_id}
                  exchange={exchange}
                  whatIf={winIf}
                  which="WIN"
                />
                {hasPlace ? (
                  <MarketCells
                    market={place}
                    selectionId={r.place_selection_id}
                    exchange={exchange}
                    whatIf={placeIf}
                    which="PLACE"
                  />
                ) : null}
              </div>
              <FullRow className="race__slip">{slip}</FullRow>
            </Fragment>
          );
        })}
      </div>
    </section>
  );
}
