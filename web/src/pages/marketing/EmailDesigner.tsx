import grapesjs, { type Editor } from 'grapesjs';
import newsletter from 'grapesjs-preset-newsletter';
import 'grapesjs/dist/css/grapes.min.css';
import { useEffect, useRef, type MutableRefObject } from 'react';

export interface DesignerValue {
  /** The e-mail's HTML with its CSS inlined (what mail clients need). */
  html: string;
  /** GrapesJS's project, to reopen the design later. */
  design: string;
}

/**
 * The e-mail block editor (GrapesJS with its newsletter preset: e-mail-safe blocks, CSS inlined on
 * export). Loaded lazily with the campaign editor, so /marketing itself stays light. Everything
 * runs offline in the browser; the HTML it exports is what the service sends.
 */
export default function EmailDesigner({
  initialHtml,
  initialDesign,
  onChange,
  flushRef,
}: {
  initialHtml: string;
  initialDesign: string | null;
  onChange: (value: DesignerValue) => void;
  /** Set to a function that ends any text editing in progress and answers the design as it stands (before saving). */
  flushRef?: MutableRefObject<(() => Promise<DesignerValue>) | null>;
}) {
  const container = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    let design: object | undefined;
    try {
      design = initialDesign ? (JSON.parse(initialDesign) as object) : undefined;
    } catch {
      design = undefined;
    }
    const editor: Editor = grapesjs.init({
      container: container.current!,
      height: '560px',
      width: 'auto',
      storageManager: false,
      plugins: [newsletter],
      ...(design ? { projectData: design } : { components: initialHtml }),
    });
    const current = (): DesignerValue => {
      const inlined = editor.runCommand('gjs-get-inlined-html') as string | undefined;
      return {
        html: inlined || `${editor.getHtml()}<style>${editor.getCss() ?? ''}</style>`,
        design: JSON.stringify(editor.getProjectData()),
      };
    };
    const emit = () => {
      nameControls(container.current!);
      changed.current(current());
    };
    // Save reads the design through this: a text being typed into is still in the rich text
    // editor (no 'update' yet), so its editing ends first and the answer includes it.
    if (flushRef)
      flushRef.current = async () => {
        const view = editor.getEditing()?.getView() as { disableEditing?: () => Promise<void> } | undefined;
        await view?.disableEditing?.();
        return current();
      };
    editor.on('load', () => {
      nameControls(container.current!);
      container.current?.setAttribute('data-ready', 'true');
      emit();
    });
    editor.on('update', emit);
    editor.on('rte:disable', emit);
    return () => {
      if (flushRef) flushRef.current = null;
      editor.destroy();
    };
    // The designer is created once per campaign opened (the parent keys it); later props are its own output.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <div ref={container} className="email-designer" data-testid="email-designer" />;
}

/** GrapesJS's icon buttons carry a title only: give them (and the canvas frame) an accessible name. */
function nameControls(root: HTMLElement) {
  root.querySelectorAll<HTMLElement>('.gjs-pn-btn').forEach((b) => {
    const name =
      b.getAttribute('title') || b.dataset.tooltip || b.className.match(/fa-([a-z-]+)/)?.[1]?.replace(/-/g, ' ') || 'Editor tool';
    b.setAttribute('role', 'button');
    b.setAttribute('aria-label', name);
    b.setAttribute('tabindex', '0');
  });
  root.querySelectorAll('iframe').forEach((f) => f.setAttribute('title', 'E-mail design'));
  // Scrolling panels must be reachable by keyboard (WCAG 2.1.1).
  root.querySelectorAll<HTMLElement>('.gjs-pn-views-container, .gjs-blocks-cs, .gjs-layers, .gjs-sm-sectors').forEach((panel) => {
    if (panel.hasAttribute('tabindex')) return;
    panel.setAttribute('tabindex', '0');
    panel.setAttribute('role', 'region');
    panel.setAttribute('aria-label', 'Editor panel');
  });
}
