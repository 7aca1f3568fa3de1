import { execFileSync } from "child_process"
import path from "path"
import { ROOT } from "./serve"

/** Runs `gatsby build` in the project (a warm build when .cache/ and public/ are there); returns its output and how long it took. */
export function gatsbyBuild(): { seconds: number; output: string } {
  const started = Date.now()
  const output = execFileSync(process.execPath, [path.join(ROOT, "node_modules/gatsby/cli.js"), "build"], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: "pipe",
    env: { ...process.env, NODE_ENV: "production", GATSBY_TELEMETRY_DISABLED: "1" },
  })
  return { seconds: (Date.now() - started) / 1000, output }
}
