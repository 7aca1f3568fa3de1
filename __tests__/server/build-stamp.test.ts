/**
 * What `npm start` and `npm run serve` make of the build they find (issue 48):
 * - a restart with nothing changed serves the build as it is, without a
 *   second build, although every build rewrites src/gatsby-types.d.ts and a
 *   warm one leaves public/index.html alone; a changed source still rebuilds;
 * - a build that fails at a restart leaves the last whole build served, with
 *   a warning, not the site down;
 * - a compiled server or routes file that is not whole (empty, cut short, a
 *   rule whose headers are a string, no stamp of a finished build) is refused
 *   with a non-zero exit and a line that says to build again.
 *
 * Each case runs in a copy of the project's build in a temporary folder
 * (node_modules as links): the checkout's public/ and .cache/ stay untouched,
 * and the only build started here fails within seconds (a page that does not
 * parse).
 */
import { execFileSync, spawn, spawnSync } from "child_process"
import fs from "fs"
import path from "path"
import { cleanUpAll, ROOT, tempDir } from "../support/form-server"
import { linkNodeModules } from "../support/project-copy"
import { sleep } from "../support/sleep"
import { ROUTES_FILE, SERVER_FILE, STAMP_FILE, writeStamp } from "../../src/server/build-record.js"

jest.setTimeout(120_000)

let builtAt = 0
beforeAll(() => {
  if (!fs.existsSync(path.join(ROOT, STAMP_FILE))) throw new Error("No finished build: run `npm run build` first (npm test does).")
  builtAt = Date.parse(JSON.parse(fs.readFileSync(path.join(ROOT, STAMP_FILE), "utf8")).startedAt)
})
afterAll(cleanUpAll)

function setTime(entry: string, when: Date): void {
  if (fs.lstatSync(entry).isDirectory()) for (const name of fs.readdirSync(entry)) setTime(path.join(entry, name), when)
  fs.utimesSync(entry, when, when)
}

/**
 * A copy of the project and its build, its files dated as a warm build leaves
 * them: the sources before the build began, public/index.html by an earlier
 * build (its home page did not change), src/gatsby-types.d.ts rewritten by
 * this one. Stamped again for the copy: what the copy holds is the build's
 * sources, whatever was edited in the checkout since.
 */
function copyBuiltProject(prefix: string, withPublic = true): string {
  const into = tempDir(prefix)
  const sources = ["src", "content", "static", "gatsby-config.ts", "gatsby-node.ts", "gatsby-ssr.tsx", "gatsby-browser.ts", "package-lock.json"]
  for (const entry of [...sources, "package.json", "tsconfig.json", "scripts/start.mjs", "scripts/check-node.mjs", ROUTES_FILE, SERVER_FILE, STAMP_FILE])
    fs.cpSync(path.join(ROOT, entry), path.join(into, entry), { recursive: true })
  linkNodeModules(into)
  for (const entry of sources) setTime(path.join(into, entry), new Date(builtAt - 3_600_000))
  fs.writeFileSync(path.join(into, "src", "gatsby-types.d.ts"), "// what typegen writes at every build\n")
  setTime(path.join(into, "src", "gatsby-types.d.ts"), new Date(builtAt + 5_000))
  if (withPublic) {
    fs.cpSync(path.join(ROOT, "public"), path.join(into, "public"), { recursive: true })
    setTime(path.join(into, "public", "index.html"), new Date(builtAt - 600_000))
  } else {
    fs.symlinkSync(path.join(ROOT, "public"), path.join(into, "public"))
  }
  writeStamp(into, builtAt)
  return into
}

function serverEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", FORMS_DATA_DIR: tempDir("stamp-data-") }
  // nothing from an outer npm run (start.mjs watches its parent when npm runs it) or the outer set-up
  for (const name of Object.keys(env)) if (/^(npm_|FORMS_(?!DATA_DIR)|SMTP_|MAIL_)/.test(name)) delete env[name]
  for (const name of ["PUBLIC_DIR", "TRUST_PROXY", "LOG_REQUESTS", "SITE_URL"]) delete env[name]
  return env
}

interface Started {
  /** from the start of `node scripts/start.mjs` to its server's "Serving" line */
  ms: number
  output: string
  /** the home page's status, asked once it serves */
  home: number
}

/** `node scripts/start.mjs` in folder until it serves (then stopped), builds (stopped at once, when allowBuild is false) or ends */
async function start(folder: string, allowBuild = false): Promise<Started> {
  const started = Date.now()
  const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: folder, env: serverEnv(), detached: true, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
  const ended = new Promise((resolve) => child.once("close", resolve))
  const stop = async () => {
    try {
      process.kill(-child.pid!, "SIGKILL")
    } catch {
      // gone already
    }
    await ended
  }
  try {
    for (const deadline = Date.now() + 90_000; Date.now() < deadline && child.exitCode === null; await sleep(25)) {
      const url = /Serving .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]
      if (url) {
        const ms = Date.now() - started
        const home = (await fetch(`${url}/`)).status
        return { ms, output, home }
      }
      if (!allowBuild && /building the site/.test(output)) break
    }
    return { ms: Date.now() - started, output, home: 0 }
  } finally {
    await stop()
  }
}

/** buildState() of scripts/start.mjs for a folder, in a real Node process (jest does not load ES modules) */
function buildState(root: string): { needed: boolean; reason: string } {
  const script = `import { buildState } from ${JSON.stringify(path.join(root, "scripts", "start.mjs"))}; process.stdout.write(JSON.stringify(buildState(${JSON.stringify(root)})))`
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 10_000 }))
}

describe("`npm start` after one build", () => {
  it("serves at once twice, with no second build, and builds again once a source changes", async () => {
    const folder = copyBuiltProject("stamp-restart-")
    const first = await start(folder)
    const second = await start(folder)
    console.log(`STAMP restart with nothing changed: served after ${first.ms} ms, then ${second.ms} ms\n${first.output}`)
    for (const run of [first, second]) {
      expect(run.output.split("\n")[0]).toBe("The build is up to date.")
      expect(run.home).toBe(200)
    }
    // a file renamed keeps its time: the list of files tells it
    fs.renameSync(path.join(folder, "src", "server", "server-config.ts"), path.join(folder, "src", "server", "settings.ts"))
    expect(buildState(folder)).toEqual({ needed: true, reason: "Changed since the last build (src)" })
    fs.appendFileSync(path.join(folder, "content", "company", "company.en.json"), "\n")
    expect(buildState(folder)).toEqual({ needed: true, reason: "Changed since the last build (src, content)" })
  })

  it("serves the last whole build, with a warning, when the build a changed source asks for fails", async () => {
    const folder = copyBuiltProject("stamp-failed-build-")
    fs.writeFileSync(path.join(folder, "src", "pages", "broken.tsx"), "export default function Broken() { return (\n")
    const run = await start(folder, true)
    const warnings = run.output.split("\n").filter((line) => line.startsWith("WARNING"))
    console.log(`STAMP failed build: served after ${run.ms} ms; ${warnings.join("; ")}`)
    expect(run.output).toMatch(/^Changed since the last build \(src\): building the site\.$/m)
    expect(run.output).toMatch(/src\/pages\/broken\.tsx/)
    expect(warnings).toEqual([
      expect.stringMatching(/^WARNING: the build failed \(exit 1\); serving the last whole build instead, finished .*Fix the build, then restart\.$/),
    ])
    expect(run.home).toBe(200)
    // from the copy set aside: the failed build rewrites public/ in place
    expect(run.output).toMatch(/^Serving .*last-whole-build\/public /m)
  })
})

describe("a build that is not whole", () => {
  const damage: Record<string, (folder: string) => void> = {
    "an empty compiled server": (folder) => fs.writeFileSync(path.join(folder, SERVER_FILE), ""),
    "a compiled server cut short": (folder) => {
      const file = path.join(folder, SERVER_FILE)
      fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 40_000))
    },
    "a routes file whose rule has string headers": (folder) => {
      const file = path.join(folder, ROUTES_FILE)
      const routes = JSON.parse(fs.readFileSync(file, "utf8"))
      routes.rules[0].headers = "x-frame-options: DENY"
      fs.writeFileSync(file, JSON.stringify(routes))
    },
    // the same file with a stamp that vouches for it: the rule itself is checked, not only the hash
    "a stamped routes file whose rule has string headers": (folder) => {
      const file = path.join(folder, ROUTES_FILE)
      const routes = JSON.parse(fs.readFileSync(file, "utf8"))
      routes.rules[0].headers = "x-frame-options: DENY"
      fs.writeFileSync(file, JSON.stringify(routes))
      writeStamp(folder, builtAt)
    },
    "a routes file cut short": (folder) => {
      const file = path.join(folder, ROUTES_FILE)
      fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 5_000))
    },
    "no stamp (a build killed before its end)": (folder) => fs.rmSync(path.join(folder, STAMP_FILE)),
  }

  it("is refused by `npm run serve` (start.mjs --no-build) with a non-zero exit and a line that says to build again", () => {
    for (const [name, apply] of Object.entries(damage)) {
      const folder = copyBuiltProject("stamp-damaged-", false)
      apply(folder)
      const serve = spawnSync(process.execPath, ["scripts/start.mjs", "--no-build"], { cwd: folder, env: serverEnv(), encoding: "utf8", timeout: 15_000 })
      console.log(`STAMP ${name}: exit ${serve.status ?? serve.signal}: ${serve.stdout}${serve.stderr}`)
      expect([name, serve.status]).toEqual([name, 1])
      expect([name, serve.stderr.trim().split("\n")]).toEqual([name, [expect.stringMatching(/production-server.*: build again with `npm run build`/)]])
      expect([name, serve.stdout]).toEqual([name, expect.not.stringMatching(/Serving/)])
    }
  })

  it("makes `npm start` build again (buildState, without building)", () => {
    for (const [name, apply] of Object.entries(damage)) {
      const folder = copyBuiltProject("stamp-damaged-", false)
      apply(folder)
      expect([name, buildState(folder)]).toEqual([name, { needed: true, reason: expect.stringMatching(/production-server/) }])
    }
  })
  // a production machine runs the compiled server itself (docs/serving.md); a server file cut short fails
  // to parse, and an empty one has nothing to check with: only `npm run serve` tells those
  it("is refused by the compiled server run directly, when its routes file or stamp is not whole", () => {
    for (const [name, apply] of Object.entries(damage).filter(([name]) => !name.includes("server"))) {
      const folder = copyBuiltProject("stamp-damaged-", false)
      apply(folder)
      const server = spawnSync(process.execPath, [SERVER_FILE], { cwd: folder, env: serverEnv(), encoding: "utf8", timeout: 15_000 })
      expect([name, server.status]).toEqual([name, 1])
      expect([name, server.stderr.trim().split("\n")]).toEqual([name, [expect.stringMatching(/production-server.*Build again/)]])
    }
  })
})
