import * as React from "react"
import {
  defaultDays,
  defaultMoisture,
  factorById,
  MAX_AMOUNT,
  MAX_GRID,
  MAX_MOISTURE,
  moistureFixed,
  type EstimateModel,
  type InputErrors,
  type Stream,
} from "../../../lib/estimate"
import { fill } from "../../../lib/text"
import { typedNumberText, type Figure } from "./figures"
import { NumberField, type FieldHint } from "./NumberField"
import { SelectField } from "./SelectField"
import type { Field, Raw } from "./state"

type Props = {
  form: Queries.EstimatorFragment["form"]
  model: EstimateModel
  raw: Raw
  errors: InputErrors
  stream: Stream
  live: boolean
  /** how a typed amount was read, when it is not plain digits */
  amountRead: string | undefined
  change: (field: Field) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void
  figure: Figure
  exact: (value: number) => string
}

/** The calculator's fields: the waste, how much of it, and what the visitor knows better than our defaults */
export function EstimatorForm({ form, model, raw, errors, stream, live, amountRead, change, figure, exact }: Props) {
  const fixed = moistureFixed(stream)
  const groups = [...new Set(model.streams.map((candidate) => candidate.group))]
  const defaultGrid = factorById(model, model.shared.gridEmission)
  const amountHints: FieldHint[] = []
  if (stream.amountNote) amountHints.push({ kind: "note", text: stream.amountNote })
  if (amountRead) amountHints.push({ kind: "hint", text: amountRead })

  return (
    // not a <form>: nothing is sent, the results follow each change
    <div className="estimator__form">
      <SelectField
        name="stream"
        label={form.stream}
        value={raw.stream}
        pendingText={stream.name}
        live={live}
        onChange={change("stream")}
        className="estimator__stream"
      >
        {groups.map((group) => (
          <optgroup key={group} label={group}>
            {model.streams
              .filter((candidate) => candidate.group === group)
              .map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
          </optgroup>
        ))}
      </SelectField>
      <NumberField
        name="amount"
        label={form.amount}
        inputMode="decimal"
        value={raw.amount}
        live={live}
        onChange={change("amount")}
        hints={amountHints}
        error={errors.amount ? fill(form.amountError, { max: typedNumberText(MAX_AMOUNT), example: typedNumberText(1500) }) : undefined}
      />
      <SelectField
        name="per"
        label={form.per}
        value={raw.per}
        pendingText={raw.per === "year" ? form.perYear : form.perDay}
        live={live}
        onChange={change("per")}
      >
        <option value="day">{form.perDay}</option>
        <option value="year">{form.perYear}</option>
      </SelectField>
      <NumberField
        name="moisture"
        label={form.moisture}
        inputMode="decimal"
        value={fixed ? "" : raw.moisture}
        disabled={fixed}
        placeholder={fixed ? undefined : figure(defaultMoisture(model, stream))}
        live={live}
        onChange={change("moisture")}
        hints={[
          { kind: "hint", text: fixed ? form.moistureFixed : fill(form.moistureHint, { default: figure(defaultMoisture(model, stream)) }), print: fixed },
        ]}
        error={errors.moisture ? fill(form.moistureError, { max: exact(MAX_MOISTURE) }) : undefined}
      />
      <NumberField
        name="days"
        label={form.days}
        inputMode="numeric"
        value={raw.days}
        placeholder={exact(defaultDays(model))}
        live={live}
        onChange={change("days")}
        hints={[{ kind: "hint", text: fill(form.daysHint, { default: exact(defaultDays(model)) }) }]}
        error={errors.days ? form.daysError : undefined}
      />
      <NumberField
        name="grid"
        label={form.grid}
        inputMode="decimal"
        value={raw.grid}
        placeholder={figure(defaultGrid.typical)}
        live={live}
        onChange={change("grid")}
        hints={[
          { kind: "hint", text: fill(form.gridHint, { low: figure(defaultGrid.low), typical: figure(defaultGrid.typical), high: figure(defaultGrid.high) }) },
        ]}
        error={errors.grid ? fill(form.gridError, { max: figure(MAX_GRID) }) : undefined}
      />
    </div>
  )
}
