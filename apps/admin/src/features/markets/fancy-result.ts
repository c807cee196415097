// The fancy settle form's fields, read or refused with a message: never dropped silently.

export type FancyResultInput =
  { ok: true; value: number; deadHeat: number | undefined } | { ok: false; message: string };

/** The result (a whole number, 0 or more) and, where the variant has one, the dead heat (2–20). */
export function readFancyResult(result: string, deadHeat: string, hasDeadHeat: boolean): FancyResultInput {
  const r = result.trim();
  if (r === '') return { ok: false, message: 'Give the result' };
  if (!/^\d+$/.test(r))
    return { ok: false, message: `The result must be a whole number, 0 or more (not "${r}")` };
  const value = Number(r);
  const d = deadHeat.trim();
  if (!hasDeadHeat || d === '') return { ok: true, value, deadHeat: undefined };
  if (!/^\d+$/.test(d) || Number(d) < 1 || Number(d) > 20)
    return {
      ok: false,
      message: `"Dead heat of" must be a whole number from 2 to 20 (not "${d}"); leave it empty when there is no dead heat`,
    };
  const n = Number(d);
  return { ok: true, value, deadHeat: n > 1 ? n : undefined };
}
