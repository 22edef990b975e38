import type { ReactNode } from "react";
import { getInputProps } from "@conform-to/react";
import { boxClass, controlProps, ErrorList, type FieldMeta } from "~/platform/ui/field";
import type { Option } from "~/domain/vocabulary";

/** A field's initial value as the list of values to tick. */
const asList = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : typeof v === "string" ? [v] : [];

/**
 * One box of a group: conform's name and checked state, our own id and aria wiring. The value is set
 * here too: conform leaves out an empty one, and the no-answer choice's value is "".
 */
function boxProps(meta: FieldMeta, type: "checkbox" | "radio", value: string) {
  const { key, rest } = controlProps(getInputProps(meta, { type, value, ariaAttributes: false }));
  return { key, rest: { ...rest, value } };
}

const legendClass = "mb-3 block text-sm font-medium text-ink-800";
const tileClass =
  "flex cursor-pointer items-start gap-3 rounded-md border border-ink-100 bg-white px-3.5 py-3 text-sm text-ink-900 transition-colors hover:border-ink-300 has-[:checked]:border-ink-800 has-[:checked]:bg-ink-50";

type GroupProps = {
  meta: FieldMeta;
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly Option[];
  columns?: 1 | 2;
  autoFocus?: boolean;
};

type TilesProps = GroupProps & {
  type: "checkbox" | "radio";
  /** Ticked at first; conform's own reading of the field's value when left out. */
  checked?: (value: string) => boolean;
  /** The value whose box takes the focus when the group does. */
  focusOn?: string;
};

/** A fieldset of labelled boxes, one per option, with the group's hint and error words. */
function Tiles({ meta, legend, hint, options, columns = 2, autoFocus, type, checked, focusOn }: TilesProps) {
  const { name, errors } = meta;
  const describedBy = [hint ? `${name}-hint` : null, errors?.length ? `${name}-error` : null].filter(Boolean).join(" ");
  return (
    <fieldset aria-describedby={describedBy || undefined}>
      <legend className={legendClass}>{legend}</legend>
      {hint ? (
        <p id={`${name}-hint`} className="-mt-2 mb-3 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className={`grid gap-2.5 ${columns === 2 ? "sm:grid-cols-2" : ""}`}>
        {options.map((o, i) => {
          const { key, rest } = boxProps(meta, type, o.value);
          return (
            <label key={o.value} className={tileClass}>
              <input
                key={key}
                {...rest}
                id={i === 0 ? name : undefined}
                defaultChecked={checked ? checked(o.value) : rest.defaultChecked}
                autoFocus={autoFocus && o.value === focusOn ? true : undefined}
                aria-invalid={errors?.length ? true : undefined}
                className={type === "radio" ? `${boxClass} rounded-full` : boxClass}
              />
              <span>{o.label}</span>
            </label>
          );
        })}
      </div>
      <ErrorList id={`${name}-error`} errors={errors} />
    </fieldset>
  );
}

/** A multi-select as a set of checkboxes, each with its own label. */
export function CheckboxGroup(props: GroupProps) {
  return <Tiles {...props} type="checkbox" focusOn={props.options[0]?.value} />;
}

/**
 * One choice among a few, each a labelled radio button. An optional question names its `noAnswer`: a
 * last choice that answers nothing, so an answer once given can be taken back (a radio button cannot be
 * unticked). While nothing is answered that last choice is ticked, which conform cannot know.
 */
export function RadioGroup({ noAnswer, ...props }: GroupProps & { noAnswer?: string }) {
  const options = noAnswer ? [...props.options, { value: "", label: noAnswer }] : props.options;
  const given = asList(props.meta.initialValue)[0];
  const chosen = props.options.some((o) => o.value === given) ? given : noAnswer ? "" : undefined;
  return <Tiles {...props} options={options} type="radio" checked={(value) => chosen === value} focusOn={chosen ?? options[0]?.value} />;
}

/** Large cards for choosing the account type. */
export function RadioCards({
  meta,
  legend,
  options,
  autoFocus,
}: Omit<GroupProps, "options"> & { options: readonly (Option & { description: string; icon?: ReactNode })[] }) {
  const { name, errors } = meta;
  const chosen = asList(meta.initialValue)[0];
  const focused = options.some((o) => o.value === chosen) ? chosen : options[0]?.value;
  return (
    <fieldset aria-describedby={errors?.length ? `${name}-error` : undefined}>
      <legend className={legendClass}>{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {options.map((o, i) => (
          <label
            key={o.value}
            className="group relative flex cursor-pointer flex-col gap-3 rounded-card border border-ink-100 bg-white p-5 transition-colors hover:border-ink-300 has-[:checked]:border-ink-900 has-[:checked]:bg-ink-50 has-[:checked]:ring-1 has-[:checked]:ring-ink-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-500"
          >
            <span className="flex items-start justify-between gap-3">
              {o.icon ?? null}
              <input
                {...boxProps(meta, "radio", o.value).rest}
                id={i === 0 ? name : undefined}
                autoFocus={autoFocus && o.value === focused ? true : undefined}
                aria-invalid={errors?.length ? true : undefined}
                aria-labelledby={`${name}-${o.value}-label`}
                aria-describedby={`${name}-${o.value}-description`}
                className="mt-1 size-4 accent-ink-900 focus-visible:outline-none"
              />
            </span>
            <span id={`${name}-${o.value}-label`} className="font-serif text-xl font-semibold text-ink-900">
              {o.label}
            </span>
            <span id={`${name}-${o.value}-description`} className="text-sm leading-relaxed text-slate-600">
              {o.description}
            </span>
          </label>
        ))}
      </div>
      <ErrorList id={`${name}-error`} errors={errors} />
    </fieldset>
  );
}
