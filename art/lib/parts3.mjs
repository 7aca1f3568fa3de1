// Farm, storage and plant-hall components used by the "on site" and close-up scenes.
// Same conventions as parts.mjs: local coordinates, ground at y = 0, light from the upper left
// (shade on the right-hand faces), placed with at(x, y, scale, () => part(...)).
import { P, mix, rng, rect, circ, ell, path, poly, line, lin, rad, f, wave, frac, spin, TAU, at } from "./core.mjs";
import { box, vcyl, hcyl, dk, lt, fan, bale, roundBale, tree, STRAW, COAL, SOIL } from "./parts.mjs";

export const WOOD = mix(P.a1, P.s1, 0.4);
export const BARN = mix(P.a2, P.g2, 0.38);

function wheel(cx, cy, r, { hub = P.a1, k = 0, t = 0 } = {}) {
  let o = circ(cx, cy, r, P.k);
  o += circ(cx, cy, r * 0.62, P.s1, { m: 0.6 });
  o += circ(cx, cy, r * 0.48, hub, { m: 0.6 });
  o += circ(cx, cy, r * 0.14, dk(hub, 0.3), { s: null });
  // tread lugs
  const a0 = k ? spin(t, k) : 0;
  for (let i = 0; i < 12; i++) {
    const a = ((a0 + i * 30) * Math.PI) / 180;
    o += line(cx + Math.cos(a) * r * 0.82, cy + Math.sin(a) * r * 0.82, cx + Math.cos(a + 0.12) * r * 0.98, cy + Math.sin(a + 0.12) * r * 0.98, mix(P.k, P.s1, 0.5), 0.6);
  }
  o += path(`M${f(cx - r * 0.7)} ${f(cy - r * 0.45)} A${f(r * 0.82)} ${f(r * 0.82)} 0 0 1 ${f(cx - r * 0.1)} ${f(cy - r * 0.82)}`, "none", { s: mix(P.k, P.s2, 0.4), m: 0.7 });
  return o;
}

/** farm tractor facing left, ~250 wide. loader: front-loader arms + bucket (load = straw in it). */
export function tractor(ctx, { c = P.l1, loader = false, load = STRAW, lift = 0 } = {}) {
  let o = "";
  // chassis
  o += rect(10, -78, 190, 22, dk(c, 0.45));
  // hood (engine) with grille
  o += box(0, -128, 128, 56, c, { rx: 8, side: 0.18 });
  o += rect(-6, -122, 14, 46, P.s1, { rx: 3 });
  for (let y = -116; y < -80; y += 8) o += line(-3, y, 5, y, P.k, 0.4);
  o += rect(-8, -98, 10, 10, lt(P.a1, 0.3), { m: 0.6 });
  // exhaust
  o += vcyl(54, -184, 10, 58, P.s1, { top: false }) + rect(52, -190, 14, 8, P.k, { s: null });
  // cab
  o += rect(108, -238, 118, 12, dk(c, 0.35), { rx: 4 });
  o += rect(118, -226, 96, 96, lt(P.l2, 0.55), { o: 0.75 });
  o += poly([[140, -226], [176, -226], [150, -132], [124, -132]], P.w, { s: null, o: 0.45 });
  o += rect(112, -226, 10, 150, c) + rect(210, -226, 10, 150, dk(c, 0.2));
  o += box(112, -132, 108, 56, c, { side: 0.2 });
  o += rect(150, -184, 8, 32, P.k, { s: null, o: 0.75 }) + circ(154, -190, 8, P.k, { s: null, o: 0.75 }); // driver silhouette
  // rear mudguard + wheels
  o += path("M128 -76 C128 -150 240 -150 240 -76 Z", dk(c, 0.2));
  o += wheel(34, -36, 36, { t: ctx.t }) + wheel(184, -62, 62, { t: ctx.t });
  // hitch
  o += rect(236, -52, 30, 10, P.s1);
  if (loader) {
    const ly = -lift;
    // loader arms pivot at the cab front pillar down to the bucket ahead of the bonnet
    o += path(`M122 -170 L40 -140 L-58 ${-84 + ly}`, "none", { s: P.k, m: 6 });
    o += path(`M122 -170 L40 -140 L-58 ${-84 + ly}`, "none", { s: P.a1, m: 4 });
    o += line(90, -110, 30, -135, P.s1, 2.2);
    // bucket with straw heaped in it
    const by = -84 + ly;
    o += path(`M${-150} ${by - 50} C${-120} ${by - 110} ${-40} ${by - 108} ${-22} ${by - 52} Z`, load);
    for (let i = 0; i < 14; i++) {
      const x = -140 + i * 8;
      o += line(x, by - 50, x + 10 - (i % 3) * 6, by - 70 - ((i * 7) % 30), dk(load, 0.25), 0.5);
    }
    o += path(`M-160 ${by - 52} L-20 ${by - 52} L-20 ${by + 6} L-150 ${by + 6} Z`, P.s2);
    o += rect(-60, by - 52, 40, 58, P.s1, { s: null });
    o += path(`M-160 ${by - 52} L-20 ${by - 52} L-20 ${by + 6} L-150 ${by + 6} Z`, "none");
    for (let x = -150; x < -24; x += 16) o += line(x, by + 6, x - 8, by + 18, P.s1, 1.1);
  }
  return o;
}

/** flat trailer with a drawbar to the left, loaded with square bales (rows × cols). ~360 wide */
export function baleTrailer({ w = 360, rows = 2, cols = 3 } = {}) {
  let o = "";
  o += line(-70, -50, 0, -60, P.s1, 2);
  o += rect(0, -74, w, 20, P.g1);
  o += rect(0, -60, w, 6, dk(P.g1, 0.3), { s: null });
  const bw = (w - 20) / cols;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols - (r % 2 ? 1 : 0); c++) {
    o += at(10 + c * bw + (r % 2 ? bw / 2 : 0), -74 - r * 62, 1, () => bale({ w: bw - 4, h: 62 }));
  }
  o += wheel(w * 0.42, -34, 34, {}) + wheel(w * 0.66, -34, 34, {});
  return o;
}

/** gambrel-roof barn, origin bottom-left, w wide */
export function barn({ w = 300, h = 160, c = BARN, roof = P.s1 } = {}) {
  let o = "";
  const rh = h * 0.55;
  const roofPts = [[-10, -h], [w * 0.14, -h - rh * 0.6], [w / 2, -h - rh], [w * 0.86, -h - rh * 0.6], [w + 10, -h]];
  o += box(0, -h, w, h, c, { side: 0.18 });
  for (let x = 14; x < w * 0.82; x += 14) o += line(x, -h + 4, x, -4, dk(c, 0.18), 0.4);
  o += poly(roofPts, roof);
  o += poly([[w / 2, -h - rh], [w * 0.86, -h - rh * 0.6], [w + 10, -h], [w / 2, -h]], dk(roof, 0.2), { s: null });
  o += poly(roofPts, "none");
  // gable trim + hay door
  o += rect(w / 2 - 26, -h - rh * 0.45, 52, 44, dk(c, 0.3), { m: 0.8 }) + line(w / 2 - 26, -h - rh * 0.45, w / 2 + 26, -h - rh * 0.45 + 44, P.w, 0.7) + line(w / 2 + 26, -h - rh * 0.45, w / 2 - 26, -h - rh * 0.45 + 44, P.w, 0.7);
  // big doors with cross bracing
  const dw = w * 0.34;
  const dx = w / 2 - dw / 2;
  o += rect(dx, -h * 0.72, dw, h * 0.72, dk(c, 0.12), { m: 0.9 });
  for (const x0 of [dx, dx + dw / 2]) {
    o += rect(x0, -h * 0.72, dw / 2, h * 0.72, "none", { s: P.w, m: 0.8 });
    o += line(x0, -h * 0.72, x0 + dw / 2, 0, P.w, 0.7) + line(x0 + dw / 2, -h * 0.72, x0, 0, P.w, 0.7);
  }
  return o;
}

/** farm silo: cylinder with domed cap, origin bottom-left */
export function silo({ w = 70, h = 240, c = mix(P.s2, P.w, 0.2) } = {}) {
  let o = vcyl(0, -h, w, h, c, { top: false });
  for (let y = -h + 30; y < -10; y += 34) o += line(0, y, w, y, dk(c, 0.2), 0.5);
  o += path(`M0 ${-h} C0 ${-h - w * 0.7} ${w} ${-h - w * 0.7} ${w} ${-h} Z`, P.g1);
  o += path(`M${w * 0.55} ${-h - w * 0.52} C${w * 0.85} ${-h - w * 0.4} ${w} ${-h - w * 0.2} ${w} ${-h} L${w * 0.6} ${-h} Z`, dk(P.g1, 0.25), { s: null });
  o += line(w + 6, -8, w + 6, -h + 10, P.s1, 0.7) + line(w + 16, -8, w + 16, -h + 10, P.s1, 0.7);
  for (let y = -20; y > -h + 10; y -= 16) o += line(w + 6, y, w + 16, y, P.s1, 0.5);
  return o;
}

/** post and rail fence from x0 to x1 at ground 0 */
export function fence(x0, x1, { h = 40, c = mix(WOOD, P.w, 0.2), step = 50 } = {}) {
  let o = line(x0, -h * 0.7, x1, -h * 0.7, c, 1) + line(x0, -h * 0.3, x1, -h * 0.3, c, 1);
  for (let x = x0; x <= x1; x += step) o += rect(x - 4, -h, 8, h, c, { m: 0.6 });
  return o;
}

/** loose straw heap with stalk texture, base centre */
export function strawHeap({ w = 500, h = 200, c = STRAW, seed = 3, n = 260 } = {}) {
  const R = rng(seed);
  const outline = `M${-w / 2} 0 C${-w * 0.42} ${-h * 0.7} ${-w * 0.2} ${-h * 1.08} ${w * 0.02} ${-h} C${w * 0.26} ${-h * 1.1} ${w * 0.44} ${-h * 0.6} ${w / 2} 0 Z`;
  let o = path(outline, c, { s: null });
  o += path(`M${w * 0.06} ${-h * 0.98} C${w * 0.28} ${-h * 1.02} ${w * 0.44} ${-h * 0.6} ${w / 2} 0 L${w * 0.12} 0 C${w * 0.22} ${-h * 0.4} ${w * 0.16} ${-h * 0.7} ${w * 0.06} ${-h * 0.98} Z`, dk(c, 0.14), { s: null });
  for (let i = 0; i < n; i++) {
    const x = (R() - 0.5) * w * 0.9;
    const top = -h * 0.95 * (1 - Math.pow((2 * x) / w, 2));
    const y = top * Math.pow(R(), 0.7) - 4;
    const a = (R() - 0.5) * 1.4;
    const L = 14 + R() * 22;
    const col = R() > 0.55 ? lt(c, 0.45) : dk(c, 0.28);
    o += line(x, y, x + Math.cos(a) * L, y + Math.sin(a) * L * 0.6, col, 0.45);
  }
  // stray stalks poking out of the outline
  for (let i = 0; i < 40; i++) {
    const x = (R() - 0.5) * w * 0.96;
    const top = -h * (1 - Math.pow((2 * x) / w, 2)) * 0.98;
    o += line(x, top + 6, x + (R() - 0.5) * 26, top - 8 - R() * 10, dk(c, 0.2), 0.45);
  }
  return o + path(outline, "none");
}

/** wooden pallet seen from the front, origin bottom-left */
export function pallet({ w = 260, c = WOOD } = {}) {
  let o = rect(0, -26, w, 10, c) + rect(0, -8, w, 8, dk(c, 0.1));
  for (const x of [0, w / 2 - 14, w - 28]) o += rect(x, -16, 28, 8, dk(c, 0.25));
  return o;
}

/** hand pallet truck facing left, forks at ground, ~230 wide */
export function palletTruck({ c = P.a1 } = {}) {
  let o = rect(-200, -16, 180, 10, P.s1);
  o += circ(-190, -6, 6, P.k) + box(-24, -54, 34, 50, c, { side: 0.3 });
  o += circ(0, -10, 12, P.k) + circ(0, -10, 5, P.s2, { s: null });
  o += line(0, -54, 44, -170, P.k, 2.2) + line(0, -54, 44, -170, c, 1.4);
  o += rect(30, -184, 40, 14, P.k, { rx: 7 });
  return o;
}

/** timber shed bay: back wall planks and roof trusses across the frame, origin top-left */
export function shedInterior(ctx, W, H, floor, { door = [60, 320] } = {}) {
  const { defs } = ctx;
  let o = rect(0, 0, W, floor, mix(WOOD, P.w, 0.35), { s: null });
  for (let x = 0; x < W; x += 34) o += line(x, 110, x, floor, dk(mix(WOOD, P.w, 0.35), 0.15), 0.5);
  // open door with daylight, yard and sky outside
  const [dx, dw] = door;
  o += rect(dx, 190, dw, floor - 190, lin(defs, [[0, mix(P.l2, P.w, 0.55)], [0.6, P.w], [0.61, mix(P.l1, P.w, 0.35)], [1, mix(P.l1, P.w, 0.2)]]), { m: 1 });
  o += path(`M${dx} ${floor - (floor - 190) * 0.39} C${dx + dw * 0.3} ${floor - (floor - 190) * 0.55} ${dx + dw * 0.6} ${floor - (floor - 190) * 0.5} ${dx + dw} ${floor - (floor - 190) * 0.45} L${dx + dw} ${floor} L${dx} ${floor} Z`, mix(P.l2, P.w, 0.3), { s: null });
  o += rect(dx, floor - (floor - 190) * 0.3, dw, (floor - 190) * 0.3, mix(P.l1, P.w, 0.25), { s: null });
  o += at(dx + dw * 0.62, floor - (floor - 190) * 0.3, 0.9, () => tree({ c: mix(P.l1, P.w, 0.1) }));
  o += rect(dx - 14, 176, dw + 28, 14, dk(WOOD, 0.2));
  o += rect(dx - 14, 190, 14, floor - 190, dk(WOOD, 0.1)) + rect(dx + dw, 190, 14, floor - 190, dk(WOOD, 0.25));
  // daylight falling in from the door (light from upper left)
  o += path(`M${dx + dw} ${floor} L${dx + dw + 260} ${H} L${dx + 120} ${H} L${dx} ${floor} Z`, P.w, { s: null, o: 0.22 });
  // roof: rafters, tie beams, king posts
  o += rect(0, 0, W, 110, mix(WOOD, P.s1, 0.45), { s: null });
  for (let x = 0; x < W; x += 22) o += line(x, 0, x, 110, dk(mix(WOOD, P.s1, 0.45), 0.2), 0.4);
  for (let x = 150; x < W + 150; x += 300) {
    o += rect(x - 160, 104, 320, 18, WOOD);
    o += poly([[x - 160, 104], [x, 20], [x + 160, 104], [x + 130, 104], [x, 40], [x - 130, 104]], dk(WOOD, 0.1));
    o += rect(x - 8, 30, 16, 76, dk(WOOD, 0.15));
  }
  for (let x = 0; x <= W; x += 300) o += rect(x - 12, 104, 24, floor - 104, dk(WOOD, 0.05)) + rect(x + 4, 110, 8, floor - 110, dk(WOOD, 0.25), { s: null });
  // concrete floor
  o += rect(0, floor, W, H - floor, mix(P.s2, P.w, 0.45), { s: null });
  for (let i = 1; i < 5; i++) o += line(0, floor + ((H - floor) * i * i) / 25, W, floor + ((H - floor) * i * i) / 25, mix(P.s2, P.w, 0.2), 0.4);
  o += line(0, floor, W, floor, P.s1, 0.8);
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

/** compact air-cooled condenser module (front view): finned coil bank with fans, on legs. origin bottom-left */
export function compactACC(ctx, { w = 260, h = 300, fans = 2, k = 3 } = {}) {
  let o = "";
  for (const x of [8, w - 20]) o += rect(x, -h * 0.32, 12, h * 0.32, P.s1);
  o += box(0, -h, w, h * 0.7, mix(P.s2, P.w, 0.25), { side: 0.12 });
  // finned coil strips
  for (let x = 12; x < w * 0.86; x += 7) o += line(x, -h + 10, x, -h * 0.32 - 10, dk(mix(P.s2, P.w, 0.25), 0.18), 0.35);
  // fans in shrouds
  for (let i = 0; i < fans; i++) {
    const cx = (w * 0.88 * (i + 0.5)) / fans + 4;
    o += at(cx, -h * 0.66, 1, () => fan(ctx, { r: Math.min(w * 0.88 / fans / 2.4, h * 0.25), k, n: 6, c: P.s2, ring: P.s1, hub: P.a1 }));
  }
  // header pipes top + condensate bottom
  o += hcyl(-10, -h - 24, w + 20, 26, P.s2);
  o += hcyl(10, -h * 0.32 - 16, w - 20, 16, P.l2);
  return o;
}

/** gate valve with amber hand wheel on a vertical pipe, origin at valve centre */
export function valve({ r = 26 } = {}) {
  let o = rect(-r * 0.9, -r * 0.7, r * 1.8, r * 1.4, P.s1, { rx: 6 });
  o += rect(-4, -r * 2.2, 8, r * 1.5, P.s1);
  o += ell(0, -r * 2.3, r * 1.2, r * 0.35, "none", { s: P.k, m: 2.2 }) + ell(0, -r * 2.3, r * 1.2, r * 0.35, "none", { s: P.a1, m: 1.3 });
  return o;
}
