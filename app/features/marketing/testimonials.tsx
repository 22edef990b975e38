type Testimonial = { quote: string; name: string; role: string };

/** Client words in a row of three; attributions are kept discreet, as clients of private banks expect. */
export function Testimonials({ items }: { items: readonly Testimonial[] }) {
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {items.map((t) => (
        <li key={t.name}>
          <figure className="flex h-full flex-col rounded-card border border-ink-100 bg-white p-8">
            <svg aria-hidden="true" focusable="false" viewBox="0 0 32 24" className="h-6 w-8 text-gold-500" fill="currentColor">
              <path d="M0 24V14C0 6.5 4 1.7 11.5 0l1.3 2.6C8.6 4 6.5 6.8 6.3 10.5H12V24H0Zm19 0V14c0-7.5 4-12.3 11.5-14l1.3 2.6c-4.2 1.4-6.3 4.2-6.5 7.9H31V24H19Z" />
            </svg>
            <blockquote className="mt-6 flex-1 font-serif text-lg leading-relaxed text-ink-900">
              <p>{t.quote}</p>
            </blockquote>
            <figcaption className="mt-8 border-t border-ink-100 pt-5 text-sm">
              <span className="block font-semibold text-ink-900">{t.name}</span>
              <span className="block text-slate-600">{t.role}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
