// Emberleaf emblem: a leaf whose right half turns into a flame. 64×64, no text.
const SHAPES = {
  // leaf body
  leaf: "M30 58C14 54 6 40 10 26C14 14 26 8 38 6C36 20 36 34 30 58Z",
  // flame rising from the leaf's right edge
  flame: "M37 4C45 12 50 19 50 27C53 24 54 20 54 16C60 25 61 38 56 47C51 55 42 58 30 58C38 52 42 45 40 38C39 44 36 47 32 49C36 38 40 22 37 4Z",
  // inner flame tongue
  core: "M44 36C50 41 52 47 49 52C46 56 40 57 35 57C42 52 45 45 44 36Z",
  rib: "M30 58C24 44 24 28 34 12",
  veins: "M27 44L19 38M26 34L18 27M28 24L22 18",
}

const COLOURS = {
  light: { leaf: "#6bbf3b", flame: "#f2a516", core: "#6bbf3b", line: "#1f4d36", coreO: 0 },
  dark: { leaf: "#9ed36a", flame: "#f2a516", core: "#f7f5ef", line: "#f7f5ef" },
}

function shapes({ leaf, flame, core, line, coreO = 1 }) {
  return (
    `<path d="${SHAPES.flame}" fill="${flame}"/>` +
    (coreO ? `<path d="${SHAPES.core}" fill="${core}"/>` : "") +
    `<path d="${SHAPES.leaf}" fill="${leaf}"/>` +
    `<path d="${SHAPES.rib} M${SHAPES.veins.slice(1)}" fill="none" stroke="${line}" stroke-width="2.5" stroke-linecap="round"/>` +
    `<path d="${SHAPES.leaf}" fill="none" stroke="${line}" stroke-width="2.5" stroke-linejoin="round"/>`
  )
}

function emblem({ size = 64, title = "Emberleaf Energy", ...c }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64" role="img" aria-label="${title}">` + shapes(c) + `</svg>`
}

export const logo = () => emblem(COLOURS.light)
export const logoOnDark = () => emblem(COLOURS.dark)

// Drawn extent of the emblem incl. stroke (64-unit space): x 7.7…59.2, y 4.0…59.3; every drawn
// point lies within 28 units of (CX, CY), so extent ≥ 70 keeps it inside a maskable safe zone
const CX = 33.45
const CY = 31.65
/**
 * Square app icon of the emblem for rasterising (web-app manifest, apple-touch, PNG favicon).
 * extent = side of the square in emblem units (the emblem itself is ~57 units across), so
 * extent 64 leaves a little padding and extent 76 keeps it well inside the central 80 % safe zone of a maskable icon.
 */
export function appIcon({ size = 512, variant = "light", bg = null, extent = 66 } = {}) {
  const x = +(CX - extent / 2).toFixed(2)
  const y = +(CY - extent / 2).toFixed(2)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${x} ${y} ${extent} ${extent}">` +
    (bg ? `<rect x="${x}" y="${y}" width="${extent}" height="${extent}" fill="${bg}"/>` : "") +
    shapes(COLOURS[variant]) +
    `</svg>`
  )
}
