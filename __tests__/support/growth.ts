/**
 * How a function's cost grows with its input, for a unit test that must tell
 * linear from quadratic on any host, idle or busy: no absolute time, only
 * the cost of an input 4 times larger against the cost of the input, timed
 * in turn in the same test. Linear work grows about 4 times, quadratic work
 * about 16: a test asserts under 8 (GROWTH_LIMIT). Absolute timings belong
 * to benchmarks and the audit.
 *
 * Timed in the thread's CPU time, not on the wall: on a busy host a turn of
 * a few milliseconds often runs whole while a longer one is always
 * interrupted, so wall-clock ratios grow with the host's load (in turns
 * under a millisecond, canonicalTarget measured 17.9 while a build ran; in
 * turns of a few, one run in 20 failed at load 8.9). CPU time is counted
 * in the kernel's ticks (4 ms here), so a turn repeats the call until the
 * small input has cost TURN_MS.
 */

/** Between a linear algorithm's 4 and a quadratic one's 16, twice from each */
export const GROWTH_LIMIT = 8

/** A small input's turn: several of the kernel's CPU-time ticks */
const TURN_MS = 25

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** This thread's CPU time in ms (the process's where Node cannot tell a thread's) */
function cpuMs(): number {
  const used = process.threadCpuUsage?.() ?? process.cpuUsage()
  return (used.user + used.system) / 1000
}

/**
 * The median CPU time of `run` on make(4 n) over its median on make(n), each
 * timed `turns` times, alternately, after a first run of each (the JIT
 * compiles on it), each turn as many calls as make TURN_MS on the small one.
 */
export function growth<T>(make: (size: number) => T, run: (input: T) => unknown, n: number, turns = 5): { ratio: number; smallMs: number; largeMs: number } {
  const small = make(n)
  const large = make(4 * n)
  const time = (input: T, calls: number) => {
    const started = cpuMs()
    for (let call = 0; call < calls; call += 1) run(input)
    return cpuMs() - started
  }
  run(small)
  run(large)
  let calls = 1
  while (time(small, calls) < TURN_MS) calls *= 2
  const smallMs: number[] = []
  const largeMs: number[] = []
  for (let turn = 0; turn < turns; turn += 1) {
    smallMs.push(time(small, calls))
    largeMs.push(time(large, calls))
  }
  return { ratio: median(largeMs) / median(smallMs), smallMs: median(smallMs), largeMs: median(largeMs) }
}
