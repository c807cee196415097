import { Suspense } from 'react';
import { Modal } from '../components/index.ts';
import { AgeGateModal } from '../features/age-gate/index.ts';
import { MyMarketModal } from '../features/exposure/index.ts';
import { useT } from '../components/i18n.ts';
import { useClientStore } from '../lib/store.ts';
import { lazyNamed } from './lazy.tsx';

// The rules text and the button-value form (react-hook-form, zod) are chunks of their own, fetched
// when their modal first opens; each dialog appears once its content is there.
const RulesContent = lazyNamed(() => import('../features/rules/index.ts').then((m) => m.RulesContent));
const SetButtonValueModal = lazyNamed(() =>
  import('../features/stakes/index.ts').then((m) => m.SetButtonValueModal),
);
// A casino round's result with Verify (the Casino Result report, a table's results strip).
const CasinoResultModal = lazyNamed(() =>
  import('../features/casino/result/index.ts').then((m) => m.CasinoResultModal),
);

/** The app-wide modals, opened through the client store (header, user menu, footer). */
export function ModalHost({ signedIn = true }: { signedIn?: boolean }) {
  const t = useT();
  const modal = useClientStore((s) => s.modal);
  const close = useClientStore((s) => s.closeModal);
  const lastResult = useClientStore((s) => s.lastResultModal);
  const closeLastResult = useClientStore((s) => s.closeLastResult);
  return (
    <>
      {signedIn ? (
        <>
          {/* i18n-exempt: the store's modal names (lib/store.ts ModalName), not words */}
          {modal === 'rules' ? (
            <Suspense fallback={null}>
              <Modal
                open
                onClose={close}
                title={t('components.modal.rules')}
                className="modal--wide rules-modal"
              >
                <RulesContent variant="modal" />
              </Modal>
            </Suspense>
          ) : null}
          <MyMarketModal open={modal === 'myMarket'} onClose={close} />
          {/* Mounted only while open, so it always starts on Game Buttons with fresh values.
              i18n-exempt: the store's modal name, not a word */}
          {modal === 'buttonValues' ? (
            <Suspense fallback={null}>
              <SetButtonValueModal open onClose={close} />
            </Suspense>
          ) : null}
          {lastResult.open && lastResult.matchId != null && lastResult.roundId != null ? (
            <Suspense fallback={null}>
              <CasinoResultModal
                key={`${lastResult.matchId}:${lastResult.roundId}`}
                match_id={lastResult.matchId}
                round_id={lastResult.roundId}
                onClose={closeLastResult}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
      <AgeGateModal open={modal === 'ageGate'} onClose={close} />
    </>
  );
}
