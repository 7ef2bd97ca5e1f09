import { useMemo, useRef } from 'react';

/** The attribute that carries a style the shop's Content-Security-Policy would refuse in markup. */
const KEPT_STYLE = 'data-vitrina-style';

/** A start tag ('<p class="x" style="…">'), to rename its attributes. */
const START_TAG = /<[a-z][^>]*>/gi;
const STYLE_ATTRIBUTE = /(\s)style(\s*=)/gi;
const STYLE_BLOCK = /<style[^>]*>([\s\S]*?)<\/style>/gi;

/**
 * The message's markup with its inline styles set aside. The frame inherits the shop's policy
 * (style-src 'self'), which refuses `style` attributes and <style> blocks written in markup (each one an
 * error in the console); set through the CSSOM after loading they apply, so the owner sees the message as
 * the customer does. Done on the text: parsing the markup here would meet the same policy.
 */
function setStylesAside(html: string): { markup: string; sheets: string[] } {
  const sheets: string[] = [];
  const markup = html
    .replace(STYLE_BLOCK, (_block, css: string) => {
      sheets.push(css);
      return '';
    })
    .replace(START_TAG, (tag) => tag.replace(STYLE_ATTRIBUTE, `$1${KEPT_STYLE}$2`));
  return { markup, sheets };
}

/**
 * An e-mail's HTML, shown safely: a sandboxed frame where nothing runs (no scripts, forms, pop-ups or
 * navigation of the page). `allow-same-origin` only lets this page put the message's styles back; with
 * scripts off (by the sandbox and by the inherited policy) the message itself can reach nothing.
 */
export function MailFrame({ html, title, className }: { html: string; title: string; className?: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const { markup, sheets } = useMemo(() => setStylesAside(html), [html]);

  const restoreStyles = () => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    for (const element of doc.querySelectorAll<HTMLElement>(`[${KEPT_STYLE}]`)) {
      element.style.cssText = element.getAttribute(KEPT_STYLE) ?? '';
    }
    if (sheets.length > 0 && frame.current?.contentWindow) {
      const { CSSStyleSheet: Sheet } = frame.current.contentWindow as Window & typeof globalThis;
      doc.adoptedStyleSheets = sheets.map((text) => {
        const sheet = new Sheet();
        sheet.replaceSync(text);
        return sheet;
      });
    }
  };

  return (
    <iframe
      ref={frame}
      className={className}
      title={title}
      sandbox="allow-same-origin"
      srcDoc={markup}
      onLoad={restoreStyles}
    />
  );
}
