/**
 * Reading style for sanitised post HTML: 18 px text on a ~68-character measure, serif headings,
 * quiet links. Written as Tailwind variants so it travels with the component and uses the theme tokens.
 */
export const PROSE = [
  "max-w-[68ch] text-[1.0625rem] leading-[1.75] text-ink-800 sm:text-lg",
  "[&>*:first-child]:mt-0",
  "[&_p]:mt-5",
  "[&_h1]:mt-12 [&_h1]:font-serif [&_h1]:text-3xl [&_h1]:font-semibold [&_h1]:leading-tight [&_h1]:text-ink-900",
  "[&_h2]:mt-12 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:leading-snug [&_h2]:text-ink-900",
  "[&_h3]:mt-9 [&_h3]:font-serif [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-ink-900",
  "[&_h4]:mt-8 [&_h4]:font-semibold [&_h4]:text-ink-900",
  "[&_h5]:mt-6 [&_h5]:font-semibold [&_h5]:text-ink-900",
  "[&_h6]:mt-6 [&_h6]:text-sm [&_h6]:font-semibold [&_h6]:uppercase [&_h6]:tracking-wider [&_h6]:text-slate-600",
  "[&_strong]:font-semibold [&_strong]:text-ink-900",
  "[&_a]:font-medium [&_a]:text-ink-900 [&_a]:underline [&_a]:decoration-gold-500 [&_a]:decoration-2 [&_a]:underline-offset-4 [&_a:hover]:decoration-ink-900",
  "[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_li]:mt-2 [&_li]:pl-1 [&_li::marker]:text-gold-600",
  "[&_blockquote]:my-8 [&_blockquote]:border-l-2 [&_blockquote]:border-gold-500 [&_blockquote]:pl-6 [&_blockquote]:font-serif [&_blockquote]:text-xl [&_blockquote]:italic [&_blockquote]:leading-relaxed [&_blockquote]:text-ink-900",
  "[&_blockquote_p]:mt-0",
  "[&_code]:rounded [&_code]:bg-ivory-200 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]",
  "[&_pre]:mt-6 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-ink-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-relaxed [&_pre]:text-ivory-100",
  "[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit",
].join(" ");
