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
 * here, the spaces between Hindi words stay in the face of the words, before
 * the swap (the system's Noto) and after. Left to Manrope (0.20 em), they
 * were Manrope Fallback's 0.29 em until Manrope came, and that swap alone
 * re-wrapped the hero's Hindi text (a layout shift of 0.012 at 375 px).
 */
const SPACES = "U+0020, U+00A0"

/** What the Devanagari faces draw */
export const DEVANAGARI_FACE_RANGE = `${SPACES}, ${DEVANAGARI_RANGE}`

/**
 * The Devanagari faces of a page in `language` (hi), with the font file's
 * address. The font stack puts Noto and its fallback first: their
 * unicode-range leaves every Latin letter, digit and sign (company names,
 * units) to Manrope, and the zero width joiners inside Devanagari words stay
 * in the face that shapes them. The fallback comes before Manrope, so that
 * Manrope's arriving first does not take the spaces over until Noto comes.
 *
 * The fallback is the system's own Noto Sans Devanagari (Android's, most
 * Linux desktops'; variable from Android 12 on, so it claims every weight
 * and bold headings are drawn as bold as the web font's, not a synthetic
 * bold of another width) with the web font's vertical metrics (ascent 0.896,
 * descent 0.408 of the em, read from the file): as the page's first font
 * (the first with a space) it sets the lines' baselines, so text drawn before
 * the web font arrives is as wide and sits as high as after the swap. Its
 * unicode-range keeps it from drawing Latin letters in place of Manrope's
 * fallback.
 */
export function devanagariFont(href: string, language: string): ScriptFont {
  const css = [
    `@font-face{font-family:"Noto Sans Devanagari Variable";font-style:normal;font-display:swap;font-weight:100 900;src:url("${href}") format("woff2-variations");unicode-range:${DEVANAGARI_FACE_RANGE}}`,
    `@font-face{font-family:"Noto Sans Devanagari Fallback";font-weight:100 900;src:local("Noto Sans Devanagari"),local("NotoSansDevanagari-Regular");size-adjust:100%;ascent-override:89.6%;descent-override:40.8%;line-gap-override:0%;unicode-range:${DEVANAGARI_FACE_RANGE}}`,
    // :root:lang() outranks tokens.css's :root wherever either sheet comes in the <head>
    `:root:lang(${language}){--font:"Noto Sans Devanagari Variable","Noto Sans Devanagari Fallback","Manrope Variable","Manrope Fallback",system-ui}`,
  ].join("")
  return { href, css }
}
