// Stands in for Gatsby's .cache/register-service-worker.js in the browser
// bundle. Gatsby requires that module only when a plugin's registerServiceWorker
// returns true, and no plugin of this site has one (no offline plugin, no
// service worker), yet webpack bundled its 1.1 kB into every page's app
// script. A unit test checks that no plugin or gatsby-browser implements the API.
module.exports = {}
