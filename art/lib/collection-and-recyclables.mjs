// Waste collection and what comes out of recycling: wheelie and medical-waste bins, the collection truck,
// bales of recyclables, bottles and the recycling symbol. Local coordinates, ground at y = 0 unless noted.
import { P, mix, dk, lt, rng, f, rect, circ, path, poly, line, box } from "./core.mjs";

export function wheelieBin({ c = P.l1, h = 110, lid = null } = {}) {
  const w = h * 0.62;
  let o = poly([[-w / 2, -h], [w / 2, -h], [w * 0.42, 0], [-w * 0.42, 0]], c, { s: null });
  o += poly([[w * 0.15, -h], [w / 2, -h], [w * 0.42, 0], [w * 0.1, 0]], dk(c, 0.22), { s: null });
  o += poly([[-w / 2, -h], [w / 2, -h], [w * 0.42, 0], [-w * 0.42, 0]], "none");
  o += rect(-w / 2 - 4, -h - 10, w + 8, 12, lid || dk(c, 0.3), { rx: 3 });
  o += line(-w * 0.3, -h * 0.7, w * 0.3, -h * 0.7, dk(c, 0.3), 0.6);
  o += circ(w * 0.35, -4, 9, P.k) + circ(w * 0.35, -4, 3, P.s2, { s: null });
  return o;
}
export function medBin({ c = P.a1, h = 110 } = {}) {
  let o = wheelieBin({ c, h, lid: P.a2 });
  const s = h * 0.09;
  o += path(`M${-s} ${-h * 0.45 - 3 * s} h${2 * s} v${2 * s} h${2 * s} v${2 * s} h${-2 * s} v${2 * s} h${-2 * s} v${-2 * s} h${-2 * s} v${-2 * s} h${2 * s} Z`, P.w, { m: 0.6 });
  return o;
}
export function truck({ c = P.g1, cab = P.w } = {}) {
  // ~ 420 wide side view, facing left, ground at 0
  let o = "";
  o += rect(-10, -50, 420, 22, P.s1);
  o += box(110, -190, 290, 150, c, { rx: 10, side: 0.12 });
  for (let x = 140; x < 360; x += 40) o += line(x, -180, x, -52, dk(c, 0.2), 0.5);
  o += rect(118, -120, 270, 12, P.l1, { s: null });
  o += path("M390 -180 L420 -170 L430 -60 L395 -45 Z", dk(c, 0.15));
  // cab
  o += path("M0 -40 L0 -110 L20 -150 L100 -150 L100 -40 Z", cab);
  o += path("M60 -150 L100 -150 L100 -40 L60 -40 Z", dk(cab, 0.12), { s: null });
  o += path("M0 -40 L0 -110 L20 -150 L100 -150 L100 -40 Z", "none");
  o += path("M14 -106 L28 -138 L70 -138 L70 -106 Z", P.s1);
  o += rect(-6, -60, 20, 18, P.a1);
  for (const x of [60, 290, 350]) o += circ(x, -22, 26, P.k) + circ(x, -22, 11, P.s2);
  return o;
}

/** bale of compressed recyclables. kind: plastic | metal | paper | cans */
export function recBale(kind, { w = 150, h = 120, seed = 1 } = {}) {
  const R = rng(seed);
  const base = { plastic: P.l2, metal: P.s2, paper: P.w, cans: P.s1 }[kind] || P.s2;
  let o = box(0, -h, w, h, base, { rx: 4, side: 0.26 });
  const cols = {
    plastic: [P.l1, P.a1, P.w, P.g1, P.l2, P.a2],
    metal: [P.s1, P.s2, lt(P.s2, 0.4), dk(P.s1, 0.2)],
    paper: [P.w, lt(P.s2, 0.6), mix(P.a1, P.w, 0.6), lt(P.l2, 0.6)],
    cans: [P.s2, P.a1, P.l1, lt(P.s2, 0.3)],
  }[kind];
  for (let i = 0; i < 34; i++) {
    const x = 8 + R() * (w * 0.72 - 24);
    const y = -h + 8 + R() * (h - 24);
    if (kind === "paper") o += rect(x - 2, y, 26, 6, cols[i % cols.length], { s: dk(base, 0.35), m: 0.3 });
    else o += path(`M${f(x)} ${f(y)} l${f(8 + R() * 10)} ${f(-4 + R() * 8)} l${f(-4 + R() * 8)} ${f(6 + R() * 6)} l${f(-10 - R() * 6)} ${f(-2)} Z`, cols[i % cols.length], { m: 0.35 });
  }
  o += box(w * 0.74, -h, w * 0.26, h, dk(base, 0.18), { hi: false, side: 0 });
  for (const y of [-h * 0.3, -h * 0.7]) o += line(0, y, w, y, P.k, 0.9);
  return o;
}

export function bottle(c = P.l1, h = 60) {
  return path(`M-9 0 L-9 ${-h * 0.6} C-9 ${-h * 0.72} -4 ${-h * 0.75} -4 ${-h * 0.85} L-4 ${-h} L4 ${-h} L4 ${-h * 0.85} C4 ${-h * 0.75} 9 ${-h * 0.72} 9 ${-h * 0.6} L9 0 Z`, c) +
    rect(-5, -h * 0.55, 3, h * 0.4, lt(c, 0.5), { s: null });
}

/** chasing-arrows recycling symbol (three curved arrows), centre origin */
export function recycleSymbol({ r = 120, c = P.l1, w = 34 } = {}) {
  let o = "";
  for (let i = 0; i < 3; i++) {
    const a0 = (i * 120 + 12) * (Math.PI / 180);
    const a1 = (i * 120 + 92) * (Math.PI / 180);
    const p = (a, rr) => `${f(Math.cos(a) * rr)} ${f(Math.sin(a) * rr)}`;
    const ri = r - w / 2;
    const ro = r + w / 2;
    const ah = a1 + 0.32;
    const d = `M${p(a0, ri)} A${ri} ${ri} 0 0 1 ${p(a1, ri)} L${p(a1, ri - w * 0.55)} L${p(ah, r)} L${p(a1, ro + w * 0.55)} L${p(a1, ro)} A${ro} ${ro} 0 0 0 ${p(a0, ro)} Z`;
    o += path(d, c, { m: 1.2 });
    o += path(`M${p(a0 + 0.1, ro - 5)} A${ro - 5} ${ro - 5} 0 0 1 ${p(a1 - 0.1, ro - 5)}`, "none", { s: lt(c, 0.45), m: 1 });
  }
  return o;
}
