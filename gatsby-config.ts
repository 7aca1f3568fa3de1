import type { GatsbyConfig } from "gatsby"
import site from "./content/site/site.json"

const config: GatsbyConfig = {
  siteMetadata: {
    siteUrl: site.siteUrl,
  },
  // The spec's routes are written without a trailing slash (/product, /contact);
  // "never" makes those the canonical paths and redirects the slashed forms.
  trailingSlash: "never",
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
