import { useMemo } from 'react';
import { encode } from 'uqr';

/** A QR code as crisp SVG squares, dark on white whatever the theme (phones' cameras read it so). */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    // One rectangle per run of dark modules in a row.
    let d = '';
    qr.data.forEach((row, y) => {
      for (let x = 0; x < row.length; x++) {
        if (!row[x]) continue;
        const start = x;
        while (row[x + 1]) x++;
        d += `M${start} ${y}h${x - start + 1}v1h-${x - start + 1}z`;
      }
    });
    return { path: d, modules: qr.size };
  }, [value]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
