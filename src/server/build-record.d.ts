// The types of build-record.js (plain CommonJS, so that scripts/start.mjs can require it without a compiler)
type Header = { key: string; value: string }

export interface SiteRoutes {
  files: { path: string; headers: Header[] }[]
  headerRoutes: { path: string; headers: Header[] }[]
  rules: { source: string; headers: Header[] }[]
}

export interface BuildStamp {
  startedAt: string
  finishedAt: string
  startedAtMs: number
  routes: string
  server: string
  /** each source (src, content, ...) with a sha256 of its files' names */
  sources: Record<string, string>
}

export declare const ROUTES_FILE: string
export declare const SERVER_FILE: string
export declare const STAMP_FILE: string
export declare function writeWhole(file: string, data: string | Uint8Array): void
export declare function writeStamp(root: string, startedAtMs: number): void
export declare function readRoutes(file: string): { routes: SiteRoutes; problem?: undefined } | { routes?: undefined; problem: string }
export declare function changedSources(root: string, stamp: BuildStamp): string[]
export declare function checkBuild(
  root: string,
  publicDir?: string,
): { stamp: BuildStamp; routes: SiteRoutes; problem?: undefined } | { stamp?: undefined; routes?: undefined; problem: string }
