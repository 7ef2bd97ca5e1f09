/** The shape of the built index.html: one title, one description, the entry script. */
export const TEMPLATE = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8">
    <meta name="description" content="Tienda en línea">
    <title>Vitrina</title>
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;
