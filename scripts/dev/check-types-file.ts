#!/usr/bin/env -S npx tsx
// `npm run typecheck` needs the GraphQL types Gatsby writes on every build and
// develop run (graphqlTypegen in gatsby-config.ts). They are not in git, so on
// a fresh clone say so instead of letting tsc report every query type missing.
import fs from "node:fs"
import path from "node:path"

const file = path.join(__dirname, "..", "..", "src", "gatsby-types.d.ts")
if (!fs.existsSync(file)) {
  console.error(
    "src/gatsby-types.d.ts is missing: Gatsby writes it on every build and develop run. Run `npm run build` (or `npm run develop`) once, then `npm run typecheck`.",
  )
  process.exit(1)
}
