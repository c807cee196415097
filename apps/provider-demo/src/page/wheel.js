// The European wheel, drawn for this table (SVG, no artwork of anyone else's): 37 pockets in the
// wheel's order, the ball resting at the top. While the dealer spins, the rotor turns; when the
// ball lands, the rotor settles with the landed pocket under the ball. With
// prefers-reduced-motion the wheel does not turn at all: it shows the landed pocket at once.
const SVG = 'http://www.w3.org/2000/svg';
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const FILL = { green: '#15803d', red: '#b91c1c', black: '#111827' };
const R_OUTER = 118;
const R_POCKET = 104;
const R_INNER = 74;

const colourOf = (n) => (n === 0 ? 'green' : RED.has(n) ? 'red' : 'black');
const svg = (tag, attrs = {}, ...children) => {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
};
const point = (r, deg) => {
  const a = ((deg - 90) * Math.PI) / 180;
  return `${(r * Math.cos(a)).toFixed(2)} ${(r * Math.sin(a)).toFixed(2)}`;
};

/** One pocket's wedge and number, centred on `deg` clockwise from the top. */
function pocket(n, deg, step) {
  const [a0, a1] = [deg - step / 2, deg + step / 2];
  const wedge = svg('path', {
    d: `M ${point(R_OUTER, a0)} A ${R_OUTER} ${R_OUTER} 0 0 1 ${point(R_OUTER, a1)} L ${point(R_INNER, a1)} A ${R_INNER} ${R_INNER} 0 0 0 ${point(R_INNER, a0)} Z`,
    fill: FILL[colourOf(n)],
    stroke: '#d4a017',
    'stroke-width': 0.8,
  });
  const label = svg('text', {
    x: 0,
    y: -R_POCKET,
    transform: `rotate(${deg})`,
    'text-anchor': 'middle',
    'dominant-baseline': 'central',
    'font-size': 11,
    'font-weight': 700,
    fill: '#fff',
  });
  label.textContent = String(n);
  return svg('g', {}, wedge, label);
}

/**
 * The wheel: `order` is the pockets clockwise from zero (the table's WHEEL_ORDER). Answers the
 * element and two calls: spin() while the ball is in play, land(n) once it has landed.
 */
export function rouletteWheel(order) {
  const step = 360 / order.length;
  const rotor = svg(
    'g',
    { class: 'rotor' },
    svg('circle', { r: R_OUTER + 2, fill: '#5b3716' }),
    ...order.map((n, i) => pocket(n, i * step, step)),
    svg('circle', { r: R_INNER, fill: '#7c4a1e', stroke: '#d4a017', 'stroke-width': 2 }),
    svg('circle', { r: 40, fill: '#a16207' }),
    ...[0, 45, 90, 135].map((deg) =>
      svg('rect', {
        x: -3,
        y: -52,
        width: 6,
        height: 104,
        rx: 3,
        fill: '#fbbf24',
        transform: `rotate(${deg})`,
      }),
    ),
    svg('circle', { r: 12, fill: '#fde68a' }),
  );
  const ball = svg('circle', {
    class: 'ball',
    cx: 0,
    cy: -(R_INNER + 10),
    r: 6,
    fill: '#f8fafc',
    stroke: '#94a3b8',
  });
  const orbit = svg('g', { class: 'orbit' }, ball);
  const drawing = svg(
    'svg',
    { viewBox: '-130 -130 260 260', class: 'wheel', 'aria-hidden': 'true', focusable: 'false' },
    svg('circle', { r: 128, fill: '#3b2410' }),
    rotor,
    orbit,
  );
  const caption = document.createElement('figcaption');
  caption.className = 'wheel-caption';
  caption.textContent = 'No spin yet';
  const figure = document.createElement('figure');
  figure.className = 'wheel-figure';
  figure.append(drawing, caption);
  let turns = 0;
  return {
    element: figure,
    spin() {
      caption.textContent = 'The ball is spinning…';
      figure.classList.add('spinning');
    },
    /** The ball has landed on `n` (null: no spin yet at this table). */
    land(n) {
      figure.classList.remove('spinning');
      if (n === null) {
        caption.textContent = 'No spin yet';
        return;
      }
      const at = order.indexOf(n) * step;
      // Whole turns forward, so the rotor settles clockwise rather than snapping back.
      turns += 2;
      rotor.style.transform = `rotate(${turns * 360 - at}deg)`;
      const colour = colourOf(n);
      caption.textContent = `${n} ${colour[0].toUpperCase()}${colour.slice(1)}`;
      caption.dataset.colour = colourOf(n);
    },
  };
}
