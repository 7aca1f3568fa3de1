// Stands in for src/components/layout/PageMetadata.tsx in the browser bundle.
// The canonical URL, the alternates, the Open Graph and Twitter tags and the
// JSON-LD are read by search engines and link previews from the server's HTML,
// where gatsby-ssr keeps them out of Gatsby's head diff, so hydration leaves
// them; a browser needs no code to render them again (about 4 kB minified on
// every page: the component, the structured data, the pages' trails).
exports.PageMetadata = function PageMetadata() {
  return null
}
