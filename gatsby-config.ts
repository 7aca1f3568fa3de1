import type { GatsbyConfig } from "gatsby"
import site from "./content/site/site.json"
import { siteHeaders } from "./src/security/headers"

const config: GatsbyConfig = {
  siteMetadata: {
    siteUrl: site.siteUrl,
  },
  // The spec's routes are written without a trailing slash (/product, /contact);
  // "never" makes those the canonical paths and redirects the slashed forms.
  trailingSlash: "never",
  // Security and caching headers, declared once: Gatsby's adapters apply
  // them, and so does the production server (src/server/app.ts).
  headers: siteHeaders(),
  graphqlTypegen: {
    typesOutputPath: "src/gatsby-types.d.ts",
    generateOnBuild: true,
  },
  plugins: [
    "gatsby-plugin-image",
    {
      resolve: "gatsby-plugin-sharp",
      options: {
        defaults: {
          formats: ["auto", "webp", "avif"],
          placeholder: "dominantColor",
          quality: 72,
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
  ],
}

export default config
