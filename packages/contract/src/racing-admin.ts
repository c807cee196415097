// The operator's calls that run a race's day (racing.ts holds what the bettor reads).
import { z } from 'zod';
import { adminRequestId } from './admin.ts';
import { documented, idInput, plainText, TWO_DECIMALS } from './common.ts';
import { raceVoidReason } from './racing.ts';

const runnerNumber = z
  .number({ error: 'number must be a runner number' })
  .int('number must be a whole number')
  .min(1, 'number must be 1 or more')
  .max(40, 'number must be at most 40');

const reductionFactor = (field: string) =>
  documented(
    z
      .number({ error: `${field} must be a percentage` })
      .min(0, `${field} must be 0 or more`)
      .max(100, `${field} must be 100 or less`)
      .refine(
        (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9,
        {
          message: `${field} may have at most two decimals`,
        },
      ),
    { add: TWO_DECIMALS },
  );

export const adminRaceNonRunnerRequest = z.object({
  match_id: idInput,
  number: runnerNumber,
  /** The win market's reduction factor, percent (0–100, two decimals). */
  reduction_factor: reductionFactor('reduction_factor'),
  /** The place market's reduction factor, percent; defaults to the win market's. */
  place_reduction_factor: reductionFactor('place_reduction_factor').optional(),
  request_id: adminRequestId.optional(),
});

export const adminRaceOffRequest = z.object({ match_id: idInput, request_id: adminRequestId.optional() });
export const adminRaceFinishRequest = adminRaceOffRequest;

export const adminRaceResultRequest = z.object({
  match_id: idInput,
  /**
   * The weighed-in placings, best first: each entry a position's runner numbers (more than one: a
   * dead heat). At least the places paid must be named.
   */
  placings: z
    .array(
      z
        .array(runnerNumber, { error: 'each placing must be a list of runner numbers' })
        .min(1, 'each placing must name a runner')
        .max(10, 'a placing may name at most 10 runners'),
      { error: 'placings must be a list of placings' },
    )
    .min(1, 'placings must name the winner')
    .max(10, 'placings may name at most 10 positions'),
  request_id: adminRequestId.optional(),
});

export const adminRaceVoidRequest = z.object({
  match_id: idInput,
  reason: raceVoidReason,
  request_id: adminRequestId.optional(),
});

export const adminRaceSurfaceRequest = z.object({
  match_id: idInput,
  surface: z
    .string({ error: 'surface must be text' })
    .trim()
    .min(1, 'surface must be named')
    .max(40, 'surface must be at most 40 characters')
    .check(plainText('surface')),
  request_id: adminRequestId.optional(),
});
