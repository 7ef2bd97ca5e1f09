import type { ShippedSynonym } from './synonyms-data';

/*
 * What the demo catalog's products are for, as shoppers describe a thing they cannot name ('algo para
 * regar las plantas', 'para medir', 'calentar comida', 'hacer agujeros'): each verb or purpose, one way, to
 * the products that serve it. A query's filler words ('algo', 'para', 'hacer') are dropped before these
 * are looked up (words.ts), so the keys are the words that carry the purpose. Seeded into `sinonimo` with
 * the demo shop beside the regional and English words; the owner edits them in Sinónimos.
 */

/** Each purpose, one way, to the products that serve it. */
const use = (purposes: string[], ...products: string[]): ShippedSynonym[] =>
  purposes.map((term) => ({ terminos: [term, ...products], unidireccional: true }));

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const clothing = [
  use(['abrigarse', 'abrigar', 'frio', 'invierno', 'calentarse'], 'bufanda', 'chaqueta', 'sudadera', 'camisa de franela'),
  use(['lluvia', 'llover', 'mojarse', 'llueve'], 'chaqueta impermeable'),
  use(['vestirse', 'vestir', 'ponerse'], 'camiseta', 'jeans', 'sudadera', 'vestido', 'camisa'),
  use(['verano', 'calor'], 'vestido de lino', 'camiseta', 'gorra', 'protector solar'),
  use(['caminar', 'pasear', 'andar'], 'zapatillas'),
  use(['pies'], 'calcetines', 'zapatillas'),
  use(['cuello'], 'bufanda', 'collar'),
  use(['taparse del sol', 'taparse'], 'gorra'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const appliances = [
  use(['calentar comida', 'calentar', 'recalentar', 'descongelar', 'calentar la comida'], 'microondas', 'hervidor', 'horno'),
  use(['licuar', 'batidos', 'licuados', 'smoothies', 'jugos', 'zumos', 'triturar', 'moler'], 'licuadora', 'batidora'),
  use(['batir', 'mezclar', 'montar claras', 'reposteria', 'hornear'], 'batidora'),
  use(['enfriar', 'conservar', 'refrigerar', 'congelar', 'bebidas frias'], 'refrigerador'),
  use(['lavar ropa', 'lavar', 'ropa sucia', 'colada'], 'lavadora'),
  use(['cocinar'], 'microondas', 'freidora de aire', 'batidora', 'licuadora', 'hervidor', 'aceite de oliva'),
  use(['freir', 'frituras', 'papas fritas', 'fritar', 'sin aceite'], 'freidora de aire'),
  use(['aspirar', 'limpiar', 'limpiar alfombras', 'alfombras', 'polvo', 'barrer', 'limpieza'], 'aspiradora'),
  use(['planchar', 'arrugas', 'desarrugar'], 'plancha'),
  use(['tostar', 'tostadas', 'tostar pan', 'pan'], 'tostadora'),
  use(['hervir', 'hervir agua', 'agua caliente', 'infusiones'], 'hervidor'),
  use(['preparar cafe', 'hacer cafe', 'cafe de filtro', 'desayunar'], 'cafetera'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const computing = [
  use(['escribir', 'teclear', 'programar', 'tipear'], 'teclado', 'portátil'),
  use(['trabajar', 'estudiar', 'teletrabajo', 'home office', 'oficina'], 'portátil', 'escritorio', 'silla de oficina', 'monitor'),
  use(['videollamadas', 'videollamada', 'zoom', 'streaming', 'transmitir'], 'webcam', 'auriculares con micrófono'),
  use(['escuchar musica', 'musica', 'escuchar', 'podcast', 'llamadas'], 'auriculares'),
  use(['internet', 'conectarse', 'senal', 'wifi lento'], 'router'),
  use(['guardar archivos', 'respaldo', 'backup', 'guardar fotos', 'almacenamiento', 'almacenar', 'archivos', 'fotos'], 'memoria usb', 'disco ssd'),
  use(['imprimir', 'escanear', 'fotocopiar', 'copias', 'impresiones'], 'impresora'),
  use(['jugar videojuegos', 'gaming', 'jugar en la compu'], 'teclado mecánico', 'ratón', 'monitor', 'auriculares'),
  use(['sobrecalentamiento', 'ventilar la laptop', 'enfriar la laptop', 'enfriar portatil'], 'base refrigerante'),
  use(['pantalla', 'ver peliculas', 'series'], 'monitor'),
  use(['clic', 'cursor', 'puntero'], 'ratón'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const cosmetics = [
  use(['maquillarse', 'maquillar', 'maquillaje'], 'labial', 'paleta de sombras', 'máscara de pestañas', 'brochas de maquillaje'),
  use(['labios'], 'labial'),
  use(['pestanas', 'ojos'], 'máscara de pestañas', 'paleta de sombras'),
  use(['hidratar', 'hidratar la piel', 'piel seca', 'piel', 'cara', 'rostro', 'arrugas de la cara'], 'crema hidratante', 'sérum'),
  use(['manchas', 'luminosidad', 'antioxidante'], 'sérum'),
  use(['sol', 'playa', 'broncearse', 'quemaduras', 'insolacion', 'proteger la piel'], 'protector solar'),
  use(['desmaquillar', 'desmaquillarse', 'quitar el maquillaje', 'limpiar la cara'], 'agua micelar'),
  use(['lavar el pelo', 'cabello', 'pelo', 'caspa'], 'champú'),
  use(['oler bien', 'fragancia', 'aroma', 'oler'], 'perfume'),
  use(['exfoliar', 'piel muerta', 'suavizar la piel'], 'exfoliante'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const food = [
  use(['desayuno', 'desayunar'], 'granola', 'avena', 'café', 'mermelada', 'miel', 'cafetera', 'tostadora'),
  use(['ensalada', 'aderezar', 'alinar', 'cocinar sano'], 'aceite de oliva'),
  use(['postre', 'dulce', 'antojo', 'merienda'], 'chocolate', 'mermelada', 'miel'),
  use(['picar', 'picoteo', 'botana', 'pasabocas', 'aperitivo'], 'almendras', 'granola'),
  use(['endulzar', 'endulzante'], 'miel'),
  use(['almuerzo', 'cena', 'comer'], 'arroz', 'espaguetis', 'aceite de oliva'),
  use(['infusion', 'relajarse'], 'té verde'),
  use(['energia', 'despertar', 'cafeina'], 'café', 'cafetera'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const toys = [
  use(['construir', 'armar', 'construccion'], 'bloques de construcción', 'rompecabezas'),
  use(['abrazar', 'dormir con', 'peluches'], 'oso de peluche'),
  use(['jugar', 'ninos', 'nino', 'nina', 'ninas', 'bebe', 'infantil', 'regalo para nino'], 'juguetes', 'bloques', 'oso de peluche', 'rompecabezas', 'muñeca', 'cocinita', 'xilófono'),
  use(['volar', 'grabar desde el aire', 'fotos aereas'], 'dron'),
  use(['carreras', 'correr coches', 'autos de juguete', 'carritos'], 'pista de carreras', 'coche teledirigido'),
  use(['modelar', 'manualidades', 'moldear'], 'plastilina'),
  use(['musica para ninos', 'tocar musica', 'instrumento'], 'xilófono'),
  use(['jugar en familia', 'noche de juegos', 'estrategia'], 'juego de mesa', 'rompecabezas'),
  use(['cocinar de juguete', 'jugar a la cocina'], 'cocinita'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const furniture = [
  use(['sentarse', 'sentarme', 'asiento', 'asientos'], 'silla', 'sofá', 'sillón', 'taburete'),
  use(['dormir', 'descansar', 'acostarse'], 'cama', 'sillón reclinable'),
  use(['guardar ropa', 'ordenar ropa', 'cajones'], 'cómoda'),
  use(['libros', 'guardar libros', 'ordenar', 'organizar', 'exhibir'], 'estantería'),
  use(['guardar zapatos', 'ordenar zapatos', 'calzado'], 'zapatero'),
  use(['comer en familia', 'comedor', 'invitados'], 'mesa de comedor'),
  use(['sala', 'living', 'salon'], 'sofá', 'mesa de centro', 'sillón'),
  use(['ver la tele', 'ver tele', 'reclinarse', 'leer'], 'sillón reclinable', 'sofá'),
  use(['barra', 'desayunador', 'isla de cocina'], 'taburete'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const garden = [
  use(['regar', 'riego', 'regar las plantas', 'regar el jardin', 'regar plantas'], 'regadera', 'manguera'),
  use(['plantar', 'sembrar', 'cultivar', 'huerto', 'huerta', 'germinar'], 'semillas', 'maceta', 'sustrato', 'kit de jardinería'),
  use(['plantas', 'flores', 'macetas'], 'maceta', 'sustrato', 'regadera', 'semillas'),
  use(['podar', 'cortar ramas', 'ramas', 'arbustos', 'setos'], 'tijeras de podar'),
  use(['cortar el pasto', 'cortar el cesped', 'pasto', 'grama', 'zacate'], 'cortacésped'),
  use(['iluminar el jardin', 'iluminar', 'alumbrar', 'luz', 'exterior'], 'lámpara solar'),
  use(['reciclar', 'restos organicos', 'basura organica', 'abono'], 'compostera'),
  use(['proteger las manos', 'manos', 'espinas'], 'guantes de jardín', 'guantes'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const sports = [
  use(['ejercicio', 'hacer ejercicio', 'entrenar', 'gimnasio', 'gym', 'musculos', 'pesas', 'musculacion', 'fuerza'], 'mancuernas', 'bandas elásticas', 'esterilla', 'cuerda para saltar'),
  use(['estirar', 'meditar', 'pilates', 'estiramientos'], 'esterilla', 'bandas elásticas'),
  use(['saltar', 'saltar la cuerda'], 'cuerda para saltar'),
  use(['correr', 'trotar', 'maraton', 'salir a correr'], 'zapatillas de running'),
  use(['hidratarse', 'agua fria', 'llevar agua'], 'botella térmica'),
  use(['boxear', 'golpear', 'kickboxing', 'artes marciales'], 'guantes de boxeo'),
  use(['pedalear', 'ciclismo', 'montana', 'ir en bici'], 'bicicleta', 'casco'),
  use(['proteger la cabeza', 'cabeza', 'proteger', 'seguridad', 'proteccion'], 'casco', 'gorra', 'guantes', 'protector solar'),
  use(['bici', 'bicicleta'], 'casco de ciclismo'),
  use(['patear', 'jugar futbol', 'partido', 'cancha'], 'balón'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const jewelry = [
  use(['regalo', 'regalar', 'aniversario', 'cumpleanos', 'san valentin', 'dia de la madre', 'mama', 'novia', 'esposa'], 'collar', 'pulsera', 'pendientes', 'anillo', 'perfume', 'joyero'),
  use(['pedir matrimonio', 'pedida de mano', 'casarse', 'boda', 'matrimonio'], 'anillo de compromiso'),
  use(['orejas', 'oreja'], 'pendientes', 'aretes'),
  use(['saber la hora', 'hora'], 'reloj'),
  use(['tobillo'], 'tobillera'),
  use(['guardar joyas', 'guardar anillos', 'organizar joyas'], 'joyero'),
  use(['dedo'], 'anillo'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const tools = [
  use(['agujeros', 'hacer agujeros', 'perforar', 'taladrar', 'agujerear', 'colgar cuadros', 'colgar'], 'taladro'),
  use(['atornillar', 'destornillar', 'tornillos', 'desatornillar'], 'destornilladores', 'taladro'),
  use(['clavar', 'clavos'], 'martillo'),
  use(['apretar', 'tuercas', 'tuberias', 'aflojar', 'plomeria'], 'llave inglesa', 'alicates'),
  use(['guardar herramientas', 'reparaciones', 'arreglar', 'arreglos', 'bricolaje'], 'caja de herramientas'),
  use(['cortar madera', 'cortar tablas'], 'sierra circular'),
  use(['medir', 'medidas', 'medicion', 'tomar medidas', 'metro'], 'cinta métrica', 'nivel láser'),
  use(['nivelar', 'alinear', 'cuadros rectos'], 'nivel láser'),
  use(['cortar cables', 'cables', 'electricidad', 'electricista'], 'alicates'),
  use(['lijar', 'pulir', 'alisar'], 'lijadora'),
  use(['alcanzar', 'subir', 'altura', 'techo', 'pintar el techo'], 'escalera'),
  use(['cortar'], 'tijeras de podar', 'sierra circular', 'alicates'),
];

export const SHIPPED_USES: readonly ShippedSynonym[] = [
  clothing,
  appliances,
  computing,
  cosmetics,
  food,
  toys,
  furniture,
  garden,
  sports,
  jewelry,
  tools,
].flat(2);
