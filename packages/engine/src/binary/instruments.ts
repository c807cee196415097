// The binary instruments of spec §9 "Binary session hours" (DOMAIN.md "Binary sessions"): their
// group, tick size, a realistic level to start a demo walk from, its volatility, and the step of
// the line pair quoted around the price. Levels are late-2025 orders of magnitude, no quotes.

export type BinaryGroup = 'EQUITY' | 'COMMODITY' | 'EVENING';

export type BinaryInstrumentSpec = {
  /** The spec's name, the match's name in the catalog. */
  readonly code: string;
  readonly name: string;
  readonly group: BinaryGroup;
  /** Smallest price step (the exchange's tick). */
  readonly tick_size: number;
  /** A realistic price to start the demo walk from. */
  readonly level: number;
  /** Annualised volatility (0.14 = 14 %) of the demo walk. */
  readonly volatility: number;
  /**
   * The No and Yes lines are this many hundredths of a price point apart (the house's margin is
   * the gap): 1000 is 10 points (Nifty), 25 is $0.25 (COMEX crude at ~$71). Hundredths keep the
   * line arithmetic exact in integers.
   */
  readonly line_step_c: number;
  readonly currency: 'INR' | 'USD';
};

export const BINARY_INSTRUMENTS: readonly BinaryInstrumentSpec[] = [
  {
    code: 'NFY',
    name: 'Nifty 50',
    group: 'EQUITY',
    tick_size: 0.05,
    level: 24_350,
    volatility: 0.13,
    line_step_c: 1000,
    currency: 'INR',
  },
  {
    code: 'B-NFY',
    name: 'Bank Nifty',
    group: 'EQUITY',
    tick_size: 0.05,
    level: 52_400,
    volatility: 0.16,
    line_step_c: 2500,
    currency: 'INR',
  },
  {
    code: 'AXS',
    name: 'Axis Bank',
    group: 'EQUITY',
    tick_size: 0.05,
    level: 1_140,
    volatility: 0.24,
    line_step_c: 200,
    currency: 'INR',
  },
  {
    code: 'ICI',
    name: 'ICICI Bank',
    group: 'EQUITY',
    tick_size: 0.05,
    level: 1_310,
    volatility: 0.2,
    line_step_c: 200,
    currency: 'INR',
  },
  {
    code: 'RIL',
    name: 'Reliance Industries',
    group: 'EQUITY',
    tick_size: 0.05,
    level: 1_480,
    volatility: 0.22,
    line_step_c: 200,
    currency: 'INR',
  },
  {
    code: 'SBI',
    name: 'State Bank of India',
    group: 'EQUITY',
    tick_size: 0.05,
    level: 820,
    volatility: 0.24,
    line_step_c: 100,
    currency: 'INR',
  },
  {
    code: 'TT STL',
    name: 'Tata Steel',
    group: 'EQUITY',
    tick_size: 0.01,
    level: 152,
    volatility: 0.3,
    line_step_c: 100,
    currency: 'INR',
  },
  {
    code: 'GOLD',
    name: 'Gold (MCX, ₹ per 10 g)',
    group: 'COMMODITY',
    tick_size: 1,
    level: 76_500,
    volatility: 0.14,
    line_step_c: 5000,
    currency: 'INR',
  },
  {
    code: 'SILVER',
    name: 'Silver (MCX, ₹ per kg)',
    group: 'COMMODITY',
    tick_size: 1,
    level: 90_200,
    volatility: 0.24,
    line_step_c: 10000,
    currency: 'INR',
  },
  {
    code: 'CRUDE',
    name: 'Crude Oil (MCX, ₹ per barrel)',
    group: 'COMMODITY',
    tick_size: 1,
    level: 6_050,
    volatility: 0.32,
    line_step_c: 1000,
    currency: 'INR',
  },
  {
    code: 'CMX CRUDE',
    name: 'COMEX Crude (US$ per barrel)',
    group: 'EVENING',
    tick_size: 0.01,
    level: 71.2,
    volatility: 0.32,
    line_step_c: 25,
    currency: 'USD',
  },
  {
    code: 'DOWJONES',
    name: 'Dow Jones Industrial Average',
    group: 'EVENING',
    tick_size: 1,
    level: 44_100,
    volatility: 0.14,
    line_step_c: 2000,
    currency: 'USD',
  },
  {
    code: 'NASDAQ',
    name: 'Nasdaq 100',
    group: 'EVENING',
    tick_size: 0.25,
    level: 20_750,
    volatility: 0.2,
    line_step_c: 2000,
    currency: 'USD',
  },
  {
    code: 'SNP',
    name: 'S&P 500',
    group: 'EVENING',
    tick_size: 0.25,
    level: 5_980,
    volatility: 0.16,
    line_step_c: 500,
    currency: 'USD',
  },
];

export function binaryInstrument(code: string): BinaryInstrumentSpec | undefined {
  return BINARY_INSTRUMENTS.find((i) => i.code === code);
}

/** A price put on its instrument's tick grid, with at most two decimals (float noise removed). */
export function onTick(price: number, tick_size: number): number {
  const ticks = Math.round(price / tick_size);
  return Math.round(ticks * tick_size * 100) / 100;
}
