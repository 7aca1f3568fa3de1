import * as React from "react"
import {
  defaultCollected,
  defaultDays,
  defaultMoisture,
  factorById,
  fromMegajoules,
  heatingValueOf,
  MAX_AMOUNT,
  MAX_GRID,
  MAX_MOISTURE,
  maxHeat,
  moistureFixed,
  type EstimateModel,
  type InputErrors,
  type Inputs,
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
  /** the inputs as read (the choices' defaults filled in) */
  inputs: Inputs
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
export function EstimatorForm({ form, model, raw, inputs, errors, stream, live, amountRead, change, figure, exact }: Props) {
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
      {stream.heatingValue && (
        <HeatFields form={form} model={model} raw={raw} inputs={inputs} errors={errors} stream={stream} live={live} change={change} figure={figure} />
      )}
      {stream.landfillCarbon && (
        <LandfillFields form={form} model={model} raw={raw} inputs={inputs} errors={errors} live={live} change={change} figure={figure} />
      )}
    </div>
  )
}

type PartProps = Pick<Props, "form" | "model" | "raw" | "inputs" | "errors" | "live" | "change" | "figure">

/**
 * The visitor's own heating value, in MJ/kg or kcal/kg as Indian reports give
 * it: empty, the waste's published typical value (at the moisture given) is
 * the placeholder, in the unit chosen; the waste's note says whose waste the
 * default is.
 */
function HeatFields({ form, model, raw, inputs, errors, stream, live, change, figure }: PartProps & { stream: Stream }) {
  const unit = inputs.heatUnit === "kcal" ? form.heatUnitKcal : form.heatUnitMJ
  const typical = fromMegajoules(heatingValueOf(model, stream, { moisture: inputs.moisture, heatUnit: "mj" }).typical, inputs.heatUnit)
  const hints: FieldHint[] = [{ kind: "hint", text: fill(form.heatHint, { default: figure(typical), unit }) }]
  if (stream.heatingValueNote) hints.push({ kind: "note", text: stream.heatingValueNote })
  return (
    <>
      <NumberField
        name="heat"
        label={form.heat}
        inputMode="decimal"
        value={raw.heat}
        placeholder={figure(typical)}
        live={live}
        onChange={change("heat")}
        hints={hints}
        error={errors.heat ? fill(form.heatError, { max: figure(maxHeat(inputs.heatUnit)), unit }) : undefined}
      />
      <SelectField name="heatUnit" label={form.heatUnit} value={inputs.heatUnit} pendingText={unit} live={live} onChange={change("heatUnit")}>
        <option value="mj">{form.heatUnitMJ}</option>
        <option value="kcal">{form.heatUnitKcal}</option>
      </SelectField>
    </>
  )
}

/** Where the waste goes now, and how fast it would decay there: the visitor's choices, not the estimate's uncertainty */
function LandfillFields({ form, model, raw, inputs, errors, live, change, figure }: PartProps) {
  const site = model.sites.find((candidate) => candidate.id === inputs.site)
  const climate = model.climates.find((candidate) => candidate.id === inputs.climate)
  return (
    <>
      <SelectField name="site" label={form.site} value={inputs.site} pendingText={site?.name ?? ""} live={live} onChange={change("site")} hint={form.siteHint}>
        {model.sites.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        name="climate"
        label={form.climate}
        value={inputs.climate}
        pendingText={climate?.name ?? ""}
        live={live}
        onChange={change("climate")}
        hint={form.climateHint}
      >
        {model.climates.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
          </option>
        ))}
      </SelectField>
      <NumberField
        name="collected"
        label={form.collected}
        inputMode="decimal"
        value={raw.collected}
        placeholder={figure(defaultCollected(model))}
        live={live}
        onChange={change("collected")}
        hints={[{ kind: "hint", text: fill(form.collectedHint, { default: figure(defaultCollected(model)) }) }]}
        error={errors.collected ? form.collectedError : undefined}
      />
    </>
  )
}
