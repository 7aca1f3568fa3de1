// Line icons for the "How it works" steps: 48×48, stroke 2, round caps, single colour.
const STROKE_COLOUR = "#1f4d36"
const icon = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48" fill="none" stroke="${STROKE_COLOUR}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`

export const icons = {
  // hopper feeding a shredder box, fluff coming out
  "rdf-fluff": icon(
    '<path d="M8 6h32l-9 11H17z"/><rect x="14" y="17" width="20" height="10" rx="2"/><circle cx="20" cy="22" r="2"/><circle cx="28" cy="22" r="2"/>' +
      '<path d="M12 36c2-2 4 2 6 0M22 40c2-2 4 2 6 0M30 34c2-2 4 2 6 0M16 44c2-2 4 2 6 0M30 44c2-2 4 2 6 0"/>',
  ),
  // vertical reactor vessel with flame, gas pipe out
  gasification: icon(
    '<path d="M14 10c0-3 3-5 10-5s10 2 10 5v24l-5 6h-10l-5-6z"/><path d="M24 33C20 33 18 31 18 28C18 25 21 23 21 19C23 21 24 22 25 22C25 19 26 17 28 15C28 19 30 22 30 27C30 31 28 33 24 33Z"/>' +
      '<path d="M34 14h6v10"/><path d="M19 40v4M29 40v4"/>',
  ),
  // steam over a turbine rotor, lightning bolt
  "steam-power": icon(
    '<path d="M10 10c-2-2 2-4 0-6M16 10c-2-2 2-4 0-6"/><circle cx="18" cy="28" r="10"/><path d="M18 18v20M8 28h20M11 21l14 14M25 21L11 35"/>' +
      '<path d="M38 14l-6 12h6l-4 12"/>',
  ),
  // sun drying a pile, heat waves
  drying: icon(
    '<circle cx="14" cy="12" r="5"/><path d="M14 2v2M14 20v2M4 12h2M22 12h2M7 5l1.5 1.5M19.5 17.5L21 19M7 19l1.5-1.5M19.5 6.5L21 5"/>' +
      '<path d="M30 10c-2 2 2 4 0 6M36 10c-2 2 2 4 0 6"/><path d="M4 42c4-10 12-14 20-14s16 4 20 14z"/><path d="M14 38h4M26 36h4M22 40h4"/>',
  ),
  // dome kiln with flame inside
  pyrolysis: icon(
    '<path d="M6 42V26C6 15 14 8 24 8s18 7 18 18v16z"/><path d="M4 42h40"/><path d="M24 38C18 38 16 35 16 32C16 27 20 25 21 20C23 23 24 24 25 24C25 19 26 15 30 12C29 18 33 22 33 29C33 35 29 38 24 38Z"/>' +
      '<path d="M34 10V4h5v9"/>',
  ),
  // charcoal lumps falling into a tray
  "charcoal-recovery": icon('<path d="M24 4v10M19 9l5 5 5-5"/><path d="M6 30h36l-4 12H10z"/><path d="M12 30l3-6 6 1 2 5M22 30l4-7 7 2 2 5M30 24l4-4 5 3"/>'),
  // branching arrows: gas cloud, oil drop, heat
  "by-products": icon(
    '<circle cx="24" cy="36" r="6"/><path d="M24 30V20M20 32l-8-8M28 32l8-8"/>' +
      '<path d="M18 12a4 4 0 0 1 8 0 3 3 0 0 1 0 6h-8a3 3 0 0 1 0-6z"/><path d="M8 16c-3 4-3 6 0 7s3-3 0-7z"/><path d="M38 14c-2 2 2 4 0 6M43 14c-2 2 2 4 0 6"/>',
  ),
  // wheelie bin with leaf
  collection: icon(
    '<path d="M10 14h28M12 14l3 26h18l3-26"/><path d="M20 10h8"/><circle cx="17" cy="42" r="2"/><circle cx="31" cy="42" r="2"/>' +
      '<path d="M18 32c0-6 5-10 12-10 0 7-4 12-10 12"/><path d="M18 34l6-6"/>',
  ),
  // two cutter gears then small pieces
  "size-reduction": icon(
    '<circle cx="14" cy="16" r="7"/><circle cx="30" cy="16" r="7"/><path d="M14 9v-3M14 26v-3M7 16h-3M30 9v-3M30 26v-3M37 16h3"/>' +
      '<circle cx="14" cy="16" r="2"/><circle cx="30" cy="16" r="2"/><path d="M22 26v8M18 31l4 4 4-4"/><rect x="8" y="40" width="5" height="4"/><rect x="20" y="40" width="5" height="4"/><rect x="32" y="40" width="5" height="4"/>',
  ),
  // thermometer going down beside a pile, cool air lines
  cooling: icon(
    '<path d="M10 6a3 3 0 0 1 6 0v18a6 6 0 1 1-6 0z"/><path d="M13 14v14"/><path d="M22 10h14M26 16h14M22 22h10"/>' +
      '<path d="M20 42c3-7 8-10 13-10s10 3 11 10z"/>',
  ),
}
