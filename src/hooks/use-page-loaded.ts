import { useEffect, useState } from "react"

/** True once the window's load event has fired, so heavy media waits for the page. */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    if (document.readyState === "complete") {
      setLoaded(true)
      return
    }
    const onLoad = () => setLoaded(true)
    window.addEventListener("load", onLoad, { once: true })
    return () => window.removeEventListener("load", onLoad)
  }, [])
  return loaded
}
