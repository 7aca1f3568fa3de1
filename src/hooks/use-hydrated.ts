import { startTransition, useEffect, useState } from "react"

/**
 * False in the server's HTML and while React hydrates it, true from the next
 * render on: for attributes that only make sense once scripts run. The hero
 * makes its hidden slides inert with it, so that without JavaScript, where
 * the HTML is all there is, every slide stays readable and reachable. The
 * change renders in a transition, with the other first client values
 * (use-client-snapshot.ts), not as a render of its own.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => {
    startTransition(() => setHydrated(true))
  }, [])
  return hydrated
}
