import { Modal } from '../components/index.ts';
import { AgeGateModal } from '../features/age-gate/index.ts';
import { MyMarketModal } from '../features/exposure/index.ts';
import { RulesContent } from '../features/rules/index.ts';
import { SetButtonValueModal } from '../features/stakes/index.ts';
import { useClientStore } from '../lib/store.ts';

/** The app-wide modals, opened through the client store (header, user menu, footer). */
export function ModalHost({ signedIn = true }: { signedIn?: boolean }) {
  const modal = useClientStore((s) => s.modal);
  const close = useClientStore((s) => s.closeModal);
  return (
    <>
      {signedIn ? (
        <>
          <Modal open={modal === 'rules'} onClose={close} title="Rules" className="modal--wide rules-modal">
            <RulesContent variant="modal" />
          </Modal>
          <MyMarketModal open={modal === 'myMarket'} onClose={close} />
          {/* Mounted only while open, so it always starts on Game Buttons with fresh values. */}
          {modal === 'buttonValues' ? <SetButtonValueModal open onClose={close} /> : null}
        </>
      ) : null}
      <AgeGateModal open={modal === 'ageGate'} onClose={close} />
    </>
  );
}
