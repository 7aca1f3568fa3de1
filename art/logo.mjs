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
};

function emblem({ leaf, flame, core, line, coreO = 1, size = 64, title = "Emberleaf Energy" }) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64" role="img" aria-label="${title}">` +
    `<path d="${SHAPES.flame}" fill="${flame}"/>` +
    (coreO ? `<path d="${SHAPES.core}" fill="${core}"/>` : "") +
    `<path d="${SHAPES.leaf}" fill="${leaf}"/>` +
    `<path d="${SHAPES.rib} M${SHAPES.veins.slice(1)}" fill="none" stroke="${line}" stroke-width="2.5" stroke-linecap="round"/>` +
    `<path d="${SHAPES.leaf}" fill="none" stroke="${line}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `</svg>`
  );
}

export const logo = () => emblem({ leaf: "#6bbf3b", flame: "#f2a516", core: "#6bbf3b", line: "#1f4d36", coreO: 0 });
export const logoOnDark = () => emblem({ leaf: "#9ed36a", flame: "#f2a516", core: "#f7f5ef", line: "#f7f5ef" });
