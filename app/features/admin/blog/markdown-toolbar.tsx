type Edit = { label: string; title: string; apply: (selected: string) => { text: string; select: [number, number] } };

/** Each button wraps the selection (or a placeholder) and selects what the writer most likely types next. */
const wrap = (mark: string, placeholder: string) => (selected: string) => {
  const inner = selected || placeholder;
  return { text: `${mark}${inner}${mark}`, select: [mark.length, mark.length + inner.length] as [number, number] };
};

/** Starts every selected line (or a new one) with `prefix`. */
const linePrefix = (prefix: string, placeholder: string) => (selected: string) => {
  const lines = (selected || placeholder).split("\n");
  const text = lines.map((l) => `${prefix}${l.replace(/^(#{1,6} |- |> )/, "")}`).join("\n");
  return { text, select: selected ? [0, text.length] : [prefix.length, text.length] } as { text: string; select: [number, number] };
};

const EDITS: Edit[] = [
  { label: "B", title: "Bold", apply: wrap("**", "bold text") },
  { label: "I", title: "Italic", apply: wrap("_", "italic text") },
  { label: "H", title: "Heading", apply: linePrefix("## ", "Heading") },
  {
    label: "Link",
    title: "Link",
    apply: (selected) => {
      const text = `[${selected || "link text"}](https://)`;
      // The address is what is left to write.
      return { text, select: [text.length - 9, text.length - 1] };
    },
  },
  { label: "List", title: "Bulleted list", apply: linePrefix("- ", "List item") },
  { label: "Quote", title: "Quote", apply: linePrefix("> ", "Quoted text") },
];

/** Runs an edit on the textarea's selection; an input event lets the form (and the live preview) see the change. */
function applyEdit(area: HTMLTextAreaElement, edit: Edit) {
  const { selectionStart: start, selectionEnd: end, value } = area;
  // Line edits start at the beginning of the first selected line.
  const lineEdit = edit.title === "Heading" || edit.title === "Bulleted list" || edit.title === "Quote";
  const from = lineEdit ? value.lastIndexOf("\n", start - 1) + 1 : start;
  const { text, select } = edit.apply(value.slice(from, end));
  area.focus();
  area.setRangeText(text, from, end, "end");
  area.setSelectionRange(from + select[0], from + select[1]);
  area.dispatchEvent(new Event("input", { bubbles: true }));
}

/** Bold, italic, heading, link, list, quote for the Markdown box; rendered only once JavaScript runs. */
export function MarkdownToolbar({ targetId }: { targetId: string }) {
  return (
    <div role="toolbar" aria-label="Formatting" aria-controls={targetId} className="flex flex-wrap gap-1 rounded-t-md border border-b-0 border-ink-200 bg-ivory-50 p-1">
      {EDITS.map((edit) => (
        <button
          key={edit.title}
          type="button"
          title={edit.title}
          aria-label={edit.title}
          onClick={() => {
            const area = document.getElementById(targetId);
            if (area instanceof HTMLTextAreaElement) applyEdit(area, edit);
          }}
          className={`min-h-9 min-w-9 rounded px-2.5 text-sm text-ink-800 hover:bg-ivory-200 focus-visible:outline-2 focus-visible:outline-gold-400 ${
            edit.label === "B" ? "font-bold" : edit.label === "I" ? "font-serif italic" : "font-medium"
          }`}
        >
          {edit.label}
        </button>
      ))}
    </div>
  );
}

/** What the Markdown box understands, in the words of someone writing an article. */
export function MarkdownHelp() {
  return (
    <details className="mt-2 rounded-md border border-ink-100 bg-ivory-50 px-4 py-3 text-sm text-slate-600">
      <summary className="cursor-pointer font-medium text-ink-800">Markdown help</summary>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        <dt><code className="font-mono text-ink-900">**bold**</code></dt>
        <dd>bold text</dd>
        <dt><code className="font-mono text-ink-900">_italic_</code></dt>
        <dd>italic text</dd>
        <dt><code className="font-mono text-ink-900">## Heading</code></dt>
        <dd>a section heading (### for a smaller one)</dd>
        <dt><code className="font-mono text-ink-900">[words](https://…)</code></dt>
        <dd>a link</dd>
        <dt><code className="font-mono text-ink-900">- item</code></dt>
        <dd>a bulleted list (1. for a numbered one)</dd>
        <dt><code className="font-mono text-ink-900">&gt; quote</code></dt>
        <dd>a pull quote</dd>
        <dt><code className="font-mono text-ink-900">`code`</code></dt>
        <dd>a figure or term in code style</dd>
      </dl>
      <p className="mt-3">
        A blank line starts a new paragraph. Pictures go in the Featured image panel; images, tables and scripts in the text are left out when the post is shown.
      </p>
    </details>
  );
}
