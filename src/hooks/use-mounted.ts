import { useEffect, useState } from "react"

/** False during server rendering and hydration, true after the first client commit. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return mounted
}
