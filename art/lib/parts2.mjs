// More components: machines for the product range, agri units, recyclables.
import { P, UV, mix, rng, lw, rect, circ, ell, path, poly, line, lin, rad, f, wave, frac, spin, TAU, at, g } from "./core.mjs";
import { box, vcyl, hcyl, dk, lt, conveyor, fan, volute, cyclone, flames, item, SOIL, COAL, STRAW, puffs } from "./parts.mjs";

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

/** containerised biochar reactor with hopper, auger and output pile. base centre, ~460 wide */
export function biocharUnit(ctx, defs, { c = P.g1 } = {}) {
  let o = "";
  // chimney + heat puffs
  o += at(150, -320, 1, () => puffs(ctx, { n: 5, rise: 160, r: 12, drift: 40, k: 2, c: P.w, o: 0.55, seed: 7 }));
  o += vcyl(136, -320, 28, 150, P.s2);
  // container
  o += box(-200, -180, 400, 180, c, { side: 0.15 });
  for (let x = -188; x < 140; x += 16) o += line(x, -174, x, -6, dk(c, 0.22), 0.5);
  // hatch glow
  const pulse = 0.75 + 0.25 * wave(ctx.t, 2);
  o += rect(-140, -120, 80, 50, P.k, { rx: 6 }) + rect(-134, -114, 68, 38, lin(defs, [[0, P.a1], [1, P.a2]]), { rx: 4, s: null, o: pulse });
  // hopper + feed
  o += poly([[-250, -300], [-150, -300], [-170, -220], [-230, -220]], P.l1);
  o += rect(-212, -222, 24, 44, P.s1);
  // auger out + biochar pile
  o += path("M200 -60 L290 -110", "none", { s: P.k, m: 14 }) + path("M200 -60 L290 -110", "none", { s: P.s2, m: 12 });
  const R = rng(12);
  for (let i = 0; i < 6; i++) {
    const p = frac(ctx.t, 4, i / 6);
    o += circ(292 + R() * 8, -104 + p * 70, 3.2, COAL, { s: null, o: f(Math.sin(Math.PI * p)) });
  }
  o += path("M230 0 C250 -40 330 -40 350 0 Z", COAL);
  for (let i = 0; i < 10; i++) o += circ(250 + R() * 80, -6 - R() * 20, 2, P.s1, { s: null });
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

/** soil cross-section block with biochar grains, origin top-left */
export function soilSection({ w = 500, h = 180, seed = 3, char = true } = {}) {
  const R = rng(seed);
  let o = rect(0, 0, w, h, SOIL, { s: null });
  o += rect(0, h * 0.55, w, h * 0.45, dk(SOIL, 0.2), { s: null });
  for (let i = 0; i < 70; i++) o += ell(R() * w, h * 0.1 + R() * h * 0.85, 3 + R() * 3, 2, lt(SOIL, 0.2), { s: null, o: 0.7 });
  if (char) for (let i = 0; i < 90; i++) o += lump(R() * w, 10 + R() * h * 0.4, 3 + R() * 4, R);
  // roots
  for (let i = 0; i < 8; i++) {
    const x = 30 + i * (w / 8);
    o += path(`M${x} 0 C${x - 8} ${h * 0.2} ${x + 10} ${h * 0.35} ${x - 4} ${h * 0.6}`, "none", { s: lt(STRAW, 0.2), m: 0.6 });
  }
  return o + line(0, 0, w, 0, P.k, 1);
}
function lump(cx, cy, r, R) {
  const pts = [];
  const n = 5;
  for (let i = 0; i < n; i++) {
    const a = (TAU * i) / n + R() * 0.5;
    pts.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r * 0.8]);
  }
  return poly(pts, COAL, { s: null });
}

export function sack({ c = P.w, fill = COAL, h = 140 } = {}) {
  const w = h * 0.7;
  let o = path(`M${-w / 2} 0 C${-w / 2 - 8} ${-h * 0.5} ${-w / 2} ${-h * 0.8} ${-w * 0.42} ${-h} L${w * 0.42} ${-h} C${w / 2} ${-h * 0.8} ${w / 2 + 8} ${-h * 0.5} ${w / 2} 0 Z`, c);
  o += path(`M${w * 0.1} ${-h} L${w * 0.42} ${-h} C${w / 2} ${-h * 0.8} ${w / 2 + 8} ${-h * 0.5} ${w / 2} 0 L${w * 0.15} 0 Z`, dk(c, 0.12), { s: null });
  o += ell(0, -h, w * 0.42, 12, fill);
  o += rect(-w * 0.3, -h * 0.55, w * 0.6, h * 0.25, P.l1, { s: null, o: 0.9 });
  return o;
}
