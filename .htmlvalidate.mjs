// html-validate config for `npm run audit` (scripts/audit/html.ts), which validates
// the served HTML of every page. html-validate:recommended, with only the rules
// below adjusted: each fires on markup that React's server renderer or Gatsby
// generates, which is valid HTML. Everything else stays on, and what it finds
// in our own markup is reported, not switched off.
export default {
  root: true,
  extends: ["html-validate:recommended"],
  rules: {
    // React's server renderer writes DOM property names as attribute names
    // (charSet, srcSet, imageSrcSet, imageSizes, fetchPriority, maxLength,
    // autoComplete). HTML attribute names are case-insensitive, so these are
    // valid; camelCase is accepted beside lowercase, any other casing still fails.
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],

    // React always writes void elements self-closed (<meta/>, <link/>, <img/>,
    // <input/>), which HTML allows. Require that one style consistently.
    "void-style": ["error", { style: "selfclose" }],

    // Gatsby's root element is <div id="___gatsby">. HTML5 ids only need to be
    // non-empty and without whitespace; "relaxed" checks exactly that.
    "valid-id": ["error", { relaxed: true }],

    // Style attributes are valid HTML. Gatsby writes them itself
    // (#gatsby-focus-wrapper, #gatsby-announcer), <Picture> gives each
    // picture its aspect ratio and dominant colour, and react-slick
    // renders its track and slide positions inline; the CSP allows inline
    // styles (style-src 'unsafe-inline') for exactly this reason.
    "no-inline-style": "off",

    // Both spellings of a boolean attribute are valid HTML, and the page
    // mixes them without our say: React writes required="" and hidden="",
    // Gatsby's HTML template writes its body scripts as <script async>.
    "attribute-boolean-style": "off",
    // Same for attributes that may be empty: React writes hidden="".
    "attribute-empty-style": ["error", { style: "empty" }],

    // Gatsby's default HTML template (.cache/default-html.js) indents the
    // lines around its body scripts with spaces, leaving a whitespace-only
    // line in every page.
    "no-trailing-whitespace": "off",

    // Telephone links must not break mid-number. Ours carry the class
    // "nowrap" (white-space: nowrap) instead of U+00A0/U+2011: the site's
    // font has no U+2011, and a missing glyph costs a system-font lookup in
    // the first layout. The rule honours that class on the link itself.
    "tel-non-breaking": ["error", { ignoreClasses: ["nowrap"] }],
  },
}
