// What Netlify's edge bundler (deno/config.ts) imports from edge.netlify.com for a type only, so a build reads an edge function's config offline (netlify.toml)
export type NetlifyGlobal = unknown
