import * as React from "react"
import type { Inputs } from "../../../lib/estimate"

export const FIELDS = ["stream", "amount", "per", "moisture", "days", "grid", "heat", "heatUnit", "site", "climate", "collected", "fee"] as const
export type Field = (typeof FIELDS)[number]
export type Raw = Record<Field, string>

export const rawFrom = (inputs: Inputs): Raw => ({
  stream: inputs.stream,
  amount: String(inputs.amount),
  per: inputs.per,
  moisture: "",
  days: "",
  grid: "",
  heat: "",
  heatUnit: inputs.heatUnit,
  site: inputs.site,
  climate: inputs.climate,
  collected: "",
  fee: "",
})

/** The inputs a shared link carries (?stream=rice-husk&amount=20…), or undefined when it carries none; a missing amount is its stream's default */
export function rawFromSearch(search: string, defaultAmount: (stream: string) => number): Raw | undefined {
  const query = new URLSearchParams(search)
  if (!FIELDS.some((field) => query.has(field))) return undefined
  const raw = Object.fromEntries(FIELDS.map((field) => [field, query.get(field) ?? ""])) as Raw
  if (!query.has("amount")) raw.amount = String(defaultAmount(raw.stream))
  return raw
}

/**
 * What only the browser knows, for the render after hydration: the address's
 * query and that the script runs. That render is a transition, so React
 * renders the whole calculator again in slices of about 5 ms; a store whose
 * server snapshot differs from the client's (useSyncExternalStore) would
 * re-render it at once, in one task that held a slowed phone's main thread for
 * 100 ms and more (Lighthouse's long tasks on /estimate).
 */
export function useBrowserState(): { search: string; live: boolean } {
  const [state, setState] = React.useState({ search: "", live: false })
  React.useEffect(() => {
    React.startTransition(() => setState({ search: window.location.search, live: true }))
  }, [])
  return state
}
