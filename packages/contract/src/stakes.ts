import { z } from 'zod';
import { documented, plainText } from './common.ts';

export const BUTTON_NAME_MAX_CHARS = 10;
export const BUTTON_VALUE_MAX = 99_999_999;
export const BUTTON_ROWS_MAX_PER_TYPE = 10;

export const buttonType = z.enum(['Game', 'Casino'], { error: "type must be 'Game' or 'Casino'" });
export type ButtonType = z.infer<typeof buttonType>;

/** A quick-stake button row (spec §3): label, stake in whole rupees, and which buttons it belongs to. */
export const buttonValue = z.object({
  button_name: z
    .string({ error: 'Price Label is required' })
    .trim()
    .min(1, 'Price Label is required')
    .max(BUTTON_NAME_MAX_CHARS, `Price Label must be at most ${BUTTON_NAME_MAX_CHARS} characters`)
    .check(plainText('Price Label')),
  /** Whole rupees; a number or a string of digits ('500'). */
  button_value: documented(
    z
      .union(
        [
          z.number(),
          z
            .string()
            .trim()
            .regex(/^-?\d{1,15}(\.\d+)?$/)
            .transform(Number),
        ],
        {
          error: 'Price Value must be a number',
        },
      )
      .pipe(
        z
          .number()
          .int('Price Value must be a whole number')
          .min(1, 'Price Value must be at least 1')
          .max(BUTTON_VALUE_MAX, `Price Value must be at most ${BUTTON_VALUE_MAX.toLocaleString('en-IN')}`),
      ),
    {
      json: {
        anyOf: [
          { type: 'integer', minimum: 1, maximum: BUTTON_VALUE_MAX },
          // Digits (15 at most before a point), a whole number 1 to 99,999,999: '500', '500.00'.
          { type: 'string', pattern: '^\\s*(?=\\d{1,15}(?:\\.\\d+)?\\s*$)0*[1-9]\\d{0,7}(?:\\.0+)?\\s*$' },
        ],
      },
    },
  ),
  type: buttonType,
});
export type ButtonValue = z.infer<typeof buttonValue>;

/** setButtonValue: an array of rows; each type present is replaced whole. */
/** At most BUTTON_ROWS_MAX_PER_TYPE rows of one type, as JSON Schema. */
const perTypeJson = (type: string) => ({
  not: {
    contains: { type: 'object', properties: { type: { const: type } }, required: ['type'] },
    minContains: BUTTON_ROWS_MAX_PER_TYPE + 1,
  },
});

export const setButtonValueRequest = documented(
  z
    .array(buttonValue)
    .min(1, 'At least one button row is required')
    .max(BUTTON_ROWS_MAX_PER_TYPE * 2)
    .superRefine((rows, ctx) => {
      for (const type of buttonType.options) {
        if (rows.filter((r) => r.type === type).length > BUTTON_ROWS_MAX_PER_TYPE) {
          ctx.addIssue({
            code: 'custom',
            message: `At most ${BUTTON_ROWS_MAX_PER_TYPE} ${type} buttons are allowed`,
          });
        }
      }
    }),
  { add: { allOf: buttonType.options.map(perTypeJson) } },
);

export const DEFAULT_BUTTON_VALUES: Record<ButtonType, readonly number[]> = {
  Game: [100, 500, 1000, 5000, 10000, 25000, 50000, 100000],
  Casino: [25, 50, 100, 200, 500, 1000, 2000, 5000],
};
