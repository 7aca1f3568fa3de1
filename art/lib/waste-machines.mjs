// Waste-processing machines, most of them the product range: conveyor (with the waste items it carries),
// trommel, shredder, overband magnet, sorting platform, thermolyzer, UV chamber, air separator, plus the
// crane grab of the RDF bunker and the wood chipper. Local coordinates, ground at y = 0 unless noted.
import {
  P, UV, TAU, wave, frac, spin, mix, dk, lt, SOIL, COAL, rng, at, f, rect, circ, ell, path, poly, line, box, hcyl, lin, rad,
} from "./core.mjs";
import { cyclone, volute } from "./power-plant.mjs";
import { flames } from "./kilns-and-charcoal.mjs";

const ITEM_C = [P.l1, P.a1, P.s2, P.w, P.l2, P.a2, P.g1, P.s1];
function item(kind, c, s = 1) {
  switch (kind % 5) {
    case 0: return rect(-10 * s, -18 * s, 20 * s, 18 * s, c, { m: 0.6 });
    case 1: return path(`M${-6 * s} 0 L${-6 * s} ${-16 * s} L${-3 * s} ${-22 * s} L${3 * s} ${-22 * s} L${6 * s} ${-16 * s} L${6 * s} 0 Z`, c, { m: 0.6 });
    case 2: return path(`M${-12 * s} 0 C${-14 * s} ${-12 * s} ${-2 * s} ${-18 * s} ${4 * s} ${-12 * s} C${12 * s} ${-14 * s} ${14 * s} ${-4 * s} ${10 * s} 0 Z`, c, { m: 0.6 });
    case 3: return rect(-7 * s, -14 * s, 14 * s, 14 * s, c, { rx: 3 * s, m: 0.6 });
    default: return poly([[-12 * s, 0], [-4 * s, -10 * s], [10 * s, -6 * s], [12 * s, 0]], c, { m: 0.6 });
  }
}

/**
 * Inclined conveyor. origin = centre of tail roller; belt runs to +x rotated by angle (deg).
 * legs reach down to ground line (ground = local y in unrotated frame).
 */
export function conveyor(ctx, { len = 500, angle = -12, bh = 18, ground = 90, n = 9, k = 2, c = P.l1, items = true, seed = 1, itemScale = 1, frame = P.g1 } = {}) {
  const a = (angle * Math.PI) / 180;
  const R = rng(seed);
  let o = "";
  // legs
  for (let d = 40; d < len; d += 140) {
    const x = Math.cos(a) * d;
    const y = Math.sin(a) * d;
    o += line(x, y + bh, x - 10, ground, P.s1, 1.6) + line(x, y + bh, x + 10, ground, P.s1, 1.6);
    o += line(x - 6, (y + bh + ground) / 2, x + 6, (y + bh + ground) / 2, P.s1, 0.8);
  }
  let b = "";
  b += rect(-bh / 2, -bh / 2, len + bh, bh, P.k, { rx: bh / 2, s: null });
  b += rect(0, -bh / 2 + 4, len, bh - 2, frame, { s: null });
  b += rect(0, bh / 2 - 5, len, 3, dk(frame, 0.3), { s: null });
  b += rect(-bh / 2, -bh / 2, len + bh, bh, "none", { rx: bh / 2 });
  // idler dots on frame
  for (let d = 30; d < len; d += 60) b += circ(d, 2, 2.5, lt(frame, 0.4), { s: null });
  // belt cleats moving
  const sp = frac(ctx.t, k * 6);
  for (let j = 0; j < Math.ceil(len / 40) + 1; j++) {
    const d = (j + sp) * 40;
    if (d > 4 && d < len - 4) b += line(d, -bh / 2 + 0.5, d - 3, -bh / 2 + 3.5, P.s1, 0.5);
  }
  // rotating rollers
  for (const d of [0, len]) {
    b += circ(d, 0, bh / 2 - 1, P.s2, { m: 0.6 });
    b += `<g transform="translate(${f(d)} 0) rotate(${f(spin(ctx.t, k * 8))})">${line(-bh / 2 + 3, 0, bh / 2 - 3, 0, P.s1, 0.6)}${line(0, -bh / 2 + 3, 0, bh / 2 - 3, P.s1, 0.6)}</g>`;
  }
  if (items) {
    for (let i = 0; i < n; i++) {
      const p = frac(ctx.t, k, i / n);
      const d = p * len;
      const fade = Math.min(1, p / 0.05, (1 - p) / 0.05);
      const kind = Math.floor(R() * 5);
      const col = ITEM_C[Math.floor(R() * ITEM_C.length)];
      b += `<g transform="translate(${f(d)} ${f(-bh / 2)})" opacity="${f(Math.max(0, fade))}">${item(kind, col, itemScale)}</g>`;
    }
  }
  o += `<g transform="rotate(${angle})">${b}</g>`;
  return o;
}

/** Rotary trommel screen. origin = inlet end at drum axis; drum tilts down to the right. */
export function trommel(ctx, { len = 460, r = 80, tilt = 5, ground = 150, c = P.l1, k = 1, fines = true } = {}) {
  let o = "";
  const a = (tilt * Math.PI) / 180;
  const yAt = (d) => Math.sin(a) * d;
  // support frame
  o += rect(-20, ground - 16, len + 40, 16, P.s1);
  for (const d of [len * 0.18, len * 0.82]) {
    o += poly([[d - 34, ground - 16], [d - 12, yAt(d) + r], [d + 12, yAt(d) + r], [d + 34, ground - 16]], P.g1);
    o += circ(d - 16, yAt(d) + r + 6, 8, P.s2, { m: 0.7 }) + circ(d + 16, yAt(d) + r + 6, 8, P.s2, { m: 0.7 });
  }
  // fines chute + falling bits
  if (fines) {
    o += poly([[len * 0.3, yAt(len * 0.3) + r - 4], [len * 0.7, yAt(len * 0.7) + r - 4], [len * 0.56, ground - 40], [len * 0.44, ground - 40]], P.s2);
    const R = rng(11);
    for (let i = 0; i < 14; i++) {
      const p = frac(ctx.t, 4, i / 14);
      const x = len * (0.36 + 0.28 * R());
      const y0 = yAt(x) + r + 4;
      o += circ(x + (len * 0.5 - x) * p * 0.5, y0 + p * (ground - 40 - y0), 3, [P.l1, P.a1, P.s1, SOIL][i % 4], { s: null, o: f(Math.sin(Math.PI * p)) });
    }
  }
  let d = "";
  // drum
  d += rect(0, -r, len, 2 * r, c, { s: null });
  d += rect(0, r * 0.35, len, r * 0.65, dk(c, 0.25), { s: null });
  d += rect(0, -r * 0.78, len, r * 0.14, lt(c, 0.4), { s: null });
  // perforation rows rotating about the axis
  const rot = (spin(ctx.t, k) * Math.PI) / 180;
  const rows = 14;
  for (let j = 0; j < rows; j++) {
    const phi = (TAU * j) / rows + rot;
    const cz = Math.cos(phi);
    if (cz <= 0.08) continue;
    const y = -r * Math.sin(phi);
    const hh = 7 * cz;
    for (let x = 26 + (j % 2) * 14; x < len - 20; x += 28) {
      if (x > len * 0.15 && x < len * 0.21) continue;
      if (x > len * 0.79 && x < len * 0.85) continue;
      d += ell(x, y, 7, hh, dk(c, 0.55), { s: null, o: 0.55 + 0.45 * cz });
    }
  }
  // riding rings + end flanges
  for (const dd of [len * 0.18, len * 0.82]) d += rect(dd - 12, -r - 6, 24, 2 * r + 12, P.s1, { rx: 4 });
  d += rect(0, -r, len, 2 * r, "none");
  d += ell(len, 0, 16, r + 4, dk(c, 0.45));
  d += ell(len, 0, 10, r - 10, P.k, { s: null, o: 0.7 });
  o += `<g transform="rotate(${tilt})">${d}</g>`;
  // inlet chute/hopper
  o += poly([[-60, -r - 70], [40, -r - 70], [30, -r * 0.2], [-10, -r * 0.2]], P.s2);
  o += poly([[10, -r - 70], [40, -r - 70], [30, -r * 0.2], [18, -r * 0.2]], P.s1, { s: null });
  o += poly([[-60, -r - 70], [40, -r - 70], [30, -r * 0.2], [-10, -r * 0.2]], "none");
  // drive motor
  o += box(len * 0.5 - 40, ground - 56, 80, 40, P.a1, { side: 0.25 });
  return o;
}

function cutter(ctx, r, dir, phase) {
  const a = spin(ctx.t, 2) * dir + phase;
  let o = "";
  const n = 4;
  let d = "";
  for (let i = 0; i < n; i++) {
    const a0 = (TAU * i) / n;
    const p = (ang, rr) => `${f(Math.cos(ang) * rr)} ${f(Math.sin(ang) * rr)}`;
    d += `${i ? "L" : "M"}${p(a0, r * 0.78)} L${p(a0 + 0.35, r * 1.1)} L${p(a0 + 0.5, r * 0.95)} L${p(a0 + TAU / n, r * 0.78)} `;
  }
  o += path(d + "Z", P.s2, { m: 0.7 });
  o += circ(0, 0, r * 0.35, P.s1, { m: 0.6 });
  o += circ(0, 0, r * 0.12, P.k, { s: null });
  return `<g transform="rotate(${f(a)})">${o}</g>`;
}
/** twin-shaft shredder, base centre at origin, ~300 wide */
export function shredder(ctx, { c = P.l1 } = {}) {
  let o = "";
  // stand
  o += poly([[-150, 0], [-130, -110], [130, -110], [150, 0]], "none", { s: P.s1, m: 1.6 });
  o += box(-120, -100, 60, 100, P.g1, { side: 0.2 }) + box(60, -100, 60, 100, P.g1, { side: 0.2 });
  o += rect(-60, -60, 120, 60, P.k, { o: 0.85 }); // discharge opening
  for (let i = 0; i < 6; i++) o += rect(-50 + i * 18, -30 + (i % 2) * 8, 12, 8, ITEM_C[i], { m: 0.4 });
  // cutting chamber
  o += box(-140, -200, 280, 100, c, { side: 0.2 });
  // window showing cutters
  o += rect(-105, -190, 210, 80, dk(P.g2, 0.4), { rx: 6 });
  o += `<g transform="translate(-48 -150)">${cutter(ctx, 36, 1, 0)}</g><g transform="translate(48 -150)">${cutter(ctx, 36, -1, 45)}</g>`;
  o += rect(-105, -190, 210, 80, "none", { rx: 6 });
  // hopper
  o += poly([[-190, -320], [190, -320], [140, -200], [-140, -200]], P.s2);
  o += poly([[60, -320], [190, -320], [140, -200], [70, -200]], P.s1, { s: null });
  o += poly([[-190, -320], [190, -320], [140, -200], [-140, -200]], "none");
  o += rect(-196, -330, 392, 12, dk(P.s2, 0.2));
  // motor + gearbox
  o += hcyl(150, -190, 110, 56, P.g1) + box(140, -210, 40, 96, P.a1, { side: 0.3 });
  o += rect(230, -198, 30, 72, dk(P.g1, 0.2));
  return o;
}
export function magnetUnit(ctx, { w = 260, c = P.a1 } = {}) {
  // overband magnet, origin top-centre hanging point, belt loop below
  let o = "";
  o += line(-w * 0.35, 0, -w * 0.3, 60, P.s1, 1) + line(w * 0.35, 0, w * 0.3, 60, P.s1, 1);
  o += rect(-w / 2 - 20, 60, w + 40, 70, P.k, { rx: 35 });
  o += rect(-w / 2 - 14, 66, w + 28, 58, P.s1, { rx: 29, s: null });
  o += box(-w / 2 + 20, 72, w - 40, 46, c, { side: 0.2 });
  for (let x = -w / 2 + 40; x < w / 2 - 30; x += 30) o += line(x, 78, x, 112, dk(c, 0.3), 0.6);
  // cleats on the belt moving left
  const sp = frac(ctx.t, 8);
  for (let i = 0; i < 12; i++) {
    const x = w / 2 + 10 - ((i + sp) * (w + 20)) / 11;
    if (x > -w / 2 - 10 && x < w / 2 + 10) o += line(x, 126, x, 132, P.k, 0.8);
  }
  // pulleys
  for (const x of [-w / 2 + 6, w / 2 - 6]) o += circ(x, 95, 30, P.s2) + `<g transform="translate(${x} 95) rotate(${f(-spin(ctx.t, 6))})">${line(-20, 0, 20, 0, P.s1, 0.8)}${line(0, -20, 0, 20, P.s1, 0.8)}</g>`;
  return o;
}

/** elevated manual sorting platform. base centre at origin, ~560 wide */
export function sortingTable(ctx, { w = 560 } = {}) {
  const hw = w / 2;
  let o = "";
  // bins underneath chutes
  const binC = [P.l1, P.a1, P.s2, P.g1];
  for (let i = 0; i < 4; i++) {
    const x = -hw + 50 + i * ((w - 100) / 3);
    o += box(x - 38, -70, 76, 70, binC[i], { side: 0.25 });
    o += poly([[x - 24, -150], [x + 24, -150], [x + 16, -76], [x - 16, -76]], P.s2);
  }
  // legs
  for (const x of [-hw + 10, -hw * 0.3, hw * 0.3, hw - 10]) o += rect(x - 6, -170, 12, 170, P.s1);
  // deck
  o += rect(-hw - 20, -180, w + 40, 14, P.g1);
  // steps
  for (let i = 0; i < 6; i++) o += line(hw + 30 + i * 16, -i * 30, hw + 30 + i * 16 + 20, -i * 30, P.s1, 1);
  o += line(hw + 26, 0, hw + 116, -180, P.s1, 1.2);
  // belt at waist height with moving items
  o += at(-hw + 10, -232, 1, () => conveyor(ctx, { len: w - 20, angle: 0, bh: 20, ground: 50, n: 11, k: 2, c: P.l1, frame: P.g1, seed: 4 }));
  // hoppers on the belt side
  // railing
  o += line(-hw - 20, -290, hw + 20, -290, P.a1, 1.2) + line(-hw - 20, -250, hw + 20, -250, P.a1, 0.8);
  for (let x = -hw - 20; x <= hw + 20; x += (w + 40) / 6) o += line(x, -290, x, -180, P.a1, 0.9);
  // canopy hood
  o += poly([[-hw - 30, -400], [hw + 30, -400], [hw + 10, -370], [-hw - 10, -370]], P.s2);
  o += line(-hw - 10, -370, -hw - 10, -290, P.s1, 0.8) + line(hw + 10, -370, hw + 10, -290, P.s1, 0.8);
  for (let x = -hw + 40; x < hw; x += 120) o += rect(x, -372, 60, 6, lt(P.a1, 0.5), { s: null });
  return o;
}

/** horizontal thermolyzer reactor. base centre at origin, ~620 wide */
export function thermolyzer(ctx, defs, { w = 620 } = {}) {
  const hw = w / 2;
  let o = "";
  // saddles
  for (const x of [-hw + 90, 0, hw - 90]) o += poly([[x - 40, 0], [x - 26, -90], [x + 26, -90], [x + 40, 0]], P.g1);
  // firebox under the vessel
  o += box(-hw + 130, -90, w - 260, 60, mix(P.a2, P.g2, 0.5), { side: 0.12 });
  const pulse = 0.8 + 0.2 * wave(ctx.t, 3);
  for (let i = 0; i < 4; i++) {
    const x = -hw + 170 + i * ((w - 340) / 3);
    o += rect(x - 20, -76, 40, 30, P.k, { rx: 4 });
    o += rect(x - 20, -76, 40, 30, lin(defs, [[0, P.a1], [1, P.a2]]), { rx: 4, s: null, o: pulse });
    o += at(x, -47, 1, () => flames(ctx, { w: 34, h: 22, k: 4, seed: i + 2 }));
  }
  // vessel
  o += hcyl(-hw, -250, w, 160, P.s2);
  for (let x = -hw + 60; x < hw - 20; x += 90) o += rect(x, -254, 14, 168, dk(P.s2, 0.18), { rx: 3 });
  o += ell(-hw, -170, 26, 80, dk(P.s2, 0.3)) + ell(hw, -170, 26, 80, P.s2);
  for (let i = 0; i < 8; i++) {
    const a = (TAU * i) / 8;
    o += circ(hw + Math.cos(a) * 14, -170 + Math.sin(a) * 60, 3, P.s1, { s: null });
  }
  // sight port
  o += circ(-hw + 140, -190, 18, P.k) + circ(-hw + 140, -190, 12, rad(defs, [[0, lt(P.a1, 0.5)], [1, P.a2]]), { s: null, o: pulse });
  // feed hopper + screw
  o += poly([[-hw - 60, -420], [-hw + 60, -420], [-hw + 30, -330], [-hw - 30, -330]], P.l1);
  o += poly([[-hw + 10, -420], [-hw + 60, -420], [-hw + 30, -330], [-hw + 10, -330]], dk(P.l1, 0.22), { s: null });
  o += poly([[-hw - 60, -420], [-hw + 60, -420], [-hw + 30, -330], [-hw - 30, -330]], "none");
  o += rect(-hw - 14, -332, 28, 90, P.s1);
  // gas outlet
  o += path(`M${hw - 120} -250 L${hw - 120} -330 L${hw + 60} -330 L${hw + 60} -200`, "none", { s: P.k, m: 9 });
  o += path(`M${hw - 120} -250 L${hw - 120} -330 L${hw + 60} -330 L${hw + 60} -200`, "none", { s: P.a2, m: 7 });
  o += box(hw + 30, -200, 60, 200, P.g1, { side: 0.25 });
  for (let y = -185; y < -20; y += 20) o += line(hw + 38, y, hw + 74, y, lt(P.g1, 0.3), 0.5);
  // control cabinet
  o += box(-hw - 120, -170, 80, 170, P.g1, { side: 0.22 });
  o += rect(-hw - 108, -150, 44, 30, P.k) + circ(-hw - 96, -96, 6, P.l1) + circ(-hw - 76, -96, 6, P.a1, { o: 0.6 + 0.4 * Math.max(0, wave(ctx.t, 4)) });
  return o;
}

/** UV sanitisation chamber: tunnel with a window showing glowing UV lamps, bins passing through. base centre.
 *  ends = how far the through-conveyor sticks out on each side. */
export function uvChamber(ctx, defs, { w = 560, ends = 140, phase = 0 } = {}) {
  const hw = w / 2;
  let o = "";
  const glow = 0.85 + 0.1 * wave(ctx.t, 2);
  // violet light spilling onto the belt from the curtain openings
  for (const x of [-hw - 40, hw - 10]) o += ell(x + 25, -82, 70, 16, rad(defs, [[0, UV.glow, 0.75], [1, UV.glow, 0]]), { s: null, o: glow });
  // through conveyor
  o += at(-hw - ends, -70, 1, () => conveyor(ctx, { len: w + 2 * ends, angle: 0, bh: 18, ground: 70, n: 6, k: 1, items: false, c: P.g1, frame: P.g1 }));
  // bins riding (trays)
  let trays = "";
  for (let i = 0; i < 4; i++) {
    const p = frac(ctx.t, 1, i / 4 + phase);
    const x = -hw - ends + p * (w + 2 * ends);
    const fade = Math.min(1, p / 0.05, (1 - p) / 0.05);
    trays += `<g transform="translate(${f(x)} -79)" opacity="${f(fade)}">${rect(-34, -46, 68, 46, P.a1, { rx: 4 })}${rect(-38, -52, 76, 10, P.a2, { rx: 3 })}${rect(6, -46, 28, 46, dk(P.a1, 0.2), { s: null, o: 0.6 })}</g>`;
  }
  o += trays;
  // housing (drawn over trays at the chamber body)
  o += box(-hw, -330, w, 250, mix(P.s2, P.w, 0.35), { rx: 10, side: 0.14 });
  // entry/exit curtains, lit violet from inside at the bottom edge
  o += rect(-hw, -180, 26, 100, P.s1) + rect(hw - 26, -180, 26, 100, P.s1);
  for (const x0 of [-hw, hw - 26]) {
    o += rect(x0 + 2, -120, 22, 38, lin(defs, [[0, UV.c, 0], [1, UV.glow, 0.85]]), { s: null, o: glow });
    for (let x = x0 + 4; x < x0 + 24; x += 6) o += line(x, -176, x, -84, P.s2, 0.5);
  }
  // big window: dark chamber flooded with UV light
  const wx = -hw + 60;
  const ww = w - 120;
  o += rect(wx, -300, ww, 150, mix(P.g2, P.k, 0.35), { rx: 8 });
  o += rect(wx, -300, ww, 150, rad(defs, [[0, UV.c, 0.85], [0.6, UV.c, 0.45], [1, UV.c, 0.12]], 0.5, 0.5, 0.75), { rx: 8, s: null, o: glow });
  // reflector bar at the back
  o += rect(wx + 8, -292, ww - 16, 6, mix(P.s2, P.k, 0.2), { s: null, o: 0.7 });
  for (let i = 0; i < 4; i++) {
    const y = -280 + i * 36;
    // halo, tube, bright core
    o += rect(wx + 14, y - 7, ww - 28, 24, UV.glow, { rx: 12, s: null, o: 0.28 * glow });
    o += rect(wx + 20, y, ww - 40, 10, UV.glow, { rx: 5, m: 0.6 });
    o += line(wx + 28, y + 4, wx + ww - 28, y + 4, P.w, 0.9, 0.9);
    o += rect(wx + 10, y - 2, 12, 14, P.s1, { m: 0.5 }) + rect(wx + ww - 22, y - 2, 12, 14, P.s1, { m: 0.5 });
  }
  // glass glint
  o += line(wx + 10, -292 + 156, wx + 60, -292 + 106, P.w, 0.8, 0.35);
  // UV warning plate (violet sun symbol) + control panel + beacon
  o += rect(-hw + 60, -140, 46, 40, P.w, { rx: 4, m: 0.6 }) + circ(-hw + 83, -120, 7, UV.c, { m: 0.5 });
  for (let i = 0; i < 8; i++) {
    const a = (TAU * i) / 8;
    o += line(-hw + 83 + Math.cos(a) * 10, -120 + Math.sin(a) * 10, -hw + 83 + Math.cos(a) * 15, -120 + Math.sin(a) * 15, UV.c, 0.5);
  }
  o += box(hw - 120, -140, 80, 46, P.g1, { side: 0.2 }) + circ(hw - 100, -117, 6, P.l1) + circ(hw - 78, -117, 6, P.a1);
  o += rect(-20, -346, 40, 16, P.s1) + circ(0, -354, 12, P.a1, { o: 0.6 + 0.4 * Math.max(0, wave(ctx.t, 4)) });
  // legs
  for (const x of [-hw + 30, hw - 30]) o += rect(x - 8, -80, 16, 80, P.s1);
  return o;
}

/** air (density) separator: feed conveyor, expansion chamber, blower, duct, cyclone. base centre */
export function airSeparator(ctx, defs, { w = 600 } = {}) {
  let o = "";
  const R = rng(9);
  // heavy fraction bin under chamber
  o += box(-120, -80, 140, 80, P.s1, { side: 0.2 });
  // chamber
  o += poly([[-170, -320], [70, -320], [70, -140], [20, -90], [-120, -90], [-170, -140]], P.l1);
  o += poly([[20, -320], [70, -320], [70, -140], [20, -90]], dk(P.l1, 0.22), { s: null });
  o += poly([[-170, -320], [70, -320], [70, -140], [20, -90], [-120, -90], [-170, -140]], "none");
  for (const x of [-150, 50]) o += rect(x - 6, -90, 12, 90, P.s1);
  // feed conveyor from left
  o += at(-420, -200, 1, () => conveyor(ctx, { len: 250, angle: -14, bh: 16, ground: 200, n: 6, k: 2, seed: 6 }));
  // light fraction duct up to cyclone
  o += path("M60 -300 L60 -400 L300 -400 L300 -360", "none", { s: P.k, m: 16 });
  o += path("M60 -300 L60 -400 L300 -400 L300 -360", "none", { s: P.s2, m: 14 });
  // bits flying in the duct
  for (let i = 0; i < 8; i++) {
    const p = frac(ctx.t, 4, i / 8);
    const L = 100 + 240 + 40;
    const s = p * L;
    let x, y;
    if (s < 100) { x = 60; y = -300 - s; } else if (s < 340) { x = 60 + s - 100; y = -400; } else { x = 300; y = -400 + (s - 340); }
    o += circ(x + (R() - 0.5) * 8, y + (R() - 0.5) * 8, 3.5, [P.w, P.l2, P.a1][i % 3], { s: P.k, m: 0.4 });
  }
  // cyclone + collection bin
  o += at(300, -110, 1, () => cyclone({ w: 110, h: 260 }));
  o += rect(290, -110, 20, 40, P.s1);
  o += box(250, -70, 100, 70, P.l1, { side: 0.25 });
  for (const x of [258, 342]) o += rect(x - 5, -260, 10, 190, P.s1);
  // blower volute
  o += at(-250, -40, 1, () => volute(ctx, { r: 46, k: 6 }));
  o += path("M-200 -60 L-150 -60 L-150 -120", "none", { s: P.k, m: 12 });
  o += path("M-200 -60 L-150 -60 L-150 -120", "none", { s: P.s2, m: 10 });
  // heavy bits dropping
  for (let i = 0; i < 5; i++) {
    const p = frac(ctx.t, 4, i / 5);
    o += circ(-60 + (i - 2) * 14, -92 + p * 30, 4, [P.s1, COAL, P.a2][i % 3], { m: 0.4, o: f(Math.sin(Math.PI * p)) });
  }
  return o;
}

/** orange-peel grab hanging from a crane cable, origin = cable attachment; full of RDF fluff */
export function grab({ load = true, cols = [P.w, P.l2, P.a1, P.s2, P.l1], c = P.a1 } = {}) {
  let o = rect(-26, 0, 52, 40, P.s1, { rx: 6 }) + rect(-10, -14, 20, 16, dk(P.s1, 0.2));
  const tine = ([x0, x1, cc]) =>
    path(`M${x0} 36 C${x1} 60 ${x1 * 0.95} 120 ${x1 * 0.45} 156 L${x1 * 0.3} 146 C${x1 * 0.65} 110 ${x1 * 0.6} 66 ${x0 * 0.6} 40 Z`, cc);
  o += tine([-22, -92, c]) + tine([22, 92, dk(c, 0.22)]);
  if (load) {
    o += path("M-78 120 C-84 60 -40 40 0 44 C40 40 84 60 78 120 C60 150 -60 150 -78 120 Z", mix(P.s2, P.w, 0.45));
    const R = rng(5);
    for (let i = 0; i < 40; i++) o += ell(-60 + R() * 120, 60 + R() * 76, 5, 3, cols[i % cols.length], { s: null });
  }
  o += tine([-8, -34, lt(c, 0.15)]) + tine([8, 34, dk(c, 0.1)]);
  return o;
}

export function woodChipper(ctx) {
  // trailer-mounted chipper, ~300 wide, base at wheel bottom
  let o = "";
  o += rect(-140, -60, 280, 16, P.s1);
  o += box(-60, -170, 160, 110, P.l1, { rx: 8, side: 0.2 });
  o += poly([[-60, -150], [-160, -110], [-160, -60], [-60, -80]], P.a1);
  o += path("M60 -170 L60 -250 Q60 -280 100 -280 L150 -260", "none", { s: P.k, m: 10 }) + path("M60 -170 L60 -250 Q60 -280 100 -280 L150 -260", "none", { s: P.l1, m: 8 });
  // chips flying out
  const R = rng(21);
  for (let i = 0; i < 8; i++) {
    const p = frac(ctx.t, 6, i / 8);
    o += rect(150 + p * 120, -260 + p * p * 220 + (R() - 0.5) * 10, 6, 4, mix(P.a1, P.s1, 0.4), { s: null, o: f(Math.sin(Math.PI * p)) });
  }
  o += circ(0, -24, 24, P.k) + circ(0, -24, 10, P.s2) + line(-140, -52, -200, -44, P.s1, 1.4);
  return o;
}
