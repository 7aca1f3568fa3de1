/**
 * The font faces a language written in another script than Latin adds to the
 * site's own (Manrope, src/styles/tokens.css). gatsby-ssr declares them in
 * the <head> of that language's pages only: the site's stylesheet is inlined
 * into every page, so a face declared there would be in every English page's
 * HTML too. An English page neither declares nor downloads them; its one
 * word in Devanagari, the language switch's "हिन्दी", is drawn by the
 * visitor's system font.
 *
 * The whole script's file is served, never a file cut to a page's
 * characters: Devanagari's conjuncts and vowel signs are glyphs of their own
 * that shaping picks from the font, so a subset by characters breaks them.
 */

/** A script's web font and what a page in that script declares for it. */
export interface ScriptFont {
  /** The font file's address in the build (the hashed /static/… name of the imported file) */
  href: string
  /** The @font-face rules and the page's font stack, for a <style> in the page's <head> */
  css: string
}

/**
 * Noto Sans Devanagari Variable, its devanagari subset (@fontsource-variable,
 * 121 kB): the unicode-range is the package's own, and includes ₹ (U+20B9),
 * so the rupee sign on a Hindi page is drawn in the same face as the text
 * beside it.
 */
const DEVANAGARI_RANGE = "U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+20F0, U+25CC, U+A830-A839, U+A8E0-A8FF, U+11B00-11B09"

/**
 * The file also draws the space and the no-break space (0.26 em). Claimed
 * here, the spaces between Hindi words stay in the face of the words, whether
 * the system's file draws them or the web font's. Left to Manrope (0.20 em), they
 * were Manrope Fallback's 0.29 em until Manrope came, and that swap alone
 * re-wrapped the hero's Hindi text (a layout shift of 0.012 at 375 px).
 */
const SPACES = "U+0020, U+00A0"

/** What the Devanagari faces draw */
const DEVANAGARI_FACE_RANGE = `${SPACES}, ${DEVANAGARI_RANGE}`

/**
 * The Devanagari faces of a page in `language` (hi), with the font file's
 * address. The font stack puts Noto first: its unicode-range leaves every
 * Latin letter, digit and sign (company names, units) to Manrope, and the
 * zero width joiners inside Devanagari words stay in the face that shapes
 * them.
 *
 * The face is the system's own Noto Sans Devanagari where there is one, and
 * the web font's file only where there is not. Android, the phone of most of
 * the site's Hindi readers, has it as its system font (variable from Android
 * 12 on; a regular and a bold file before), as have most Linux desktops: there
 * a Hindi page costs no font byte and draws in its final face at once, with
 * nothing to swap. A device without it (an iPhone, Windows) downloads the
 * file at the first layout and swaps it in.
 *
 * Two faces split the weights: up to 599 the regular (or the variable file),
 * from 600 the bold where the system has a bold file of its own, else the
 * variable file at that weight. Either is given the web font's vertical
 * metrics (ascent 0.896, descent 0.408 of the em, read from the file), so
 * lines sit as high whichever file draws them.
 */
export function devanagariFont(href: string, language: string): ScriptFont {
  const web = `url("${href}") format("woff2-variations")`
  const face = (weight: string, local: string[]) =>
    `@font-face{font-family:"Noto Sans Devanagari Variable";font-style:normal;font-display:swap;font-weight:${weight};` +
    `src:${[...local.map((name) => `local("${name}")`), web].join(",")};` +
    `ascent-override:89.6%;descent-override:40.8%;line-gap-override:0%;unicode-range:${DEVANAGARI_FACE_RANGE}}`
  const css = [
    face("100 599", ["Noto Sans Devanagari", "Noto Sans Devanagari Regular", "NotoSansDevanagari-Regular"]),
    face("600 900", ["Noto Sans Devanagari Bold", "NotoSansDevanagari-Bold", "Noto Sans Devanagari"]),
    // :root:lang() outranks tokens.css's :root wherever either sheet comes in the <head>
    `:root:lang(${language}){--font:"Noto Sans Devanagari Variable","Manrope Variable","Manrope Fallback",system-ui}`,
  ].join("")
  return { href, css }
}
