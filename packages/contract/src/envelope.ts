import { z } from 'zod';

/**
 * Every response of the API is wrapped in this envelope (DESIGN.md §3).
 * A business refusal is `status: false` with a `message` a person can read.
 */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.boolean(),
    message: z.string().optional(),
    data: data.optional(),
  });

export const errorEnvelope = z.object({
  status: z.literal(false),
  message: z.string(),
});

export type Envelope<T> = { status: boolean; message?: string; data?: T };
