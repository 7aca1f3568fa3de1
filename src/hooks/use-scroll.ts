import { useSyncExternalStore } from "react"

export interface ScrollState {
  /** Vertical scroll offset in px */
  y: number
  /** Share of the page scrolled, 0–100 (capped at 100) */
  progress: number
  /** Direction of the last scroll movement */
  direction: "up" | "down"
}

const initial: ScrollState = { y: 0, progress: 0, direction: "up" }
let state = initial
let frame = 0
const listeners = new Set<() => void>()

function read(): void {
  frame = 0
  const y = window.scrollY
  // At the top nothing is scrolled, so the page's height (a layout read) is not needed.
  const max = y > 0 ? document.documentElement.scrollHeight - window.innerHeight : 0
  const progress = max > 0 ? Math.min(100, Math.max(0, (y / max) * 100)) : 0
  const direction = y > state.y ? "down" : y < state.y ? "up" : state.direction
  if (y === state.y && progress === state.progress) return
  state = { y, progress, direction }
  listeners.forEach((notify) => notify())
}

function onScroll(): void {
  if (!frame) frame = window.requestAnimationFrame(read)
}

/**
 * One passive scroll listener for the whole page, read once per animation
 * frame; every scroll-driven part (progress line, header, go-to-top)
 * subscribes to it instead of adding its own.
 */
function subscribe(notify: () => void): () => void {
  listeners.add(notify)
  if (listeners.size === 1) {
    window.addEventListener("scroll", onScroll, { passive: true })
    window.addEventListener("resize", onScroll, { passive: true })
    // The first reading waits for the next frame too: subscribing happens in
    // React's commit, where a read of the layout would force one.
    onScroll()
  }
  return () => {
    listeners.delete(notify)
    if (listeners.size === 0) {
      window.removeEventListener("scroll", onScroll)
      window.removeEventListener("resize", onScroll)
      if (frame) window.cancelAnimationFrame(frame)
      frame = 0
    }
  }
}

export function useScroll(): ScrollState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => initial,
  )
}
