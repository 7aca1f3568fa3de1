/**
 * How the build's processes are set up before Gatsby starts any
 * (src/build-time/build-processes.ts): on two cores or fewer the page
 * queries run in Gatsby's main process, so that the worker that renders the
 * pages is the one started with the build; Node's compile cache is on; a
 * variable someone set is theirs.
 */
import path from "node:path"
import { COMPILE_CACHE_DIR, setUpBuildProcesses } from "../../src/build-time/build-processes"

function setUp(env: NodeJS.ProcessEnv, cores: number): { env: NodeJS.ProcessEnv; cached: string[] } {
  const cached: string[] = []
  setUpBuildProcesses({ env, cores, enableCompileCache: (directory) => cached.push(directory) })
  return { env, cached }
}

it("has Gatsby run the queries in its main process on one or two cores, where its pool has one worker either way", () => {
  expect(setUp({}, 2).env.GATSBY_CPU_COUNT).toBe("1")
  expect(setUp({}, 1).env.GATSBY_CPU_COUNT).toBe("1")
})

it("leaves Gatsby's pool as it is on more cores", () => {
  expect(setUp({}, 3).env.GATSBY_CPU_COUNT).toBeUndefined()
  expect(setUp({}, 8).env.GATSBY_CPU_COUNT).toBeUndefined()
})

it("keeps a core count someone set", () => {
  expect(setUp({ GATSBY_CPU_COUNT: "logical_cores" }, 2).env.GATSBY_CPU_COUNT).toBe("logical_cores")
})

it("turns Node's compile cache on for this process and for the ones Gatsby starts, in one folder", () => {
  const { env, cached } = setUp({}, 4)
  expect(env.NODE_COMPILE_CACHE).toBe(path.resolve(COMPILE_CACHE_DIR))
  expect(cached).toEqual([path.resolve(COMPILE_CACHE_DIR)])
})

it("keeps a compile cache someone chose, and runs where Node has no compile cache", () => {
  const { env, cached } = setUp({ NODE_COMPILE_CACHE: "/tmp/elsewhere" }, 4)
  expect(env.NODE_COMPILE_CACHE).toBe("/tmp/elsewhere")
  expect(cached).toEqual([])
  const older: NodeJS.ProcessEnv = {}
  expect(() => setUpBuildProcesses({ env: older, cores: 2, enableCompileCache: undefined })).not.toThrow()
  expect(older.NODE_COMPILE_CACHE).toBe(path.resolve(COMPILE_CACHE_DIR))
})
