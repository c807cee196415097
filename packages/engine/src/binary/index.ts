// Binary sessions (issue 24, docs/binary.md): instruments, hours by the server's clock in India
// time, the line pair around the price, and the fancy arithmetic on price levels.
export type { BinaryGroup, BinaryInstrumentSpec } from './instruments.ts';
export { BINARY_INSTRUMENTS, binaryInstrument, onTick } from './instruments.ts';
export type { BinaryPhase, HolidayOf } from './hours.ts';
export {
  BINARY_HOURS,
  BINARY_GROUP_NAMES,
  groupHours,
  istDay,
  istMidnight,
  addDays,
  isWeekend,
  sessionBounds,
  isTradingDay,
  nextTradingDay,
  binaryPhase,
} from './hours.ts';
export type { BinaryLinePair } from './lines.ts';
export {
  BINARY_RESULT_MAX,
  BINARY_RATE,
  binaryLinePair,
  binaryResult,
  toHundredths,
  binaryExposurePaise,
  settleBinaryBetsPaise,
  binaryBook,
} from './lines.ts';
