import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { formatMoney } from '@backlay/ui/money';
import { useClientStore } from '../../lib/store.ts';
import { binaryInstrumentKey } from './api/binary-instrument.ts';
import { placeBinaryBet } from './api/place-binary-bet.ts';
import { usePlaceOnce } from '../../lib/usePlaceOnce.ts';
import { t } from './i18n.ts';

/** What the bettor picked: Yes or No at the quoted line and rate. */
export type BinaryPick = { match_id: number; yes: boolean; line: number; rate: number };
export type BinarySlipState = BinaryPick & { stake: string };

/** Digits with at most two decimals → paise; null when not a positive amount. */
export function stakeToPaise(stake: string): number | null {
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(stake.trim())) return null;
  const paise = Math.round(Number(stake) * 100);
  return paise > 0 ? paise : null;
}

/** What the bettor means: any change (line, rate, side, stake) is a new intent, a new request_id. */
export const binaryIntentKey = (p: BinaryPick, stakeRupees: number | null) =>
  JSON.stringify(['BIN', p.match_id, p.yes, p.line, p.rate, stakeRupees]);

/**
 * The binary slip and its placing: one bet per click (usePlaceOnce), a refusal keeps the slip
 * and shows the server's words, every answer refreshes balance, exposure, book and bets.
 */
export function usePlaceBinary(matchId: number) {
  const queryClient = useQueryClient();
  const bump = useClientStore((s) => s.bumpBetPlaced);
  const [slip, setSlip] = useState<BinarySlipState | null>(null);
  const refresh = () => {
    bump();
    void queryClient.invalidateQueries({ queryKey: binaryInstrumentKey(matchId) });
    void queryClient.invalidateQueries({ queryKey: ['exposureDetail'] });
  };
  const placer = usePlaceOnce(refresh);

  const pick = (p: BinaryPick) => setSlip((old) => ({ ...p, stake: old?.stake ?? '' }));

  const placeSlip = () => {
    if (!slip) return;
    const paise = stakeToPaise(slip.stake);
    if (paise == null) return;
    const stake = paise / 100;
    const s = slip;
    void placer.place(
      binaryIntentKey(s, stake),
      (request_id, signal) =>
        placeBinaryBet(
          {
            match_id: s.match_id,
            line: s.line,
            is_yes: s.yes ? '1' : '0',
            rate: s.rate,
            stack: stake,
            request_id,
          },
          signal ? { signal } : undefined,
        ),
      (data, retried) => {
        const b = data.bet;
        toast.success(
          t('binary.slip.placed', {
            selection: b.selection_name,
            market: b.market_name,
            stake: formatMoney(b.stack),
            rate: b.rate,
          }),
        );
        if (!retried) setSlip(null);
      },
    );
  };

  const paise = slip ? stakeToPaise(slip.stake) : null;
  const notice = placer.noticeFor(slip ? binaryIntentKey(slip, paise == null ? null : paise / 100) : null);
  return { slip, setSlip, pick, placeSlip, placing: placer.placing, notice };
}
