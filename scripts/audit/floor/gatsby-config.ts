import type { GatsbyConfig } from "gatsby"

/** Nothing but Gatsby itself: what every page of any Gatsby site loads */
const config: GatsbyConfig = { plugins: [] }

export default config
