import { setButtonValueRequest, type ButtonType } from '@backlay/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Modal, Spinner, Tabs } from '../../components/index.ts';
import { useButtonValues, useSetButtonValues } from './api/button-values.ts';
import './SetButtonValueModal.css';

const formSchema = z.object({ rows: setButtonValueRequest });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const TABS: { id: ButtonType; label: string }[] = [
  { id: 'Game', label: 'Game Buttons' },
  { id: 'Casino', label: 'Casino Buttons' },
];

function rowError(errors: FieldErrors<FormInput>, index: number, field: 'button_name' | 'button_value') {
  return errors.rows?.[index]?.[field]?.message;
}

function ButtonRows({
  type,
  fields,
  register,
  errors,
}: {
  type: ButtonType;
  fields: { id: string; type: ButtonType }[];
  register: ReturnType<typeof useForm<FormInput, unknown, FormOutput>>['register'];
  errors: FieldErrors<FormInput>;
}) {
  const rows = fields.map((f, index) => ({ f, index })).filter(({ f }) => f.type === type);
  return (
    <table className="table stakes__table">
      <thead>
        <tr>
          <th scope="col">Price Label</th>
          <th scope="col">Price Value</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ f, index }, i) => {
          const n = i + 1;
          const nameErr = rowError(errors, index, 'button_name');
          const valueErr = rowError(errors, index, 'button_value');
          return (
            <tr key={f.id}>
              <td>
                <input
                  className="stakes__input"
                  aria-label={`${type} button ${n} Price Label`}
                  aria-invalid={nameErr ? true : undefined}
                  maxLength={10}
                  {...register(`rows.${index}.button_name`)}
                />
                {nameErr ? <p className="field__error">{nameErr}</p> : null}
              </td>
              <td>
                <input
                  className="stakes__input"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  aria-label={`${type} button ${n} Price Value`}
                  aria-invalid={valueErr ? true : undefined}
                  {...register(`rows.${index}.button_value`)}
                />
                {valueErr ? <p className="field__error">{valueErr}</p> : null}
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
  const query = useButtonValues(open);
  const mutation = useSetButtonValues();
  const [tab, setTab] = useState<ButtonType>('Game');
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { rows: [] },
  });
  const { fields } = useFieldArray({ control, name: 'rows' });

  useEffect(() => {
    if (query.data) reset({ rows: query.data });
  }, [query.data, reset]);

  const onSubmit = handleSubmit(async ({ rows }) => {
    try {
      const result = await mutation.mutateAsync(rows);
      if (result.status) toast.success(result.message ?? 'Button values updated.');
      else toast.error(result.message);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not update the button values.');
    }
  });

  const typed = fields as unknown as { id: string; type: ButtonType }[];
  return (
    <Modal open={open} onClose={onClose} title="Set Button Value" className="modal--small">
      {query.isPending ? <Spinner /> : null}
      {query.isError ? (
        <p className="form-error" role="alert">
          {query.error.message}
        </p>
      ) : null}
      {query.data ? (
        <form onSubmit={onSubmit} noValidate>
          <Tabs
            label="Button type"
            selected={tab}
            onSelect={(id) => setTab(id as ButtonType)}
            items={TABS.map((t) => ({
              id: t.id,
              label: t.label,
              panel: <ButtonRows type={t.id} fields={typed} register={register} errors={errors} />,
            }))}
          />
          {errors.rows?.message || errors.rows?.root?.message ? (
            <p className="field__error" role="alert">
              {errors.rows?.message ?? errors.rows?.root?.message}
            </p>
          ) : null}
          <div className="stakes__actions">
            <button type="submit" className="btn btn--primary" disabled={mutation.isPending}>
              {mutation.isPending ? 'Updating…' : 'Update'}
            </button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
