/**
 * Line drawings that give pages an architectural feel without photographs. All are decorative:
 * hidden from assistive technology and coloured from the theme through `currentColor`.
 */

type Point = readonly [number, number];

/** Receding arches, like looking down a vaulted gallery. Made for the dark home hero. */
export function ArchesArt({ className = "" }: { className?: string }) {
  const vanish: Point = [240, 330];
  const scales = [1, 0.8, 0.64, 0.512, 0.41, 0.328, 0.262];
  const toward = ([x, y]: Point, s: number): Point => [vanish[0] + s * (x - vanish[0]), vanish[1] + s * (y - vanish[1])];
  const arch = (s: number) => {
    const [l, bottom] = toward([40, 500], s);
    const [r] = toward([440, 500], s);
    const [, spring] = toward([40, 240], s);
    const radius = (r - l) / 2;
    return `M${l} ${bottom}V${spring}A${radius} ${radius} 0 0 1 ${r} ${spring}V${bottom}`;
  };
  const inner = toward([40, 500], scales[scales.length - 1] ?? 0.25);
  const innerRight = toward([440, 500], scales[scales.length - 1] ?? 0.25);
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 480 520" className={className} fill="none">
      <g stroke="currentColor" strokeWidth="1" className="text-ink-300/40">
        {scales.map((s, i) => (i === 1 ? null : <path key={s} d={arch(s)} />))}
        <path d={`M40 500L${inner[0]} ${inner[1]}M440 500L${innerRight[0]} ${innerRight[1]}`} />
        <path d={`M140 500L${vanish[0] - 14} ${inner[1]}M340 500L${vanish[0] + 14} ${inner[1]}M240 500V${inner[1]}`} opacity="0.6" />
        <path d="M0 500H480" />
      </g>
      <path d={arch(scales[1] ?? 0.8)} stroke="currentColor" strokeWidth="1.25" className="text-gold-400" />
    </svg>
  );
}

/** A colonnade on a stepped base: quiet, for light page heroes. */
export function ColonnadeArt({ className = "" }: { className?: string }) {
  const columns = [40, 110, 180, 250, 320];
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 400 300" className={className} fill="none">
      <g stroke="currentColor" strokeWidth="1" className="text-ink-200">
        <path d="M20 60H380M30 48H370M200 10L30 48M200 10L370 48" />
        {columns.map((x) => (
          <g key={x}>
            <path d={`M${x} 72H${x + 40}M${x + 4} 72V248M${x + 36} 72V248M${x} 248H${x + 40}`} />
            <path d={`M${x + 14} 78V242M${x + 26} 78V242`} opacity="0.5" />
          </g>
        ))}
        <path d="M20 256H380M10 268H390M0 280H400" />
      </g>
      <path d="M20 66H380" stroke="currentColor" strokeWidth="1.25" className="text-gold-500" />
    </svg>
  );
}

/** Concentric arcs, like a survey contour: for section corners and bands. */
export function ContoursArt({ className = "", tone = "light" }: { className?: string; tone?: "light" | "dark" }) {
  const rings = [60, 100, 140, 180, 220, 260];
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 560 560" className={className} fill="none">
      <g stroke="currentColor" strokeWidth="1" className={tone === "dark" ? "text-ivory-50/15" : "text-ink-200"}>
        {rings.map((r) => (r === 140 ? null : <circle key={r} cx="280" cy="280" r={r} />))}
      </g>
      <circle cx="280" cy="280" r="140" stroke="currentColor" strokeWidth="1.25" className={tone === "dark" ? "text-gold-400/70" : "text-gold-500/80"} />
    </svg>
  );
}

/** Two fine rings breaking in from the top right corner: the quiet backdrop of sign-in and welcome pages. */
export function CornerRings({ className = "" }: { className?: string }) {
  return (
    <div aria-hidden="true" className={`pointer-events-none absolute inset-0 ${className}`}>
      <div className="absolute -right-40 -top-40 h-[28rem] w-[28rem] rounded-full border border-gold-300/40" />
      <div className="absolute -right-24 -top-24 h-[20rem] w-[20rem] rounded-full border border-ink-100" />
    </div>
  );
}
