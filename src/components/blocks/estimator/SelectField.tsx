import * as React from "react"
import { Pending } from "./Pending"

type Props = {
  name: string
  label: string
  value: string
  /** what the box shows until the script runs: the chosen option's text */
  pendingText: string
  live: boolean
  onChange: (event: React.ChangeEvent<HTMLSelectElement>) => void
  className?: string
  /** said under the list, and announced with it */
  hint?: string
  children: React.ReactNode
}

/** A choice from a list (the waste, per day or per year); its options are the children */
export function SelectField({ name, label, value, pendingText, live, onChange, className, hint, children }: Props) {
  const id = `estimate-${name}`
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={live ? id : undefined}>{label}</label>
      {live ? (
        <select id={id} name={name} value={value} onChange={onChange} aria-describedby={hint ? `${id}-hint` : undefined}>
          {children}
        </select>
      ) : (
        <Pending text={pendingText} list />
      )}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  )
}
