import { useEffect, useRef } from 'react';
import SignaturePadLib from 'signature_pad';

/**
 * A signature drawn with a finger, a pen or the mouse (signature_pad: pointer events, smoothed
 * strokes). `onChange` gets the PNG as a data: URL after each stroke, or null once cleared.
 */
export function SignaturePad({ label, onChange }: { label: string; onChange(png: string | null): void }) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePadLib(canvas, { penColor: '#14143c', backgroundColor: 'rgba(0,0,0,0)' });
    padRef.current = pad;
    // Match the drawing buffer to the element's size and the screen's density, so strokes land under the finger.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(data);
    };
    fit();
    const stroke = () => changed.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', stroke);
    window.addEventListener('resize', fit);
    return () => {
      pad.removeEventListener('endStroke', stroke);
      window.removeEventListener('resize', fit);
      pad.off();
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    changed.current(null);
  };

  return (
    <div className="signature-pad">
      <canvas
        ref={canvasRef}
        className="signature-canvas"
        role="img"
        aria-label={`${label}: draw your signature in this box`}
        data-testid="signature-canvas"
      />
      <button type="button" className="btn btn-ghost btn-sm" onClick={clear}>
        Clear signature
      </button>
    </div>
  );
}
