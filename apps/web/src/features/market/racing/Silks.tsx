import type { CSSProperties } from 'react';
import { useT } from '../i18n.ts';

/** A few CSS colour names a card may use, as RGB, for the trap number's contrast. */
const NAMED: Record<string, [number, number, number]> = {
  black: [0, 0, 0],
  white: [255, 255, 255],
  red: [255, 0, 0],
  blue: [0, 0, 255],
  navy: [0, 0, 128],
  green: [0, 128, 0],
  yellow: [255, 255, 0],
  orange: [255, 165, 0],
  purple: [128, 0, 128],
  pink: [255, 192, 203],
  maroon: [128, 0, 0],
  grey: [128, 128, 128],
  gray: [128, 128, 128],
  gold: [255, 215, 0],
  silver: [192, 192, 192],
  brown: [165, 42, 42],
};

/** A CSS colour as RGB (hex or a common name); null when it cannot be read. */
export function toRgb(colour: string): [number, number, number] | null {
  const c = colour.trim().toLowerCase();
  if (NAMED[c]) return NAMED[c];
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(c)?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

const luminance = ([r, g, b]: [number, number, number]) => {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

/** WCAG contrast ratio of two colours. */
export function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The trap's number colour on its background: the trap's second colour when it reads (4.5:1),
 * else black or white, whichever reads better; white on an unreadable background.
 */
export function trapInk(colours: readonly string[]): string {
  const bg = toRgb(colours[0] ?? '');
  if (!bg) return '#fff';
  const ink = colours[1] ? toRgb(colours[1]) : null;
  if (ink && contrast(bg, ink) >= 4.5) return colours[1]!;
  return contrast(bg, [0, 0, 0]) >= contrast(bg, [255, 255, 255]) ? '#000' : '#fff';
}

/**
 * A horse's silks, CSS only: a jersey in the body colour with sleeves (and a hoop) in the second
 * and a cap in the third. Decorative: the card names the runner beside it.
 */
export function Silks({ colours }: { colours: readonly string[] }) {
  const body = colours[0] ?? '#9e9e9e';
  const style = {
    '--silk-body': body,
    '--silk-trim': colours[1] ?? body,
    '--silk-cap': colours[2] ?? colours[1] ?? body,
  } as CSSProperties;
  return (
    <span className="silks" style={style} aria-hidden="true" data-testid="silks">
      <span className="silks__cap" />
      <span className="silks__jersey" />
    </span>
  );
}

/** A greyhound's trap: its number in the trap's colour, inked to read (trapInk). */
export function Trap({ number, colours }: { number: number; colours: readonly string[] }) {
  const t = useT();
  return (
    <span
      className="trap"
      style={{ background: colours[0] ?? '#616161', color: trapInk(colours) }}
      data-testid="trap"
    >
      <span className="visually-hidden">{t('market.racing.trap')} </span>
      {number}
    </span>
  );
}
