import type { BookmakerMarket, CricketDetail, Fancy } from '@backlay/contract';
import { stakeToPaise } from '../slip.ts';
import { BookmakerTable } from './BookmakerTable.tsx';
import { FANCY_TABS, FancySection } from './FancySection.tsx';
import {
  bookmakerPositionsAfter,
  fancyBoxLabel,
  khadoBand,
  shownStatus,
  STATUS_OVERLAY,
  type BookmakerPick,
  type FancyPick,
  type KindSlipState,
} from './kind-slip.ts';
import { KindBetSlip } from './KindBetSlip.tsx';
import type { KindBetting } from './useKindBetting.ts';
import { msgId } from '../../../lib/i18n/catalog.ts';
import { useT } from '../i18n.ts';

function BookmakerSlip({
  market,
  slip,
  betting,
  blocked,
}: {
  market: BookmakerMarket;
  slip: KindSlipState & BookmakerPick;
  betting: KindBetting;
  blocked: string | null;
}) {
  const t = useT();
  const runner = market.runners.find((r) => r.selection_id === slip.selection_id);
  const now = slip.side === 'BACK' ? runner?.back_rate : runner?.lay_rate;
  const runnerBlocked =
    runner && runner.status !== 'ACTIVE'
      ? msgId('market.status.closed')
      : now == null
        ? msgId('market.status.suspended')
        : null;
  return (
    <KindBetSlip
      slip={slip}
      title={{
        side: slip.side === 'BACK' ? t('market.side.back') : t('market.side.lay'),
        name: runner?.name ?? '',
      }}
      marketName={market.market_name}
      minStake={market.min_stake}
      maxStake={market.max_stake}
      blocked={blocked ?? runnerBlocked}
      moved={
        now != null && now !== slip.rate
          ? { quote: String(now), onTake: () => betting.setSlip({ ...slip, rate: now }) }
          : null
      }
      placing={betting.placing}
      notice={betting.notice}
      onChange={betting.setSlip}
      onPlace={betting.placeSlip}
      onCancel={() => betting.setSlip(null)}
    />
  );
}

function FancySlip({
  fancy,
  slip,
  betting,
  blocked,
}: {
  fancy: Fancy;
  slip: KindSlipState & FancyPick;
  betting: KindBetting;
  blocked: string | null;
}) {
  const t = useT();
  const line = slip.yes ? fancy.yes_line : fancy.no_line;
  const rate = slip.yes ? fancy.yes_rate : fancy.no_rate;
  const oddEven = fancy.variant === 'ODD_EVEN';
  const show = (l: number) => (fancy.variant === 'KHADO' ? khadoBand(l, fancy.band) : String(l));
  const movedQuote =
    rate != null && (rate !== slip.rate || (!oddEven && line != null && line !== slip.line))
      ? oddEven
        ? String(rate)
        : `${show(line ?? slip.line)} @ ${rate}`
      : null;
  return (
    <KindBetSlip
      slip={slip}
      title={{ side: t(fancyBoxLabel(fancy.variant, slip.yes)), name: fancy.name }}
      marketName={t(
        FANCY_TABS.find((tab) => tab.variant === fancy.variant)?.label ?? msgId('market.fancy.title'),
      )}
      lineText={oddEven ? undefined : show(slip.line)}
      minStake={fancy.min_stake}
      maxStake={fancy.max_stake}
      blocked={blocked ?? (rate == null ? msgId('market.status.suspended') : null)}
      perRun={fancy.variant === 'METER'}
      fancy={fancy}
      moved={
        movedQuote != null && rate != null
          ? {
              quote: movedQuote,
              onTake: () => betting.setSlip({ ...slip, line: line ?? slip.line, rate }),
            }
          : null
      }
      placing={betting.placing}
      notice={betting.notice}
      onChange={betting.setSlip}
      onPlace={betting.placeSlip}
      onCancel={() => betting.setSlip(null)}
    />
  );
}

/** A cricket match's own markets under Match Odds: the bookmaker tables, then the fancy tabs. */
export function CricketMarkets({
  detail,
  now,
  betting,
}: {
  detail: CricketDetail;
  now: number;
  betting: KindBetting;
}) {
  const until = detail.scoreboard?.ball_running_until_ms ?? null;
  const slip = betting.slip;
  return (
    <>
      {detail.bookmakers.map((m) => {
        const slipHere = slip && slip.kind === 'BOOKMAKER' && slip.market_id === m.market_id ? slip : null;
        const blocked = STATUS_OVERLAY[shownStatus(m.status, until, now)] ?? null;
        return (
          <BookmakerTable
            key={m.market_id}
            market={m}
            ballRunningUntilMs={until}
            now={now}
            whatIf={slipHere ? bookmakerPositionsAfter(m, slipHere, stakeToPaise(slipHere.stake)) : undefined}
            onPick={betting.pick}
            renderBelow={(selectionId) =>
              slipHere && slipHere.selection_id === selectionId ? (
                <BookmakerSlip market={m} slip={slipHere} betting={betting} blocked={blocked} />
              ) : null
            }
          />
        );
      })}
      <FancySection
        fancies={detail.fancies}
        ballRunningUntilMs={until}
        now={now}
        onPick={betting.pick}
        renderBelow={(fancyId) => {
          if (!slip || slip.kind !== 'FANCY' || slip.fancy_id !== fancyId) return null;
          const fancy = detail.fancies.find((f) => f.fancy_id === fancyId);
          if (!fancy) return null;
          const blocked = STATUS_OVERLAY[shownStatus(fancy.status, until, now)] ?? null;
          return <FancySlip fancy={fancy} slip={slip} betting={betting} blocked={blocked} />;
        }}
      />
    </>
  );
}
