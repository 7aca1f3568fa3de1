import { startTransition, useEffect, useState } from "react"

/**
 * True once the window's load event has fired, so heavy media waits for the
 * page. The change renders in a transition: it adds posters and video, which
 * need not block input.
 */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    const onLoad = () => startTransition(() => setLoaded(true))
    if (document.readyState === "complete") {
      onLoad()
      return
    }
    window.addEventListener("load", onLoad, { once: true })
    return () => window.removeEventListener("load", onLoad)
  }, [])
  return loaded
}
