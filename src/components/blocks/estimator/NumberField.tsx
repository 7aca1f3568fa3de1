import * as React from "react"
import { Pending } from "./Pending"

/** A line under a field: "note" is the waste's own (amountNote), "hint" says how to fill it in or how it was read */
export type FieldHint = { kind: "note" | "hint"; text: string; print?: boolean }

type Props = {
  name: string
  label: string
  inputMode: "decimal" | "numeric"
  value: string
  placeholder?: string
  disabled?: boolean
  /** the script runs: the input replaces its box (Pending) */
  live: boolean
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void
  hints: FieldHint[]
  /** the message, while what is typed cannot be read */
  error?: string
}

/**
 * A number the visitor types: a text input, not type="number", which would
 * refuse 1,00,000 and १,५०० (typedNumbers reads them). Its lines are
 * announced with it (aria-describedby), in the order they show.
 */
export function NumberField({ name, label, inputMode, value, placeholder, disabled, live, onChange, hints, error }: Props) {
  const id = `estimate-${name}`
  const described = [...hints.map((hint) => `${id}-${hint.kind}`), error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined
  return (
    <div className="field">
      <label htmlFor={live ? id : undefined}>{label}</label>
      {live ? (
        <input
          id={id}
          name={name}
          type="text"
          inputMode={inputMode}
          value={value}
          disabled={disabled}
          placeholder={placeholder}
          onChange={onChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
      ) : (
        // before the script runs nothing was typed yet: the box holds the value, else the placeholder, drawn as one
        <Pending text={value || (placeholder ?? "")} placeholder={!value} />
      )}
      {hints.map((hint) => (
        <p key={hint.kind} id={`${id}-${hint.kind}`} className={hint.print ? "field__hint estimator__hint-print" : "field__hint"}>
          {hint.text}
        </p>
      ))}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  )
}
