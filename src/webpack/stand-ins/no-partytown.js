// Stands in for Gatsby's built-in partytown plugin (gatsby-browser.js) in the
// production browser bundle. Its one browser API, onInitialClientRender,
// returns at once unless NODE_ENV is development, yet its top-level requires
// pulled Partytown's snippet builder into every page's app script (about
// 1.1 kB gzip). The site has no <Script strategy="off-main-thread">, so nothing is
// lost; `gatsby develop` keeps the real plugin. A unit test checks both.
module.exports = {}
