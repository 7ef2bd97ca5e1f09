import { describe, expect, it } from 'vitest';
import { renderPageMarkdown } from './markdown';

describe('renderPageMarkdown', () => {
  it('renders headings one level below the page title, paragraphs, lists, links and emphasis', () => {
    const html = renderPageMarkdown(
      [
        '# Envíos',
        '',
        'Enviamos en **24 horas** a *todo* el país.',
        '',
        '- Ciudad: [tarifas](/paginas/tarifas)',
        '- Escríbenos a [hola@tienda.mx](mailto:hola@tienda.mx) o en [Instagram](https://instagram.com/tienda)',
        '',
        '1. Pide',
        '2. Recibe',
      ].join('\n'),
    );
    expect(html).toBe(
      [
        '<h2>Envíos</h2>',
        '<p>Enviamos en <strong>24 horas</strong> a <em>todo</em> el país.</p>',
        '<ul>',
        '<li>Ciudad: <a href="/paginas/tarifas">tarifas</a></li>',
        '<li>Escríbenos a <a href="mailto:hola@tienda.mx">hola@tienda.mx</a> o en <a href="https://instagram.com/tienda">Instagram</a></li>',
        '</ul>',
        '<ol>',
        '<li>Pide</li>',
        '<li>Recibe</li>',
        '</ol>',
        '',
      ].join('\n'),
    );
  });

  it('writes raw HTML as text: no script, no element with an event attribute', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '',
      'Hola <img src=x onerror="alert(1)"> y <a href="https://x.mx" onclick="alert(1)">clic</a>',
      '',
      '<div onmouseover="alert(1)">caja</div>',
      '',
      '<svg/onload=alert(1)>',
      '',
      '<iframe src="https://evil.example"></iframe>',
    ].join('\n');
    const html = renderPageMarkdown(hostile);
    expect(html).not.toMatch(/<(script|img|svg|iframe|div)\b/i);
    expect(html).not.toMatch(/<a [^>]*on\w+=/i);
    // Every tag left is one the subset makes, with no attribute but a link's href.
    for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) expect(tag).toMatch(/^<(p|br)>$/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps only http(s), mailto and relative links: javascript:, data: and tricks are text', () => {
    const links = [
      '[a](javascript:alert(1))',
      '[b](JaVaScRiPt:alert(1))',
      '[c](jav&#x61;script:alert(1))',
      '[d](  javascript:alert(1))',
      '[e](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[f](vbscript:msgbox(1))',
      '[g](file:///etc/passwd)',
      '[h](//evil.example/x)',
      '<javascript:alert(1)>',
      '![j](javascript:alert(1))',
    ];
    const html = renderPageMarkdown(links.join('\n\n'));
    expect(html).not.toContain('<a');
    expect(html.toLowerCase()).not.toContain('href');
  });

  it('does not make the subset larger: code, quotes, tables, images and rules stay text', () => {
    const html = renderPageMarkdown(
      [
        '```',
        'código',
        '```',
        '',
        '> cita',
        '',
        '| a | b |',
        '|---|---|',
        '| 1 | 2 |',
        '',
        '![foto](/x.png)',
        '',
        '---',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<(pre|code|blockquote|table|img|hr)\b/);
  });
});
