// Reusable illustrated components. Each draws in local coordinates (ground at y = 0
// unless noted) and is placed with at(x, y, scale, () => part(ctx, opts)).
// ctx = { t, defs }: t = time in seconds (0..LOOP), defs = array collecting <defs>.
import {
  P, mix, rng, lw, st, rect, circ, ell, path, poly, line, lin, rad, f, wave, frac, spin, TAU, at, g,
} from "./core.mjs";

export const dk = (c, t = 0.28) => mix(c, P.k, t);
export const lt = (c, t = 0.35) => mix(c, P.w, t);
export const SOIL = mix(P.a2, P.g2, 0.62);
export const STRAW = mix(P.a1, P.w, 0.42);
export const COAL = mix(P.k, P.s1, 0.18);

// ---------- primitives with flat light-from-upper-left shading ----------
export function box(x, y, w, h, c, { rx = 0, side = 0.22, hi = true } = {}) {
  return (
    rect(x, y, w, h, c, { rx, s: null }) +
    rect(x + w * (1 - side), y, w * side, h, dk(c, 0.22), { s: null, rx: Math.min(rx, w * side / 2) }) +
    (hi ? line(x + lw(1.4), y + lw(1.4), x + w * (1 - side) - lw(1), y + lw(1.4), lt(c, 0.5), 1) : "") +
    rect(x, y, w, h, "none", { rx })
  );
}
export function vcyl(x, y, w, h, c, { top = true } = {}) {
  const ry = w * 0.12;
  return (
    rect(x, y, w, h, c, { s: null }) +
    rect(x + w * 0.68, y, w * 0.32, h, dk(c, 0.22), { s: null }) +
    rect(x + w * 0.14, y + ry, w * 0.08, h - ry, lt(c, 0.4), { s: null }) +
    path(`M${f(x)} ${f(y)} L${f(x)} ${f(y + h)} M${f(x + w)} ${f(y)} L${f(x + w)} ${f(y + h)}`) +
    (top ? ell(x + w / 2, y, w / 2, ry, lt(c, 0.25)) : line(x, y, x + w, y))
  );
}
export function hcyl(x, y, w, h, c) {
  return (
    rect(x, y, w, h, c, { rx: h * 0.18, s: null }) +
    rect(x, y + h * 0.66, w, h * 0.34, dk(c, 0.22), { s: null }) +
    rect(x + h * 0.2, y + h * 0.14, w - h * 0.4, h * 0.08, lt(c, 0.45), { s: null }) +
    rect(x, y, w, h, "none", { rx: h * 0.18 })
  );
}

// ---------- nature ----------
export function tree({ kind = "round", c = P.l1, trunk = P.g2, h = 1 } = {}) {
  if (kind === "pine") {
    let o = rect(-4, -22, 8, 22, trunk);
    for (let i = 0; i < 3; i++) {
      const y = -20 - i * 26 * h;
      const w = 34 - i * 8;
      o += poly([[-w, y], [0, y - 46 * h], [w, y]], i % 2 ? c : dk(c, 0.12));
      o += poly([[0, y - 46 * h], [w, y], [w * 0.25, y]], dk(c, 0.3), { s: null });
    }
    return o;
  }
  return (
    rect(-4, -40 * h, 8, 40 * h, trunk) +
    circ(0, -62 * h, 32, dk(c, 0.25)) +
    circ(-6, -67 * h, 25, c, { s: null }) +
    circ(-14, -76 * h, 9, lt(c, 0.35), { s: null })
  );
}
export function bush(c = P.l1) {
  return (
    path("M-40 0 C-44 -24 -22 -34 -8 -28 C2 -44 30 -40 32 -20 C46 -18 46 0 40 0 Z", dk(c, 0.25)) +
    path("M-32 -4 C-34 -22 -18 -28 -8 -22 C0 -34 22 -32 24 -16 C10 -12 -10 -8 -32 -4 Z", c, { s: null })
  );
}
export function cloud(c = P.w, o = 1) {
  return g(
    path("M-60 0 C-70 -18 -48 -30 -32 -22 C-26 -44 8 -48 16 -26 C30 -36 56 -28 54 -8 C66 -6 66 0 60 0 Z", c, { s: null }),
    `opacity="${o}"`,
  );
}

/** rising, growing, fading puffs. origin = emitter. all periodic over the loop. */
export function puffs(ctx, { n = 6, rise = 220, r = 22, drift = 60, k = 1, c = P.w, o = 0.85, spread = 10, seed = 3 } = {}) {
  const R = rng(seed);
  let out = "";
  for (let i = 0; i < n; i++) {
    const p = frac(ctx.t, k, i / n);
    const y = -p * rise;
    const x = p * drift + Math.sin(TAU * (p * 1.2 + R())) * spread;
    const rr = r * (0.45 + 1.4 * p);
    const a = o * Math.pow(Math.sin(Math.PI * p), 0.9);
    out += g(
      circ(x, y, rr, c, { s: null }) +
        circ(x - rr * 0.7, y + rr * 0.25, rr * 0.7, c, { s: null }) +
        circ(x + rr * 0.75, y + rr * 0.2, rr * 0.65, c, { s: null }),
      `opacity="${f(a)}"`,
    );
  }
  return out;
}

// ---------- energy / plant ----------
export function stack({ w = 40, h = 300, c = P.s2, band = P.a1 } = {}) {
  const tw = w * 0.78;
  const body = [[-w / 2, 0], [-tw / 2, -h], [tw / 2, -h], [w / 2, 0]];
  return (
    poly(body, c, { s: null }) +
    poly([[w * 0.12, 0], [tw * 0.12, -h], [tw / 2, -h], [w / 2, 0]], dk(c, 0.22), { s: null }) +
    rect(-tw / 2 - 1, -h + 18, tw + 2, 14, band, { s: null }) +
    rect(-tw / 2 - 1, -h + 44, tw + 2, 10, band, { s: null }) +
    poly(body, "none") +
    rect(-tw / 2 - 4, -h - 6, tw + 8, 8, dk(c, 0.35))
  );
}
export function pylon({ h = 260, c = P.s2 } = {}) {
  const wb = h * 0.22;
  const wt = h * 0.05;
  const L = [[-wb / 2, 0], [-wt, -h * 0.78], [0, -h]];
  const Rr = [[wb / 2, 0], [wt, -h * 0.78], [0, -h]];
  let o = path(`M${L.map((p) => p.join(" ")).join(" L")}`, "none", { s: c, m: 1 });
  o += path(`M${Rr.map((p) => p.join(" ")).join(" L")}`, "none", { s: c, m: 1 });
  const steps = 7;
  for (let i = 0; i < steps; i++) {
    const y1 = (-h * 0.78 * i) / steps;
    const y2 = (-h * 0.78 * (i + 1)) / steps;
    const w1 = wb / 2 - ((wb / 2 - wt) * i) / steps;
    const w2 = wb / 2 - ((wb / 2 - wt) * (i + 1)) / steps;
    o += line(-w1, y1, w2, y2, c, 0.6) + line(w1, y1, -w2, y2, c, 0.6);
  }
  for (const [y, w] of [[-h * 0.62, h * 0.3], [-h * 0.8, h * 0.22]]) {
    o += line(-w, y, w, y, c, 1) + line(-w, y, -wt * 2, y + 16, c, 0.6) + line(w, y, wt * 2, y + 16, c, 0.6);
    o += line(-w, y, -w, y + 12, c, 0.8) + line(w, y, w, y + 12, c, 0.8);
  }
  return o;
}
/** arms positions of pylon relative to base for wiring */
export const pylonArms = (h = 260) => [
  [-h * 0.3, -h * 0.62 + 12], [h * 0.3, -h * 0.62 + 12], [-h * 0.22, -h * 0.8 + 12], [h * 0.22, -h * 0.8 + 12],
];
export const wire = (x1, y1, x2, y2, sag = 30, c = P.s2, m = 0.5) =>
  path(`M${f(x1)} ${f(y1)} Q${f((x1 + x2) / 2)} ${f((y1 + y2) / 2 + sag * 2)} ${f(x2)} ${f(y2)}`, "none", { s: c, m });

export function hall({ w = 400, h = 180, c = P.g1, roof = "pitched", rc = P.s1, win = P.a1, ribs = true, winO = 1 } = {}) {
  let o = "";
  const rh = roof === "pitched" ? h * 0.28 : 0;
  if (roof === "pitched") o += poly([[-8, -h], [w / 2, -h - rh], [w + 8, -h]], rc) + poly([[w / 2, -h - rh], [w + 8, -h], [w / 2, -h]], dk(rc, 0.2), { s: null });
  if (roof === "saw") {
    const n = Math.max(2, Math.round(w / 90));
    for (let i = 0; i < n; i++) {
      const x0 = (w / n) * i;
      o += poly([[x0, -h], [x0, -h - 40], [x0 + w / n, -h]], rc);
      o += rect(x0 + 3, -h - 34, 6, 30, win, { s: null, o: winO });
    }
  }
  o += box(0, -h, w, h, c, { side: 0.16 });
  if (ribs) for (let x = 24; x < w * 0.84; x += 24) o += line(x, -h + 6, x, -6, dk(c, 0.2), 0.5);
  // windows band
  const wy = -h * 0.78;
  for (let x = 20; x < w * 0.84 - 40; x += 56) o += rect(x, wy, 40, h * 0.2, win, { o: winO });
  // roller door
  o += rect(w * 0.6, -h * 0.45, w * 0.16, h * 0.45, dk(c, 0.35));
  for (let y = -h * 0.45 + 8; y < 0; y += 8) o += line(w * 0.6 + 3, y, w * 0.76 - 3, y, dk(c, 0.5), 0.4);
  return o;
}

/** front-view rotating fan with housing (periodic: whole turns per loop) */
export function fan(ctx, { r = 40, k = 2, n = 5, c = P.s2, hub = P.a1, ring = P.s1 } = {}) {
  const a = spin(ctx.t, k);
  let bl = "";
  for (let i = 0; i < n; i++) {
    bl += `<g transform="rotate(${f(a + (360 * i) / n)})">${path(
      `M0 0 C${f(r * 0.2)} ${f(-r * 0.25)} ${f(r * 0.55)} ${f(-r * 0.35)} ${f(r * 0.88)} ${f(-r * 0.18)} C${f(r * 0.7)} ${f(r * 0.12)} ${f(r * 0.3)} ${f(r * 0.12)} 0 0 Z`,
      c,
      { m: 0.6 },
    )}</g>`;
  }
  return circ(0, 0, r * 1.08, ring) + circ(0, 0, r * 0.95, dk(ring, 0.45), { s: null }) + bl + circ(0, 0, r * 0.16, hub);
}

export function steamTurbine(ctx, { c = P.l1, gen = P.g1 } = {}) {
  // ~ 520 wide, origin at floor under left end
  let o = "";
  o += box(0, -40, 520, 40, P.s1, { side: 0.1 }); // pedestal
  // steam inlet pipe onto the HP casing
  o += path("M80 -126 L80 -210 Q80 -226 96 -226 L200 -226", "none", { s: P.k, m: 7 });
  o += path("M80 -126 L80 -210 Q80 -226 96 -226 L200 -226", "none", { s: P.s2, m: 5 });
  o += rect(64, -150, 32, 20, P.a1);
  // bearing pedestals
  for (const x of [10, 150, 300]) o += box(x, -70, 26, 30, P.s1, { side: 0.3 });
  // HP casing (small)
  o += rect(26, -128, 126, 92, c, { rx: 34, s: null });
  o += rect(26, -82, 126, 46, dk(c, 0.22), { s: null });
  o += line(48, -118, 120, -118, lt(c, 0.5), 1);
  o += rect(26, -128, 126, 92, "none", { rx: 34 });
  // LP casing (big hood)
  const lp = "M150 -36 L150 -150 C150 -196 300 -196 300 -150 L300 -36 Z";
  o += path(lp, c, { s: null });
  o += rect(150, -82, 150, 46, dk(c, 0.22), { s: null });
  o += path("M168 -150 C170 -176 220 -184 250 -182", "none", { s: lt(c, 0.5), m: 1 });
  o += path(lp);
  // crossover pipe HP -> LP
  o += path("M110 -128 L110 -150 Q110 -176 136 -176 L200 -176 L200 -186", "none", { s: P.k, m: 9 });
  o += path("M110 -128 L110 -150 Q110 -176 136 -176 L200 -176 L200 -186", "none", { s: lt(c, 0.2), m: 7 });
  // horizontal split flange with bolts
  o += line(26, -82, 300, -82, dk(c, 0.5), 1);
  for (let x = 44; x < 300; x += 22) o += circ(x, -82, 2.6, dk(c, 0.5), { s: null });
  // shaft with rotating stripes
  const sp = frac(ctx.t, 12);
  o += rect(300, -82, 60, 22, P.s2);
  for (let i = -1; i < 6; i++) {
    const x = 300 + ((i + sp) * 14);
    if (x > 302 && x < 352) o += line(x, -80, x + 6, -62, P.s1, 0.6);
  }
  // generator
  o += hcyl(360, -140, 150, 100, gen);
  for (let x = 380; x < 500; x += 18) o += line(x, -132, x, -48, lt(gen, 0.25), 0.5);
  o += rect(420, -160, 40, 20, P.s1);
  return o;
}

/** air cooled condenser block with rotating fans seen from slightly above */
export function aircooler(ctx, { w = 300, h = 150, fans = 3, k = 3 } = {}) {
  let o = "";
  for (let x = 10; x <= w - 10; x += (w - 20) / 4) o += line(x, 0, x, -h * 0.55, P.s1, 1);
  o += poly([[0, -h * 0.55], [w / 2, -h * 0.55 - 60], [w, -h * 0.55]], mix(P.s2, P.g1, 0.2));
  for (let i = 1; i < 10; i++) o += line((w * i) / 10, -h * 0.55, w / 2, -h * 0.55 - 60, dk(P.s2, 0.25), 0.4);
  o += box(0, -h * 0.55 - 80, w, 20, P.s1, { side: 0.1 });
  for (let i = 0; i < fans; i++) {
    const cx = (w / fans) * (i + 0.5);
    o += `<g transform="translate(${f(cx)} ${f(-h * 0.55 - 80)}) scale(1 0.42)">${circ(0, 0, w / fans / 2.2, P.s1)}${fan(ctx, { r: w / fans / 2.4, k, n: 6, c: P.s2 })}</g>`;
  }
  return o;
}

// ---------- fire / charcoal ----------
export function glowHalo(ctx, defs, r = 120, { k = 3, c = P.a1, o = 0.55 } = {}) {
  const pulse = 0.75 + 0.18 * wave(ctx.t, k) + 0.07 * wave(ctx.t, k * 3, 0.3);
  return circ(0, 0, r, rad(defs, [[0, c, o], [0.5, P.a2, o * 0.35], [1, P.a2, 0]]), { s: null, o: pulse });
}
export function flames(ctx, { w = 60, h = 60, k = 4, seed = 1 } = {}) {
  const R = rng(seed);
  let o = "";
  const n = 5;
  for (let i = 0; i < n; i++) {
    const x = -w / 2 + (w * (i + 0.5)) / n;
    const hh = h * (0.55 + 0.35 * R()) * (0.8 + 0.2 * wave(ctx.t, k + (i % 3), R()));
    const sway = 6 * wave(ctx.t, k - 1, R());
    const ww = w / n;
    o += path(`M${f(x - ww)} 0 C${f(x - ww)} ${f(-hh * 0.5)} ${f(x + sway)} ${f(-hh * 0.6)} ${f(x + sway)} ${f(-hh)} C${f(x + sway + ww * 0.5)} ${f(-hh * 0.5)} ${f(x + ww)} ${f(-hh * 0.4)} ${f(x + ww)} 0 Z`, i % 2 ? P.a2 : P.a1, { s: null });
    o += path(`M${f(x - ww * 0.45)} 0 C${f(x - ww * 0.4)} ${f(-hh * 0.3)} ${f(x + sway * 0.5)} ${f(-hh * 0.35)} ${f(x + sway * 0.5)} ${f(-hh * 0.55)} C${f(x + ww * 0.4)} ${f(-hh * 0.3)} ${f(x + ww * 0.45)} ${f(-hh * 0.2)} ${f(x + ww * 0.45)} 0 Z`, lt(P.a1, 0.6), { s: null });
  }
  return o;
}

/** beehive brick kiln with glowing arched door. base centre at origin, ~320 wide */
export function kiln(ctx, defs, { w = 320, h = 230, brick = mix(P.a2, P.g2, 0.5), k = 2 } = {}) {
  const hw = w / 2;
  const dome = `M${-hw} 0 L${-hw} ${-h * 0.35} C${-hw} ${-h * 1.05} ${hw} ${-h * 1.05} ${hw} ${-h * 0.35} L${hw} 0 Z`;
  let o = "";
  // chimney
  o += box(hw * 0.45, -h * 1.05, 34, h * 0.4, dk(brick, 0.15), { side: 0.3 });
  o += path(dome, brick, { s: null });
  o += path(`M${hw * 0.25} ${-h * 0.86} C${hw * 0.8} ${-h * 0.7} ${hw} ${-h * 0.5} ${hw} ${-h * 0.35} L${hw} 0 L${hw * 0.55} 0 C${hw * 0.7} ${-h * 0.4} ${hw * 0.6} ${-h * 0.7} ${hw * 0.25} ${-h * 0.86} Z`, dk(brick, 0.25), { s: null });
  // brick courses
  for (let i = 1; i < 8; i++) {
    const y = -h * 0.1 * i;
    const wy = i < 4 ? hw : hw * Math.sqrt(Math.max(0, 1 - Math.pow((i - 3) / 5.2, 2)));
    o += line(-wy + 4, y, wy - 4, y, dk(brick, 0.4), 0.5);
    for (let x = -wy + 20 + (i % 2) * 14; x < wy - 10; x += 28) o += line(x, y, x, y + h * 0.1, dk(brick, 0.4), 0.4);
  }
  o += path(`M${-hw * 0.78} ${-h * 0.55} C${-hw * 0.65} ${-h * 0.8} ${-hw * 0.3} ${-h * 0.86} ${-hw * 0.1} ${-h * 0.86}`, "none", { s: lt(brick, 0.4), m: 1.4 });
  o += path(dome);
  // arched door with glow
  const dw = w * 0.17;
  const dh = h * 0.46;
  const door = `M${-dw} 0 L${-dw} ${-dh * 0.6} C${-dw} ${-dh * 1.1} ${dw} ${-dh * 1.1} ${dw} ${-dh * 0.6} L${dw} 0 Z`;
  const pulse = 0.8 + 0.15 * wave(ctx.t, k) + 0.05 * wave(ctx.t, k * 3, 0.2);
  o += path(door, P.k);
  o += path(door, rad(defs, [[0, lt(P.a1, 0.5)], [0.55, P.a1], [1, P.a2]], 0.5, 0.9, 0.8), { s: null, o: pulse });
  o += at(0, 0, 1, () => flames(ctx, { w: dw * 1.5, h: dh * 0.6, k: 4, seed: 7 }));
  o += path(door, "none", { s: dk(brick, 0.5), m: 2 });
  return o;
}

/** horizontal steel retort on a glowing firebox, ~300 wide, base centre */
export function retort(ctx, defs, { w = 300, h = 110, c = P.s1, k = 2 } = {}) {
  const hw = w / 2;
  let o = "";
  o += box(-hw * 0.85, -70, w * 0.85, 70, mix(P.a2, P.g2, 0.5), { side: 0.15 }); // brick firebox
  for (let y = -56; y < 0; y += 14) o += line(-hw * 0.85 + 4, y, hw * 0.85 - 4, y, dk(mix(P.a2, P.g2, 0.5), 0.35), 0.4);
  const pulse = 0.8 + 0.2 * wave(ctx.t, k);
  o += rect(-60, -52, 120, 40, P.k, { rx: 6 });
  o += rect(-60, -52, 120, 40, lin(defs, [[0, P.a1], [1, P.a2]]), { rx: 6, s: null, o: pulse });
  o += at(0, -12, 1, () => flames(ctx, { w: 110, h: 34, k: 4, seed: 3 }));
  o += hcyl(-hw, -70 - h, w, h, c);
  for (const x of [-hw + 20, hw - 20]) o += rect(x - 8, -70 - h - 6, 16, h + 12, dk(c, 0.3), { rx: 3 });
  o += circ(-hw + 60, -70 - h / 2, 16, dk(c, 0.3)) + circ(-hw + 60, -70 - h / 2, 9, P.a1, { o: pulse });
  // chimney
  o += vcyl(hw * 0.45, -70 - h - 120, 24, 120, P.s2);
  return o;
}

function lumpPts(cx, cy, r, R) {
  const n = 5 + Math.floor(R() * 3);
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (TAU * i) / n + R() * 0.6;
    const rr = r * (0.7 + 0.35 * R());
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr * 0.8]);
  }
  return pts;
}
export function lump(cx, cy, r, R, c = COAL) {
  const pts = lumpPts(cx, cy, r, R);
  return (
    poly(pts, c, { m: 0.7 }) +
    poly([pts[pts.length - 1], pts[0], pts[1], [cx, cy]].map(([x, y]) => [x, y]), mix(c, P.s2, 0.35), { s: null }) +
    poly(pts, "none", { m: 0.7 })
  );
}
export function charcoalHeap({ w = 300, h = 120, seed = 5, r = 14 } = {}) {
  const R = rng(seed);
  let o = path(`M${-w / 2} 0 C${-w / 3} ${-h} ${w / 3} ${-h} ${w / 2} 0 Z`, COAL);
  const items = [];
  for (let i = 0; i < (w * h) / (r * r * 2.2); i++) {
    const x = (R() - 0.5) * w * 0.95;
    const top = -h * 0.75 * (1 - Math.pow((2 * x) / w, 2));
    const y = top * R();
    items.push([x, Math.min(-r * 0.4, y)]);
  }
  items.sort((a, b) => a[1] - b[1]);
  for (const [x, y] of items) o += lump(x, y, r * (0.7 + 0.6 * R()), R);
  return o;
}
export function briquette(x, y, r, R) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (TAU * i) / 6 + R() * 0.05;
    pts.push([x + Math.cos(a) * r, y + Math.sin(a) * r * 0.55]);
  }
  const side = [pts[0], pts[1], pts[2], pts[3], [pts[3][0], pts[3][1] + r * 0.9], [pts[2][0], pts[2][1] + r * 0.9], [pts[1][0], pts[1][1] + r * 0.9], [pts[0][0], pts[0][1] + r * 0.9]];
  return (
    poly(side, dk(COAL, 0.1), { m: 0.7 }) +
    poly(pts, mix(COAL, P.s1, 0.45), { m: 0.7 }) +
    ell(x, y, r * 0.28, r * 0.16, P.k, { s: null })
  );
}

// ---------- agriculture ----------
export function bale({ w = 120, h = 70, c = STRAW } = {}) {
  let o = box(0, -h, w, h, c, { rx: 8, side: 0.28 });
  for (let y = -h + 10; y < -4; y += 9) o += line(8, y, w * 0.7, y + 2, dk(c, 0.18), 0.4);
  o += line(w * 0.3, -h, w * 0.3, 0, P.a2, 0.8) + line(w * 0.55, -h, w * 0.55, 0, P.a2, 0.8);
  return o;
}
export function roundBale({ r = 60, c = STRAW } = {}) {
  let o = rect(-r * 0.2, -2 * r, r * 1.4, 2 * r, dk(c, 0.2), { rx: 10 });
  o += circ(-r * 0.2, -r, r, c);
  for (let i = 1; i < 5; i++) o += circ(-r * 0.2 + i * 1.5, -r + i, r * (1 - i * 0.18), "none", { s: dk(c, 0.22), m: 0.5 });
  return o;
}
export function mound({ w = 200, h = 70, c = STRAW, seed = 2, bits = 80, bitC = null, cols = null } = {}) {
  const R = rng(seed);
  let o = path(`M${-w / 2} 0 C${-w / 3} ${-h * 1.3} ${w / 3} ${-h * 1.3} ${w / 2} 0 Z`, c);
  o += path(`M${w * 0.05} ${-h * 0.95} C${w / 4} ${-h * 0.9} ${w * 0.4} ${-h * 0.5} ${w / 2} 0 L${w * 0.15} 0 Z`, dk(c, 0.15), { s: null });
  for (let i = 0; i < bits; i++) {
    const x = (R() - 0.5) * w * 0.85;
    const top = -h * 0.95 * (1 - Math.pow((2 * x) / w, 2));
    const y = top * R() * 0.95 - 3;
    o += ell(x, y, 4 + R() * 3, cols ? 3 : 1.6, cols ? cols[i % cols.length] : bitC || (R() > 0.5 ? dk(c, 0.25) : lt(c, 0.35)), { s: null, o: 0.9 });
  }
  return o + path(`M${-w / 2} 0 C${-w / 3} ${-h * 1.3} ${w / 3} ${-h * 1.3} ${w / 2} 0`, "none");
}
export function branchPile({ w = 260, seed = 4 } = {}) {
  const R = rng(seed);
  let o = "";
  for (let i = 0; i < 16; i++) {
    const x = (R() - 0.5) * w * 0.8;
    const y = -R() * 50 - 5;
    const a = (R() - 0.5) * 0.7;
    const L = 60 + R() * 80;
    const x2 = x + Math.cos(a) * L;
    const y2 = y + Math.sin(a) * L * 0.4;
    o += line(x, y, x2, y2, mix(P.s1, P.a2, 0.25), 1.4);
    o += line((x + x2) / 2, (y + y2) / 2, (x + x2) / 2 + 14, (y + y2) / 2 - 16, mix(P.s1, P.a2, 0.25), 0.8);
  }
  for (let i = 0; i < 26; i++) {
    const x = (R() - 0.5) * w * 0.9;
    const y = -R() * 70 - 10;
    const c = [P.l1, P.l2, dk(P.l1, 0.2)][i % 3];
    o += ell(x, y, 16 + R() * 12, 9 + R() * 6, c, { m: 0.6 });
  }
  return o;
}

/** perspective crop rows on a field. origin top-left of field area. */
export function cropField({ w = 1200, h = 300, rows = 14, vx = 0.5, soil = SOIL, crop = P.l1 } = {}) {
  let o = rect(0, 0, w, h, soil, { s: null });
  for (let i = 0; i <= rows; i++) {
    const xb = ((i - rows * 0.15) / (rows * 0.7)) * w;
    const xt = w * vx + (xb - w * vx) * 0.18;
    const ww = 10;
    o += poly([[xt - 1.5, 0], [xt + 1.5, 0], [xb + ww, h], [xb - ww, h]], i % 2 ? crop : dk(crop, 0.15), { s: null });
  }
  for (let i = 0; i < 5; i++) o += line(0, h * (0.15 + i * i * 0.04), w, h * (0.15 + i * i * 0.04), dk(soil, 0.2), 0.3);
  return o;
}

// ---------- waste handling machinery ----------
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
export { item };

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
export function cyclone({ w = 90, h = 220, c = P.s2 } = {}) {
  // origin = bottom outlet tip
  let o = "";
  o += poly([[-w / 2, -h * 0.55], [w / 2, -h * 0.55], [8, -10], [-8, -10]], c, { s: null });
  o += poly([[w * 0.15, -h * 0.55], [w / 2, -h * 0.55], [8, -10], [2, -10]], dk(c, 0.22), { s: null });
  o += poly([[-w / 2, -h * 0.55], [w / 2, -h * 0.55], [8, -10], [-8, -10]], "none");
  o += vcyl(-w / 2, -h, w, h * 0.45, c, { top: false });
  o += rect(-12, -10, 24, 12, P.s1);
  o += vcyl(-14, -h - 40, 28, 42, P.s1);
  return o;
}
export function volute(ctx, { r = 60, c = P.g1, k = 4 } = {}) {
  let o = path(`M${-r * 1.1} ${r * 1.1} L${-r * 1.1} 0 C${-r * 1.1} ${-r * 1.3} ${r * 1.2} ${-r * 1.3} ${r * 1.2} 0 L${r * 1.2} ${r * 1.1} Z`, c);
  o += path(`M${r * 0.3} ${-r * 0.95} C${r * 1} ${-r * 0.8} ${r * 1.2} ${-r * 0.3} ${r * 1.2} 0 L${r * 1.2} ${r * 1.1} L${r * 0.8} ${r * 1.1} Z`, dk(c, 0.22), { s: null });
  o += path(`M${-r * 1.1} ${r * 1.1} L${-r * 1.1} 0 C${-r * 1.1} ${-r * 1.3} ${r * 1.2} ${-r * 1.3} ${r * 1.2} 0 L${r * 1.2} ${r * 1.1} Z`, "none");
  o += fan(ctx, { r: r * 0.7, k, n: 8, c: P.s2, ring: P.s1 });
  return o;
}
/** tall gasifier ("synthesizer") vessel, base centre at origin */
export function gasifier(ctx, defs, { w = 150, h = 420, c = P.s2 } = {}) {
  let o = "";
  // legs
  for (const x of [-w / 2 + 10, w / 2 - 10]) o += rect(x - 6, -90, 12, 90, P.s1);
  // cone bottom
  o += poly([[-w / 2, -130], [w / 2, -130], [18, -70], [-18, -70]], c, { s: null });
  o += poly([[w * 0.15, -130], [w / 2, -130], [18, -70], [6, -70]], dk(c, 0.22), { s: null });
  o += poly([[-w / 2, -130], [w / 2, -130], [18, -70], [-18, -70]], "none");
  o += rect(-14, -72, 28, 22, P.s1);
  // shell
  o += vcyl(-w / 2, -h + 40, w, h - 170, c, { top: false });
  o += path(`M${-w / 2} ${-h + 40} C${-w / 2} ${-h - 20} ${w / 2} ${-h - 20} ${w / 2} ${-h + 40} Z`, lt(c, 0.15));
  // bands
  for (const y of [-h + 90, -h + 200, -200]) o += rect(-w / 2 - 3, y, w + 6, 10, P.g1);
  // sight glass glowing
  const pulse = 0.75 + 0.25 * wave(ctx.t, 3);
  o += circ(-w * 0.15, -180, 16, P.k) + circ(-w * 0.15, -180, 11, rad(defs, [[0, lt(P.a1, 0.5)], [1, P.a2]]), { s: null, o: pulse });
  // ladder
  o += line(w / 2 + 16, -90, w / 2 + 16, -h + 60, P.s1, 0.8) + line(w / 2 + 34, -90, w / 2 + 34, -h + 60, P.s1, 0.8);
  for (let y = -100; y > -h + 60; y -= 18) o += line(w / 2 + 16, y, w / 2 + 34, y, P.s1, 0.6);
  // platform + rail
  o += rect(-w / 2 - 30, -h + 150, w + 90, 8, P.a1);
  o += line(-w / 2 - 30, -h + 120, w / 2 + 60, -h + 120, P.a1, 1) + line(-w / 2 - 30, -h + 120, -w / 2 - 30, -h + 150, P.a1, 0.8) + line(w / 2 + 60, -h + 120, w / 2 + 60, -h + 150, P.a1, 0.8);
  // feed lock hopper on top
  o += poly([[-30, -h - 60], [30, -h - 60], [16, -h - 14], [-16, -h - 14]], P.g1);
  o += rect(-20, -h - 16, 40, 12, P.s1);
  // gas outlet pipe
  o += path(`M${w / 2} ${-h + 70} L${w / 2 + 90} ${-h + 70} L${w / 2 + 90} ${-h + 140}`, "none", { s: P.k, m: 8 });
  o += path(`M${w / 2} ${-h + 70} L${w / 2 + 90} ${-h + 70} L${w / 2 + 90} ${-h + 140}`, "none", { s: P.a2, m: 6 });
  return o;
}
