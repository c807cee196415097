import type { ButtonType, ButtonValue } from '@backlay/contract';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { msgId } from '../../lib/i18n/catalog.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { Modal, Spinner, Tabs } from '../../components/index.ts';
import { useButtonValues, useSetButtonValues } from './api/button-values.ts';
import { t, useT } from './i18n.ts';
import './SetButtonValueModal.css';

// Spec §5: "Set button values: no validation is shown" — the rows go to the server as typed and
// its answer, success or refusal, is the toast (§8). An emptied value is the server's to refuse.
type FormInput = { rows: { button_name: string; button_value: number | string; type: ButtonType }[] };

/** The tabs; `label` is a message id, translated when shown. */
const TABS: { id: ButtonType; label: string }[] = [
  { id: 'Game', label: msgId('stakes.tabs.game') },
  { id: 'Casino', label: msgId('stakes.tabs.casino') },
];

/**
 * The server names a refused field by its place in the array ("[3].button_value: Price Value must
 * be a number"); a bettor reads it as the row they typed in ("Game button 2: Price Value …").
 */
function refusalOfRows(message: string, rows: readonly { type: ButtonType }[]): string {
  const m = /^\[(\d+)\]\.\w+: (.*)$/s.exec(message);
  const row = m ? rows[Number(m[1])] : undefined;
  if (!m || !row) return translateAnswer(message);
  const n = rows.slice(0, Number(m[1]) + 1).filter((r) => r.type === row.type).length;
  const said = translateAnswer(m[2]!);
  return row.type === 'Game'
    ? t('stakes.refusal.gameRow', { n, message: said })
    : t('stakes.refusal.casinoRow', { n, message: said });
}

function ButtonRows({
  type,
  fields,
  register,
}: {
  type: ButtonType;
  fields: { id: string; type: ButtonType }[];
  register: ReturnType<typeof useForm<FormInput>>['register'];
}) {
  const t = useT();
  const rows = fields.map((f, index) => ({ f, index })).filter(({ f }) => f.type === type);
  const game = type === 'Game';
  return (
    <table className="table stakes__table">
      <thead>
        <tr>
          <th scope="col">{t('stakes.table.priceLabel')}</th>
          <th scope="col">{t('stakes.table.priceValue')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ f, index }, i) => {
          const n = i + 1;
          return (
            <tr key={f.id}>
              <td>
                <input
                  className="stakes__input"
                  aria-label={
                    game ? t('stakes.row.gamePriceLabel', { n }) : t('stakes.row.casinoPriceLabel', { n })
                  }
                  maxLength={10}
                  {...register(`rows.${index}.button_name`)}
                />
              </td>
              <td>
                <input
                  className="stakes__input"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  aria-label={
                    game ? t('stakes.row.gamePriceValue', { n }) : t('stakes.row.casinoPriceValue', { n })
                  }
                  {...register(`rows.${index}.button_value`)}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Set Button Value: Game Buttons and Casino Buttons tabs; Update sends every row and shows the server's answer. */
export function SetButtonValueModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const query = useButtonValues(open);
  const mutation = useSetButtonValues();
  const [tab, setTab] = useState<ButtonType>('Game');
  const { control, register, handleSubmit, reset } = useForm<FormInput>({ defaultValues: { rows: [] } });
  const { fields } = useFieldArray({ control, name: 'rows' });

  useEffect(() => {
    if (query.data) reset({ rows: query.data });
  }, [query.data, reset]);

  const onSubmit = handleSubmit(async ({ rows }) => {
    try {
      // A number input gives a string once edited: digits go as the number they are, anything
      // else (an emptied field) as typed, for the server to name.
      const sent = rows.map((r) => ({
        ...r,
        button_value:
          typeof r.button_value === 'string' && /^\d{1,15}$/.test(r.button_value.trim())
            ? Number(r.button_value)
            : r.button_value,
      }));
      const result = await mutation.mutateAsync(sent as ButtonValue[]);
      if (result.status)
        toast.success(result.message ? translateAnswer(result.message) : t('stakes.modal.updated'));
      else toast.error(refusalOfRows(result.message, rows));
    } catch (e) {
      // A 4xx (a field the server refused) arrives as an error carrying the server's message.
      toast.error(e instanceof Error ? refusalOfRows(e.message, rows) : t('stakes.modal.updateFailed'));
    }
  });

  const typed = fields as unknown as { id: string; type: ButtonType }[];
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('stakes.modal.title')}
      closeLabel={t('stakes.modal.close')}
      className="modal--small"
    >
      {query.isPending ? <Spinner label={t('stakes.modal.loading')} /> : null}
      {query.isError ? (
        <p className="form-error" role="alert">
          {translateAnswer(query.error.message)}
        </p>
      ) : null}
      {query.data ? (
        <form onSubmit={onSubmit} noValidate>
          <Tabs
            label={t('stakes.tabs.label')}
            selected={tab}
            onSelect={(id) => setTab(id as ButtonType)}
            items={TABS.map((tab) => ({
              id: tab.id,
              label: t(tab.label),
              panel: <ButtonRows type={tab.id} fields={typed} register={register} />,
            }))}
          />
          <div className="stakes__actions">
            <button type="submit" className="btn btn--primary" disabled={mutation.isPending}>
              {mutation.isPending ? t('stakes.modal.updating') : t('stakes.modal.update')}
            </button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
