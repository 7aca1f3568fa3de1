// Every still illustration (except hero posters). Each entry: { path, w, h, draw(t, size) }.
import { P, mix, rect, circ, ell, path, poly, line, lin, rad, at, f, rng, TAU, g } from "../lib/core.mjs";
import {
  dk, lt, box, vcyl, hcyl, tree, bush, cloud, puffs, stack, pylon, pylonArms, wire, hall, fan, steamTurbine, aircooler,
  kiln, retort, charcoalHeap, briquette, lump, bale, roundBale, mound, branchPile, cropField, conveyor, trommel,
  shredder, wheelieBin, medBin, truck, magnetUnit, cyclone, volute, gasifier, glowHalo, item, SOIL, STRAW, COAL,
} from "../lib/parts.mjs";
import {
  sortingTable, thermolyzer, uvChamber, airSeparator, biocharUnit, woodChipper, recBale, bottle, recycleSymbol, soilSection, sack,
} from "../lib/parts2.mjs";
import { scene, daySky, dayHills, dayGround, treeLine, shadow, interior, studio, GRASS } from "./common.mjs";

const FLUFF = [P.w, P.l2, P.a1, P.s2, P.l1, P.a2, P.s1];
const FLUFF_BASE = mix(P.s2, P.w, 0.45);

// ---------------------------------------------------------------- helpers
function outdoor(ctx, W, H, hz, gy, seed = 2, trees = true) {
  let o = daySky(ctx, W, H, hz);
  o += dayHills(ctx, W, hz, seed);
  if (trees) o += treeLine(W, hz + 40, 9, seed, W / 1500);
  o += dayGround(ctx, W, H, gy);
  return o;
}
function logStack(x, y, n = 4, r = 18) {
  let o = "";
  for (let row = 0; row < n; row++) for (let c = 0; c < n - row + 1; c++) {
    const cx = x + c * r * 2.1 + row * r;
    const cy = y - r - row * r * 1.8;
    o += circ(cx, cy, r, mix(P.a1, P.s1, 0.4)) + circ(cx, cy, r * 0.45, "none", { s: mix(P.a2, P.s1, 0.45), m: 0.5 });
  }
  return o;
}
function gear(cx, cy, r, n, c, { hole = 0.35, m = 1 } = {}) {
  let d = "";
  for (let i = 0; i < n * 2; i++) {
    const a0 = (TAU * i) / (n * 2);
    const a1 = (TAU * (i + 1)) / (n * 2);
    const rr = i % 2 ? r * 0.8 : r;
    d += `${i ? "L" : "M"}${f(cx + Math.cos(a0 + 0.06) * rr)} ${f(cy + Math.sin(a0 + 0.06) * rr)} L${f(cx + Math.cos(a1 - 0.06) * rr)} ${f(cy + Math.sin(a1 - 0.06) * rr)} `;
  }
  return path(d + "Z", c, { m }) + circ(cx, cy, r * hole, P.w, { m });
}
const frameOf = (ctx) => ({ t: 0, defs: ctx.defs });

// ---------------------------------------------------------------- products (light studio)
const product = (draw) => scene(1200, 900, (ctx, defs) => studio(ctx, 1200, 900, 700) + draw(ctx, defs));

const products = {
  "conveyor-belt": product((ctx) =>
    shadow(600, 742, 420, 26) +
    at(250, 610, 1, () => poly([[-70, -120], [40, -120], [20, -40], [-20, -40]], P.s2) ) +
    at(220, 620, 1, () => conveyor(ctx, { len: 760, angle: -16, bh: 26, ground: 120, n: 10, k: 1, itemScale: 1.5, seed: 3 })) +
    at(220, 620, 1, () => box(-40, 100, 80, 20, P.s1))),
  "trommel-screening": product((ctx) =>
    shadow(600, 742, 440, 26) + at(320, 430, 1, () => trommel(ctx, { len: 560, r: 110, tilt: 5, ground: 310, c: P.l1 })) +
    at(930, 742, 1, () => mound({ w: 180, h: 60, c: FLUFF_BASE, cols: FLUFF, seed: 2 })) +
    at(600, 742, 1, () => mound({ w: 150, h: 40, c: SOIL, seed: 5 }))),
  "sorting-table": product((ctx) => shadow(620, 742, 420, 26) + at(560, 742, 1.1, () => sortingTable(ctx))),
  shredder: product((ctx) => shadow(620, 742, 360, 26) + at(560, 742, 1.35, () => shredder(ctx, { c: P.l1 }))),
  "magnetic-separator": product((ctx) => {
    let o = shadow(600, 742, 440, 26);
    // gantry
    o += rect(250, 250, 14, 492, P.s1) + rect(930, 250, 14, 492, P.s1) + rect(230, 236, 740, 22, P.g1);
    o += at(600, 258, 1.3, () => magnetUnit(ctx, { w: 300, c: P.a1 }));
    o += at(160, 560, 1, () => conveyor(ctx, { len: 820, angle: 0, bh: 26, ground: 182, n: 9, k: 1, itemScale: 1.5, seed: 8, c: P.l1 }));
    // ferrous bits discharged into bin at right
    o += box(1000, 600, 130, 142, P.s1, { side: 0.25 });
    for (let i = 0; i < 6; i++) o += rect(1020 + i * 16, 590 - (i % 2) * 8, 14, 10, P.s2, { m: 0.5 });
    for (let i = 0; i < 4; i++) o += rect(470 + i * 70, 440, 16, 8, P.s2, { m: 0.5 });
    return o;
  }),
  thermolyzer: product((ctx, defs) => shadow(620, 742, 470, 26) + at(640, 742, 1, () => thermolyzer(ctx, defs))),
  "uv-sanitization-chamber": product((ctx, defs) => shadow(600, 742, 460, 26) + at(600, 742, 1.1, () => uvChamber(ctx, defs))),
  "air-separator": product((ctx, defs) => shadow(600, 742, 430, 26) + at(640, 742, 1.05, () => airSeparator(ctx, defs))),
};

// ---------------------------------------------------------------- gallery
const G = (draw) => scene(1200, 900, draw);
const gallery = {
  "01": G((ctx) => {
    let o = interior(ctx, 1200, 900, 620);
    o += shadow(300, 710, 220, 18) + at(280, 700, 0.95, () => shredder(ctx, { c: P.l1 }));
    o += at(420, 640, 1, () => conveyor(ctx, { len: 430, angle: -22, bh: 22, ground: 60, n: 8, k: 1, itemScale: 1.2, seed: 5 }));
    // fluff bunker + pile
    o += box(780, 420, 360, 30, P.g1) + line(800, 450, 800, 720, P.s1, 2) + line(1120, 450, 1120, 720, P.s1, 2);
    o += at(960, 800, 1, () => mound({ w: 560, h: 200, c: FLUFF_BASE, cols: FLUFF, bits: 260, seed: 8 }));
    return o;
  }),
  "02": G((ctx, defs) => {
    let o = outdoor(ctx, 1200, 900, 560, 720, 3);
    o += at(940, 730, 0.8, () => hall({ w: 300, h: 200, c: mix(P.s2, P.w, 0.35), rc: P.g1 }));
    o += shadow(500, 772, 200, 18) + at(480, 770, 1.2, () => gasifier(ctx, defs));
    o += at(790, 760, 1.1, () => cyclone({ w: 90, h: 260 }));
    o += path("M668 270 L790 270 L790 440", "none", { s: P.k, m: 9 }) + path("M668 270 L790 270 L790 440", "none", { s: P.a2, m: 7 });
    o += at(180, 780, 1, () => mound({ w: 260, h: 90, c: FLUFF_BASE, cols: FLUFF, seed: 3 }));
    return o;
  }),
  "03": G((ctx) => {
    let o = interior(ctx, 1200, 900, 600);
    // overhead crane
    o += rect(0, 210, 1200, 26, P.a1) + line(700, 236, 700, 330, P.s1, 1.2) + path("M692 330 h16 v14 a10 10 0 1 1 -16 6", "none", { s: P.s1, m: 1.4 });
    o += shadow(620, 760, 330, 20) + at(320, 760, 1.12, () => steamTurbine(ctx, { c: P.l1, gen: P.g1 }));
    // condensate pipes (low water loop)
    o += path("M360 540 L360 480 L160 480 L160 760", "none", { s: P.k, m: 7 }) + path("M360 540 L360 480 L160 480 L160 760", "none", { s: P.l2, m: 5 });
    return o;
  }),
  "04": G((ctx, defs) => {
    let o = outdoor(ctx, 1200, 900, 520, 700, 5);
    o += at(520, 600, 1, () => glowHalo(ctx, defs, 200, { k: 1, o: 0.3 }));
    o += shadow(540, 772, 260, 20) + at(520, 770, 1.35, () => kiln(ctx, defs, { w: 330, h: 240 }));
    o += at(520 + 165 * 0.45 * 1.35 + 22, 770 - 252 * 1.35, 1, () => puffs(ctx, { n: 6, rise: 260, r: 22, drift: 120, k: 1, c: mix(P.s2, P.w, 0.3), o: 0.7, seed: 3 }));
    o += at(960, 830, 1, () => charcoalHeap({ w: 320, h: 140, seed: 9, r: 16 }));
    o += logStack(80, 820, 4, 20);
    return o;
  }),
  "05": G((ctx) => {
    const R = rng(17);
    let o = rect(0, 0, 1200, 900, lin(ctx.defs, [[0, P.w], [1, mix(P.s2, P.w, 0.55)]]), { s: null });
    o += circ(250, 150, 600, rad(ctx.defs, [[0, mix(P.a1, P.w, 0.7), 0.6], [1, P.w, 0]]), { s: null });
    o += rect(0, 640, 1200, 260, mix(P.g1, P.w, 0.25), { s: null }) + rect(0, 640, 1200, 12, lt(P.g1, 0.45), { s: null });
    o += at(380, 820, 1, () => charcoalHeap({ w: 620, h: 300, seed: 4, r: 34 }));
    const bq = [];
    for (let row = 0; row < 3; row++) for (let c = 0; c < 4 - (row ? 1 : 0); c++) bq.push([820 + c * 100 + row * 50, 770 - row * 58]);
    for (const [x, y] of bq) o += briquette(x, y, 46, R);
    for (let i = 0; i < 5; i++) o += lump(720 + i * 90, 860 - (i % 2) * 10, 26, R);
    return o;
  }),
  "06": G((ctx) => {
    let o = daySky(ctx, 1200, 900, 380);
    o += dayHills(ctx, 1200, 380, 7) + treeLine(1200, 420, 10, 7, 0.7);
    o += at(0, 430, 1, () => cropField({ w: 1200, h: 470, rows: 18, vx: 0.55, soil: SOIL, crop: P.l1 }));
    // biochar bands spread between rows in the foreground
    const R = rng(4);
    for (let i = 0; i < 240; i++) {
      const y = 560 + Math.pow(R(), 0.7) * 340;
      const x = R() * 1200;
      o += lump(x, y, 2 + (y - 540) / 40, R);
    }
    o += at(210, 760, 1, () => sack({ h: 170 })) + at(330, 800, 1, () => sack({ h: 150 }));
    o += at(1000, 840, 1, () => mound({ w: 240, h: 80, c: COAL, bitC: P.s1, seed: 6 }));
    return o;
  }),
  "07": G((ctx) => {
    let o = outdoor(ctx, 1200, 900, 500, 700, 9);
    o += shadow(600, 782, 460, 24) + at(250, 470, 1, () => trommel(ctx, { len: 640, r: 110, tilt: 5, ground: 310, c: P.l1 }));
    o += at(980, 800, 1, () => mound({ w: 260, h: 90, c: FLUFF_BASE, cols: FLUFF, seed: 11 }));
    o += at(640, 805, 1, () => mound({ w: 200, h: 50, c: SOIL, seed: 3 }));
    return o;
  }),
  "08": G((ctx, defs) => {
    let o = interior(ctx, 1200, 900, 580);
    o += shadow(600, 752, 460, 22) + at(620, 750, 1.08, () => uvChamber(ctx, defs));
    for (const [x, c] of [[70, P.a1], [150, P.a2]]) o += at(x, 820, 1, () => medBin({ c, h: 120 }));
    o += at(1130, 830, 1, () => medBin({ c: P.a1, h: 110 }));
    return o;
  }),
};

// ---------------------------------------------------------------- solutions
const S = (draw) => scene(1200, 900, draw);
const solutions = {
  "electricity-rdf-fluff": S((ctx) => {
    let o = interior(ctx, 1200, 900, 560);
    o += at(80, 560, 1, () => conveyor(ctx, { len: 620, angle: -14, bh: 22, ground: 80, n: 10, k: 1, items: true, seed: 12, itemScale: 1.1 }));
    // falling fluff from head pulley
    const R = rng(3);
    for (let i = 0; i < 16; i++) o += path(`M${f(690 + R() * 40)} ${f(430 + i * 16)} c4 -4 8 4 12 0`, "none", { s: FLUFF[i % FLUFF.length], m: 1.3 });
    o += at(720, 860, 1, () => mound({ w: 820, h: 260, c: FLUFF_BASE, cols: FLUFF, bits: 420, seed: 5 }));
    o += at(170, 850, 1, () => wheelieBin({ c: P.l1 })) + at(260, 860, 1, () => wheelieBin({ c: P.g1 }));
    return o;
  }),
  "electricity-gasification": S((ctx, defs) => {
    let o = outdoor(ctx, 1200, 900, 520, 720, 13);
    o += at(300, 780, 1.05, () => gasifier(ctx, defs)) + at(620, 780, 1.05, () => gasifier(ctx, defs, { c: mix(P.s2, P.w, 0.2) }));
    o += at(920, 780, 0.9, () => hall({ w: 260, h: 180, c: P.g1, rc: P.s1, win: P.a1 }));
    o += at(1000, 600, 1, () => stack({ w: 34, h: 330 })) + at(1000, 270, 1, () => puffs(ctx, { n: 6, rise: 180, r: 14, drift: 60, c: P.w, o: 0.7 }));
    o += path("M460 350 L560 350 M780 350 L900 350 L900 610", "none", { s: P.k, m: 8 }) + path("M460 350 L560 350 M780 350 L900 350 L900 610", "none", { s: P.a2, m: 6 });
    return o;
  }),
  "electricity-steam-turbine": S((ctx) => {
    let o = outdoor(ctx, 1200, 900, 560, 700, 6);
    o += at(420, 720, 1, () => stack({ w: 46, h: 460 })) + at(420, 260, 1, () => puffs(ctx, { n: 6, rise: 220, r: 20, drift: 90, c: P.w, o: 0.8, seed: 2 }));
    o += at(240, 760, 1, () => hall({ w: 460, h: 240, c: mix(P.s2, P.w, 0.35), rc: P.g1 }));
    o += at(330, 640, 1, () => fan(ctx, { r: 36 })) + at(430, 640, 1, () => fan(ctx, { r: 36 }));
    o += at(760, 760, 0.9, () => aircooler(ctx, { w: 300, h: 190 }));
    o += at(1110, 800, 1, () => pylon({ h: 330, c: P.s1 }));
    for (const [ax, ay] of pylonArms(330).slice(0, 2)) o += wire(700, 560, 1110 + ax, 800 + ay, 16, P.s1, 0.6);
    return o;
  }),
  "charcoal-feedstock": S((ctx) => {
    let o = outdoor(ctx, 1200, 900, 500, 660, 15);
    o += at(330, 790, 1.3, () => branchPile({ w: 420, seed: 2 }));
    o += logStack(640, 800, 4, 26);
    o += at(980, 820, 1, () => mound({ w: 300, h: 110, c: STRAW, seed: 9 }));
    o += at(260, 880, 1, () => mound({ w: 340, h: 70, c: mix(P.a1, P.s1, 0.45), seed: 4 }));
    return o;
  }),
  "charcoal-kiln": S((ctx, defs) => {
    let o = outdoor(ctx, 1200, 900, 520, 680, 17);
    o += at(340, 790, 1.2, () => retort(ctx, defs)) + at(840, 800, 1.2, () => retort(ctx, defs, { c: mix(P.s1, P.g1, 0.3) }));
    o += at(340 + 135 * 1.2 + 14, 790 - 300 * 1.2, 1, () => puffs(ctx, { n: 6, rise: 220, r: 18, drift: 90, c: mix(P.s2, P.w, 0.3), o: 0.7, seed: 8 }));
    o += at(840 + 135 * 1.2 + 14, 800 - 300 * 1.2, 1, () => puffs(ctx, { n: 6, rise: 220, r: 18, drift: 90, c: mix(P.s2, P.w, 0.3), o: 0.7, seed: 4 }));
    o += at(600, 880, 1, () => charcoalHeap({ w: 300, h: 90, seed: 2, r: 14 }));
    return o;
  }),
  "charcoal-product": S((ctx) => {
    const R = rng(23);
    let o = rect(0, 0, 1200, 900, lin(ctx.defs, [[0, mix(P.l2, P.w, 0.6)], [1, P.w]]), { s: null });
    o += rect(0, 620, 1200, 280, mix(P.s2, P.w, 0.45), { s: null });
    for (const [x, h] of [[200, 300], [400, 330], [300, 260]]) o += at(x, 760 + (x === 300 ? 60 : 0), 1, () => sack({ h }));
    o += at(820, 820, 1, () => charcoalHeap({ w: 520, h: 240, seed: 6, r: 30 }));
    for (let i = 0; i < 6; i++) o += briquette(560 + i * 95, 860, 34, R);
    return o;
  }),
  "biochar-agro-waste": S((ctx) => {
    let o = daySky(ctx, 1200, 900, 420) + dayHills(ctx, 1200, 420, 19);
    o += at(0, 470, 1, () => cropField({ w: 1200, h: 430, rows: 18, vx: 0.4, soil: mix(STRAW, SOIL, 0.35), crop: STRAW }));
    o += at(230, 800, 1.3, () => roundBale({ r: 90 })) + at(520, 700, 1, () => roundBale({ r: 70 }));
    o += at(700, 840, 1.2, () => bale({ w: 180, h: 90 })) + at(760, 750, 1.2, () => bale({ w: 180, h: 90 }));
    o += at(1020, 860, 1, () => mound({ w: 300, h: 120, c: mix(P.a1, P.w, 0.2), seed: 12 }));
    return o;
  }),
  "biochar-kiln": S((ctx, defs) => {
    let o = outdoor(ctx, 1200, 900, 480, 660, 21);
    o += shadow(560, 782, 260, 18) + at(520, 780, 1.3, () => biocharUnit(ctx, defs));
    o += at(80, 840, 1, () => bale({ w: 160, h: 80 })) + at(90, 760, 1, () => bale({ w: 140, h: 80 }));
    return o;
  }),
  "biochar-field": S((ctx) => {
    let o = daySky(ctx, 1200, 900, 330) + dayHills(ctx, 1200, 330, 23) + treeLine(1200, 360, 10, 5, 0.6);
    o += at(0, 370, 1, () => cropField({ w: 1200, h: 250, rows: 20, vx: 0.5 }));
    o += rect(0, 600, 1200, 14, GRASS, { s: null });
    o += at(0, 612, 1, () => soilSection({ w: 1200, h: 288, seed: 9 }));
    // young plants on the cut face
    for (let x = 60; x < 1200; x += 120) o += path(`M${x} 612 L${x} 560 M${x} 580 c-20 -10 -26 -26 -22 -34 c14 4 22 18 22 34 M${x} 570 c18 -12 28 -26 26 -34 c-16 4 -24 18 -26 34`, P.l1, { m: 0.9 });
    return o;
  }),
};

// ---------------------------------------------------------------- services (1200×800)
const SV = (draw) => scene(1200, 800, draw);
const services = {
  msw: SV((ctx) => {
    let o = outdoor(ctx, 1200, 800, 440, 600, 25);
    o += at(560, 600, 0.8, () => hall({ w: 600, h: 220, c: mix(P.s2, P.w, 0.35), rc: P.g1 }));
    o += rect(0, 640, 1200, 100, mix(P.s2, P.w, 0.3), { s: null }) + line(0, 690, 1200, 690, P.w, 1.5);
    o += shadow(420, 708, 260, 14) + at(180, 700, 1.05, () => truck({ c: P.g1 }));
    const cols = [P.l1, P.g1, P.a1, P.s1, P.l1];
    for (let i = 0; i < 5; i++) o += at(760 + i * 90, 760 + (i % 2) * 10, 1, () => wheelieBin({ c: cols[i], h: 120 }));
    return o;
  }),
  horticulture: SV((ctx) => {
    let o = outdoor(ctx, 1200, 800, 420, 580, 27);
    for (const [x, s] of [[120, 1.6], [1080, 1.8], [960, 1.3]]) o += at(x, 640, s, () => tree({ c: P.l1 }));
    o += at(420, 720, 1.2, () => branchPile({ w: 420, seed: 7 }));
    o += at(840, 730, 1.05, () => woodChipper(ctx));
    o += at(1020, 760, 1, () => mound({ w: 220, h: 60, c: mix(P.a1, P.s1, 0.4), seed: 2 }));
    return o;
  }),
  agro: SV((ctx) => {
    let o = daySky(ctx, 1200, 800, 380) + dayHills(ctx, 1200, 380, 29);
    o += at(0, 420, 1, () => cropField({ w: 1200, h: 380, rows: 16, vx: 0.6, soil: mix(STRAW, SOIL, 0.3), crop: STRAW }));
    o += at(260, 740, 1.2, () => bale({ w: 190, h: 95 })) + at(320, 650, 1.2, () => bale({ w: 190, h: 95 }));
    o += at(680, 700, 1, () => roundBale({ r: 80 })) + at(900, 620, 0.8, () => roundBale({ r: 80 }));
    o += at(980, 780, 1, () => mound({ w: 280, h: 90, c: mix(P.a1, P.w, 0.25), seed: 5 }));
    return o;
  }),
  hospital: SV((ctx, defs) => {
    let o = interior(ctx, 1200, 800, 520);
    o += shadow(760, 682, 300, 16) + at(780, 680, 0.8, () => uvChamber(ctx, defs, { w: 480 }));
    const cols = [P.a1, P.a2, P.a1, P.a2];
    for (let i = 0; i < 4; i++) o += at(90 + i * 100, 720 - (i % 2) * 14, 1, () => medBin({ c: cols[i], h: 130 }));
    return o;
  }),
};

// ---------------------------------------------------------------- about / overview / recycle
const about = scene(1600, 1200, (ctx, defs) => {
  let o = outdoor(ctx, 1600, 1200, 640, 860, 31);
  o += at(1300, 700, 1, () => stack({ w: 52, h: 520 })) + at(1300, 180, 1, () => puffs(ctx, { n: 6, rise: 160, r: 22, drift: 100, c: P.w, o: 0.8 }));
  o += at(820, 900, 1.1, () => hall({ w: 640, h: 280, c: mix(P.s2, P.w, 0.35), rc: P.g1 }));
  o += at(960, 744, 1, () => fan(ctx, { r: 40 })) + at(1070, 744, 1, () => fan(ctx, { r: 40 }));
  o += at(560, 920, 0.95, () => gasifier(ctx, defs));
  o += at(200, 930, 0.9, () => kiln(ctx, defs, { w: 300, h: 220 }));
  o += rect(0, 980, 1600, 80, mix(P.s2, P.w, 0.35), { s: null });
  o += at(900, 1120, 0.9, () => truck({}));
  for (const x of [80, 420, 1480]) o += at(x, 1170, 1.6, () => tree({ c: x > 1000 ? P.l1 : mix(P.l1, P.g1, 0.2) }));
  o += at(1260, 1180, 1, () => bush()) + at(640, 1190, 1.2, () => bush(P.l2));
  return o;
});

const overview = scene(1600, 1200, (ctx, defs) => {
  // waste in → plant → three products
  let o = rect(0, 0, 1600, 1200, P.w, { s: null });
  o += circ(800, 560, 560, mix(P.l2, P.w, 0.72), { s: null });
  o += circ(800, 560, 400, mix(P.l2, P.w, 0.55), { s: null });
  // central plant
  o += at(800, 420, 1, () => stack({ w: 44, h: 300 }));
  o += at(800, 120, 1, () => puffs(ctx, { n: 5, rise: 100, r: 16, drift: 60, c: mix(P.s2, P.w, 0.4), o: 0.8 }));
  o += at(620, 640, 0.8, () => hall({ w: 450, h: 220, c: P.g1, rc: P.s1, win: P.a1 }));
  // flow arrows
  const arrow = (d) => path(d, "none", { s: P.a2, m: 4 });
  o += arrow("M330 700 C430 700 470 640 560 620") + poly([[560, 604], [586, 616], [562, 636]], P.a2, { s: null });
  o += arrow("M1000 560 C1120 460 1180 400 1230 360") + poly([[1220, 344], [1248, 342], [1238, 368]], P.a2, { s: null });
  o += arrow("M1010 640 C1120 660 1160 700 1200 720") + poly([[1190, 704], [1218, 728], [1190, 738]], P.a2, { s: null });
  o += arrow("M800 700 C820 800 820 840 820 900") + poly([[806, 894], [834, 894], [820, 920]], P.a2, { s: null });
  // waste input: truck + bins
  o += at(70, 780, 0.6, () => truck({}));
  o += at(120, 880, 0.8, () => wheelieBin({})) + at(200, 880, 0.8, () => wheelieBin({ c: P.g1 })) + at(280, 880, 0.8, () => medBin({}));
  o += at(160, 1000, 0.8, () => bale({ w: 150, h: 70 })) + at(340, 1000, 0.7, () => branchPile({ w: 200 }));
  // electricity: pylon
  o += at(1330, 420, 0.9, () => pylon({ h: 330, c: P.s1 }));
  o += path("M1400 120 l-30 60 h30 l-30 60", "none", { s: P.a1, m: 4 });
  // charcoal heap
  o += at(1360, 830, 1, () => charcoalHeap({ w: 280, h: 120, seed: 5 }));
  // biochar field
  o += at(620, 960, 1, () => soilSection({ w: 400, h: 160, seed: 2 }));
  for (let x = 650; x < 1020; x += 60) o += path(`M${x} 960 L${x} 920 M${x} 934 c-14 -8 -18 -18 -16 -24 c10 2 16 12 16 24 M${x} 926 c12 -8 20 -18 18 -24 c-12 2 -18 12 -18 24`, P.l1, { m: 0.8 });
  return o;
});

const recycle = scene(1600, 900, (ctx) => {
  let o = rect(0, 0, 1600, 900, lin(ctx.defs, [[0, mix(P.l2, P.w, 0.65)], [1, P.w]]), { s: null });
  o += rect(0, 690, 1600, 210, mix(P.s2, P.w, 0.5), { s: null });
  o += circ(800, 360, 280, P.w, { s: null });
  o += at(800, 360, 1, () => recycleSymbol({ r: 190, c: P.l1, w: 60 }));
  o += shadow(230, 792, 170, 16) + at(70, 790, 1, () => recBale("plastic", { w: 300, h: 220, seed: 1 }));
  o += at(100, 570, 1, () => recBale("plastic", { w: 240, h: 180, seed: 7 }));
  o += shadow(540, 862, 150, 12) + at(410, 860, 1, () => recBale("paper", { w: 250, h: 190, seed: 2 }));
  o += shadow(1070, 862, 150, 12) + at(940, 860, 1, () => recBale("metal", { w: 250, h: 190, seed: 3 }));
  o += shadow(1390, 792, 170, 16) + at(1230, 790, 1, () => recBale("cans", { w: 300, h: 220, seed: 4 }));
  o += at(1260, 570, 1, () => recBale("metal", { w: 240, h: 180, seed: 8 }));
  // glass: bottles + cullet
  const R = rng(5);
  o += at(800, 890, 1, () => mound({ w: 300, h: 60, c: mix(P.l2, P.w, 0.3), bitC: P.l1, seed: 14 }));
  for (let i = 0; i < 5; i++) o += at(700 + i * 50, 860 - (i % 2) * 14, 1.4, () => bottle([P.l1, P.g1, P.w, P.a1, P.l2][i], 70 + R() * 30));
  return o;
});

// ---------------------------------------------------------------- why-choose-us spots (480×480, transparent)
const spot = (draw) => scene(480, 480, (ctx) => circ(240, 250, 200, mix(P.l2, P.w, 0.72), { s: null }) + draw(ctx), { lw: 4 });
const spots = {
  innovation: spot(() => {
    let o = gear(330, 310, 80, 10, P.s2);
    o += path("M240 90 C160 90 120 150 128 200 C134 250 176 270 184 310 L296 310 C304 270 346 250 352 200 C360 150 320 90 240 90 Z", P.a1);
    o += path("M300 120 C340 150 348 200 330 240 C316 270 300 280 296 310 L260 310 C270 250 320 200 300 120 Z", P.a2, { s: null, o: 0.5 });
    o += path("M240 90 C160 90 120 150 128 200 C134 250 176 270 184 310 L296 310 C304 270 346 250 352 200 C360 150 320 90 240 90 Z");
    o += path("M160 170 C166 140 186 122 210 116", "none", { s: P.w, m: 1.6 });
    o += path("M214 310 L214 230 C214 210 240 210 240 230 C240 210 266 210 266 230 L266 310", "none", { s: P.g1, m: 1.2 });
    o += rect(186, 310, 108, 30, P.s2) + rect(190, 340, 100, 26, P.s1) + rect(208, 366, 64, 20, P.g1, { rx: 8 });
    for (const [x1, y1, x2, y2] of [[240, 40, 240, 64], [120, 80, 136, 98], [360, 80, 344, 98], [70, 190, 96, 190], [384, 190, 410, 190]]) o += line(x1, y1, x2, y2, P.a2, 1.2);
    return o;
  }),
  integrity: spot(() => {
    let o = path("M120 360 C80 260 130 130 330 90 C360 220 320 340 160 380 Z", P.l1);
    o += path("M330 90 C360 220 320 340 160 380 C250 320 300 220 330 90 Z", dk(P.l1, 0.2), { s: null });
    o += path("M120 360 C80 260 130 130 330 90 C360 220 320 340 160 380 Z");
    o += path("M100 410 C160 300 220 220 300 130", "none", { s: P.g1, m: 1.4 });
    for (const [a, b, c, d] of [[170, 300, 140, 250], [205, 255, 170, 200], [240, 205, 220, 160], [200, 270, 260, 280], [240, 220, 290, 220]]) o += line(a, b, c, d, P.g1, 1);
    o += path("M350 250 C350 250 300 320 300 350 C300 380 322 400 350 400 C378 400 400 380 400 350 C400 320 350 250 350 250 Z", mix(P.l2, P.w, 0.2));
    o += path("M320 350 C320 332 330 318 338 308", "none", { s: P.w, m: 1.4 });
    return o;
  }),
  economic: spot(() => {
    let o = line(80, 380, 400, 380, P.g1, 1.4);
    const bars = [[100, 300], [170, 250], [240, 190], [310, 120]];
    bars.forEach(([x, y], i) => (o += box(x, y, 56, 380 - y, [P.l2, P.l1, P.g1, P.l1][i], { side: 0.3 })));
    o += path("M90 260 L180 200 L240 160 L330 80", "none", { s: P.a2, m: 1.6 }) + poly([[318, 68], [350, 64], [340, 96]], P.a2, { m: 0.8 });
    // coins
    for (let i = 0; i < 3; i++) o += ell(380, 400 - i * 22, 56, 18, P.a1);
    o += ell(380, 356, 56, 18, lt(P.a1, 0.3)) + ell(380, 356, 30, 9, "none", { s: P.a2, m: 1 });
    return o;
  }),
  tailored: spot(() => {
    // blueprint sheet
    let o = `<g transform="rotate(-8 240 240)">` + rect(90, 110, 300, 260, P.g1, { rx: 10 });
    for (let x = 110; x < 380; x += 30) o += line(x, 120, x, 360, lt(P.g1, 0.2), 0.4);
    for (let y = 130; y < 370; y += 30) o += line(100, y, 380, y, lt(P.g1, 0.2), 0.4);
    o += path("M130 320 L130 200 L230 150 L330 200 L330 320 Z", "none", { s: P.w, m: 1 }) + rect(210, 250, 40, 70, "none", { s: P.w, m: 0.8 });
    o += "</g>";
    // puzzle pieces
    const piece = (x, y, c, rot = 0) =>
      `<g transform="translate(${x} ${y}) rotate(${rot})">${path("M0 0 H34 C30 -22 60 -22 56 0 H90 V34 C112 30 112 60 90 56 V90 H56 C60 68 30 68 34 90 H0 V56 C22 60 22 30 0 34 Z", c)}${path("M6 6 H30", "none", { s: lt(c, 0.5), m: 1 })}</g>`;
    o += piece(250, 250, P.a1, 6) + piece(120, 270, P.l1, -4);
    return o;
  }),
};

// ---------------------------------------------------------------- manifest
const list = [];
const add = (p, w, h, draw) => list.push({ path: p, w, h, draw });
add("content/about/about.jpg", 1600, 1200, about);
add("content/overview/overview.jpg", 1600, 1200, overview);
for (const [n, d] of Object.entries(services)) add(`content/services/${n}.jpg`, 1200, 800, d);
for (const [n, d] of Object.entries(spots)) add(`content/why-choose-us/${n}.png`, 480, 480, d);
add("content/recycle/recycle-materials.jpg", 1600, 900, recycle);
for (const [n, d] of Object.entries(gallery)) add(`content/gallery/gallery-${n}.jpg`, 1200, 900, d);
for (const [n, d] of Object.entries(products)) add(`content/products/${n}.jpg`, 1200, 900, d);
for (const [n, d] of Object.entries(solutions)) add(`content/solutions/images/${n}.jpg`, 1200, 900, d);
export const stills = list;
