import type { GatsbyConfig } from "gatsby"
import site from "./content/site/site.en.json"
import { serveAdminInDevelop } from "./src/cms/admin"
import { siteRoutes } from "./src/content/routes"
import { LANGUAGES, localizedPath, sitemapAlternates } from "./src/lib/languages"
import { siteHeaders } from "./src/build-time/site-headers"
import { exportFunctionHeaders, siteAdapter } from "./src/build-time/adapters"
import { RENDITIONS_DIR, RENDITIONS_SOURCE } from "./src/images/renditions"
import { setUpBuildProcesses } from "./src/build-time/build-processes"

// before Gatsby starts its worker pool (src/build-time/build-processes.ts says what and why)
setUpBuildProcesses()

const headers = siteHeaders()
// The form endpoints' answers carry the same headers wherever they run (src/build-time/adapters.ts)
exportFunctionHeaders(headers)

const config: GatsbyConfig = {
  siteMetadata: {
    siteUrl: site.siteUrl,
  },
  // The spec's routes are written without a trailing slash (/product, /contact);
  // "never" makes those the canonical paths and redirects the slashed forms.
  trailingSlash: "never",
  // Security and caching headers, declared once: Gatsby's adapters apply
  // them, and so does the production server (src/server/app.ts).
  headers,
  // Hands each built file and its headers (as Gatsby computes them from the
  // rules above) to the production server; with SITE_ADAPTER=netlify (set by
  // netlify.toml) to gatsby-adapter-netlify instead (src/build-time/adapters.ts,
  // docs/deploying.md).
  adapter: siteAdapter(headers),
  // /admin under `gatsby develop`: the CMS that saves into this checkout
  // (src/cms/admin.ts says why here and not in gatsby-node).
  developMiddleware: (app) => serveAdminInDevelop(app),
  graphqlTypegen: {
    typesOutputPath: "src/gatsby-types.d.ts",
    generateOnBuild: true,
    // the queries of the build's hooks (createPages in src/build-time/pages.ts), besides Gatsby's default
    documentSearchPaths: ["./gatsby-node.ts", "./src/build-time/*.ts"],
  },
  // gatsby-plugin-image is a dependency for its types and the image data
  // that gatsby-transformer-sharp resolves, but not a plugin here: the site
  // renders its own <picture> (src/components/primitives/Picture.tsx), and
  // as a plugin it put a style, a noscript style and a module script for its
  // GatsbyImage fade-in into every page and parsed every source file for
  // StaticImage.
  plugins: [
    {
      // sitemap-index.xml and sitemap-0.xml on every build; the routes that are
      // not for search engines (src/content/routes.ts: where the forms end) and
      // Gatsby's own 404 pages are left out
      resolve: "gatsby-plugin-sitemap",
      options: {
        excludes: [
          ...LANGUAGES.flatMap(({ code }) => [localizedPath("/404", code), localizedPath("/404.html", code)]),
          "/dev-404-page",
          ...siteRoutes(process.cwd())
            .filter((route) => !route.indexed && route.kind !== "not-found")
            .map((route) => route.path),
        ],
        // each page with its alternates in every language (and x-default), as its head lists them
        serialize: ({ path }: { path: string }) => ({ url: path, links: sitemapAlternates(site.siteUrl, path) }),
      },
    },
    {
      resolve: "gatsby-plugin-sharp",
      options: {
        defaults: {
          // AVIF for the <source>, WebP for the <img>, which every browser the site supports
          // decodes (PRODUCT.md: AVIF and WebP). No JPEG: a third more markup in every
          // <picture> and a third more files for each photo an editor adds, for no browser.
          formats: ["webp", "avif"],
          placeholder: "dominantColor",
          quality: 72,
          // The illustrations are flat colour: AVIF at 50 looks the same as at 72
          // (compared side by side) and is about 40 % smaller, which the phone
          // budget (LCP, bytes before first paint) needs.
          avifOptions: { quality: 50 },
        },
      },
    },
    "gatsby-transformer-sharp",
    "gatsby-transformer-json",
    {
      resolve: "gatsby-source-filesystem",
      options: {
        name: "content",
        path: "./content",
        ignore: ["**/*.md"],
      },
    },
    {
      // The gallery's camera-size pictures at the largest size the site shows
      // them, made by gatsby-node before sourcing (src/images/renditions.ts)
      resolve: "gatsby-source-filesystem",
      options: { name: RENDITIONS_SOURCE, path: `./${RENDITIONS_DIR}` },
    },
  ],
}

export default config
