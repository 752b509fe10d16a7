/**
 * A side panel resizable by dragging its edge (or with the arrow keys on the handle)
 * between 180 and 400 px, default 280; hidden on small screens.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { SIDE_PANEL } from '@repo/shared/constants/forms';

const clamp = (w: number) => Math.min(SIDE_PANEL.max, Math.max(SIDE_PANEL.min, w));

export function ResizableSidePanel({ label, children }: { label: string; children: ReactNode }) {
  const [width, setWidth] = useState<number>(SIDE_PANEL.default);
  const panelRef = useRef<HTMLElement>(null);

  const onPointerDown = useCallback((e: React.PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    const left = panelRef.current?.getBoundingClientRect().left ?? 0;
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    const move = (ev: PointerEvent) => setWidth(clamp(ev.clientX - left));
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowLeft') setWidth((w) => clamp(w - 10));
    if (e.key === 'ArrowRight') setWidth((w) => clamp(w + 10));
  };

  return (
    <aside
      ref={panelRef}
      aria-label={label}
      style={{ width }}
      data-testid="side-panel"
      className="relative hidden shrink-0 border-r border-slate-200 bg-slate-50 md:block dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="sticky top-16 p-4">{children}</div>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize side panel"
        aria-valuemin={SIDE_PANEL.min}
        aria-valuemax={SIDE_PANEL.max}
        aria-valuenow={width}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        className="absolute top-0 right-0 h-full w-1.5 cursor-col-resize bg-transparent hover:bg-brand-500/40 focus-visible:bg-brand-500/60"
      />
    </aside>
  );
}
