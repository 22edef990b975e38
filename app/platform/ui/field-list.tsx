import { isValidElement, type InputHTMLAttributes, type ReactNode } from "react";
import type { Option } from "~/domain/vocabulary";
import { CheckboxGroup, RadioGroup } from "~/platform/ui/choice-fields";
import { CheckboxField, SelectField, TextAreaField, TextField, type FieldMeta } from "~/platform/ui/field";
import { PasswordField } from "~/platform/ui/password-field";

type InputAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "autoComplete" | "inputMode" | "maxLength" | "autoCapitalize" | "spellCheck"
>;

/**
 * One question of a form, as data: which control renders it, its words and its options. A form that
 * asks several is a list of these (the registration wizard's steps, the matching data, the contact
 * form), rendered by `FieldList`.
 */
export type FieldSpec = {
  name: string;
  hint?: ReactNode;
  /** The control's id, when it is not the field's name. */
  id?: string;
} & (
  | ({ kind: "text"; label: ReactNode; type?: "text" | "email" | "tel" | "date" } & InputAttributes)
  | { kind: "textarea"; label: ReactNode; rows?: number; maxLength?: number }
  | { kind: "select"; label: ReactNode; options: readonly Option[]; placeholder?: string; autoComplete?: string }
  | { kind: "checkboxes"; legend: ReactNode; options: readonly Option[] }
  | { kind: "radios"; legend: ReactNode; options: readonly Option[]; noAnswer?: string; columns?: 1 | 2 }
  | { kind: "checkbox"; label: ReactNode }
  | { kind: "password"; label: string; toggleLabel: string; refill?: boolean; autoComplete?: string }
);

/** A question, or a row of them: side by side on a wide screen, one under the other on a phone. */
export type FieldRow = FieldSpec | readonly FieldSpec[];

/** The control a spec names, bound to its conform field. */
export function Field({ spec, meta, autoFocus }: { spec: FieldSpec; meta: FieldMeta; autoFocus?: boolean }) {
  const common = { meta, id: spec.id, hint: spec.hint, autoFocus };
  switch (spec.kind) {
    case "text": {
      const { kind: _kind, name: _name, ...input } = spec;
      return <TextField {...common} {...input} />;
    }
    case "textarea":
      return <TextAreaField {...common} label={spec.label} rows={spec.rows} maxLength={spec.maxLength} />;
    case "select":
      return <SelectField {...common} label={spec.label} options={spec.options} placeholder={spec.placeholder} autoComplete={spec.autoComplete} />;
    case "checkboxes":
      return <CheckboxGroup {...common} legend={spec.legend} options={spec.options} />;
    case "radios":
      return <RadioGroup {...common} legend={spec.legend} options={spec.options} noAnswer={spec.noAnswer} columns={spec.columns} />;
    case "checkbox":
      return <CheckboxField meta={meta} label={spec.label} autoFocus={autoFocus} />;
    case "password":
      return <PasswordField {...common} label={spec.label} toggleLabel={spec.toggleLabel} refill={spec.refill} autoComplete={spec.autoComplete} />;
  }
}

/**
 * A list of questions, each bound by name to the form's conform fields; `focus` says which one takes
 * the focus when the page loads (after a refused post without JavaScript).
 */
export function FieldList({
  specs,
  fields,
  focus,
  className = "space-y-5",
}: {
  specs: readonly FieldRow[];
  fields: Record<string, FieldMeta>;
  // A method, so a form may name its own fields more narrowly than `string`.
  focus?(name: string): boolean | undefined;
  className?: string;
}) {
  // conform hands out a field for any name, so every spec finds its own.
  const render = (spec: FieldSpec) => <Field key={spec.name} spec={spec} meta={fields[spec.name] as FieldMeta} autoFocus={focus?.(spec.name)} />;
  return (
    <div className={className}>
      {specs.map((row) =>
        isRow(row) ? (
          <div key={row[0]?.name} className="grid gap-5 sm:grid-cols-2">
            {row.map(render)}
          </div>
        ) : (
          render(row)
        ),
      )}
    </div>
  );
}

const isRow = (row: FieldRow): row is readonly FieldSpec[] => Array.isArray(row);

const specsOf = (specs: readonly FieldRow[]): FieldSpec[] => specs.flatMap((row) => (isRow(row) ? [...row] : [row]));

/** A question's words as plain text (a label may hold markup: "Company <span>(optional)</span>"). */
function plainText(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(plainText).join("");
  if (isValidElement<{ children?: ReactNode }>(node)) return plainText(node.props.children);
  return "";
}

const questionOf = (spec: FieldSpec): string => plainText("legend" in spec ? spec.legend : spec.label).trim() || spec.name;

/**
 * At the top of a refused form, a link to each question with a message: a long form opens at its top
 * (without JavaScript, at the form's #anchor, where the browser's autofocus does not apply), and a
 * message under a question below the fold would go unseen. The messages stay under their questions;
 * this names the questions. With JavaScript the focus also moves to the first (conform).
 */
export function ErrorSummary({ specs, fields }: { specs: readonly FieldRow[]; fields: Record<string, FieldMeta> }) {
  const wrong = specsOf(specs).filter((spec) => fields[spec.name]?.errors?.length);
  if (!wrong.length) return null;
  return (
    <div role="alert" data-testid="error-summary" className="rounded-md border border-danger-700/30 bg-danger-50 px-4 py-3 text-sm text-danger-700">
      <p className="font-semibold">{wrong.length === 1 ? "One answer needs a change:" : `${wrong.length} answers need a change:`}</p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {wrong.map((spec) => (
          <li key={spec.name}>
            <a href={`#${spec.id ?? spec.name}`} className="font-medium underline underline-offset-2 hover:no-underline">
              {questionOf(spec)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
