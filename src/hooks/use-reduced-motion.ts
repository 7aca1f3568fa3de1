import { useClientSnapshot } from "./use-client-snapshot"

const QUERY = "(prefers-reduced-motion: reduce)"

function subscribe(notify: () => void): () => void {
  const list = window.matchMedia(QUERY)
  list.addEventListener("change", notify)
  return () => list.removeEventListener("change", notify)
}

const matches = () => window.matchMedia(QUERY).matches

/** True when the visitor asked for reduced motion; true on the server, so nothing moves before we know. */
export function useReducedMotion(): boolean {
  return useClientSnapshot(subscribe, matches, true)
}
