import type { ShippedSynonym } from './synonyms-data';

/*
 * The English and Spanglish words Latin American shoppers type for the products of the eleven categories
 * ('fridge', 'coffee maker', 'teddy bear', 'flash drive'), each one way to the Spanish words of the
 * catalog's names: an English word finds the product, the Spanish word does not bring English along.
 * Seeded into `sinonimo` with the demo shop beside the regional synonyms; the owner edits them in
 * Sinónimos. Plurals are found from the singular and the reverse (expand.ts), so each word is written once
 * unless English makes it irregular.
 */

/** Each English term, one way, to the Spanish terms. */
const en = (english: string[], ...spanish: string[]): ShippedSynonym[] =>
  english.map((term) => ({ terminos: [term, ...spanish], unidireccional: true }));

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const clothing = [
  en(['t-shirt', 'tshirt', 'tee', 'shirt'], 'camiseta', 'camisa'),
  en(['jeans', 'denim', 'blue jeans'], 'jeans'),
  en(['pants', 'trousers'], 'pantalón', 'jeans'),
  en(['hoodie', 'sweatshirt', 'hooded sweatshirt', 'sweater', 'jumper', 'pullover'], 'sudadera'),
  en(['jacket', 'coat', 'rain jacket', 'raincoat', 'windbreaker', 'rain coat'], 'chaqueta'),
  en(['dress', 'linen dress', 'midi dress', 'summer dress'], 'vestido'),
  en(['flannel shirt', 'plaid shirt', 'flannel', 'button down shirt'], 'camisa de franela'),
  en(['chinos', 'khakis', 'chino pants'], 'pantalón chino'),
  en(['scarf', 'wool scarf', 'merino scarf'], 'bufanda'),
  en(['socks', 'sock', 'sport socks', 'ankle socks'], 'calcetines'),
  en(['sneakers', 'trainers', 'canvas shoes', 'shoes', 'tennis shoes', 'kicks'], 'zapatillas'),
  en(['cap', 'baseball cap', 'hat', 'snapback', 'trucker hat'], 'gorra'),
  en(['baseball'], 'béisbol'),
  en(['cotton'], 'algodón'),
  en(['wool'], 'lana'),
  en(['linen'], 'lino'),
  en(['leather'], 'cuero'),
  en(['hood'], 'capucha'),
  en(['clothes', 'clothing', 'outfit', 'apparel'], 'camiseta', 'jeans', 'sudadera', 'chaqueta', 'vestido'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const appliances = [
  en(['blender', 'smoothie maker'], 'licuadora'),
  en(['fridge', 'refrigerator', 'freezer', 'frigde'], 'refrigerador'),
  en(['washing machine', 'washer', 'laundry machine'], 'lavadora'),
  en(['microwave', 'microwave oven', 'oven'], 'microondas'),
  en(['coffee maker', 'coffeemaker', 'coffee machine', 'drip coffee maker', 'espresso machine'], 'cafetera'),
  en(['air fryer', 'airfryer', 'fryer', 'deep fryer'], 'freidora de aire'),
  en(['vacuum', 'vacuum cleaner', 'hoover', 'vacuum bagless'], 'aspiradora'),
  en(['iron', 'steam iron', 'clothes iron'], 'plancha'),
  en(['toaster', 'bread toaster'], 'tostadora'),
  en(['hand mixer', 'mixer', 'stick blender', 'immersion blender', 'hand blender'], 'batidora'),
  en(['kettle', 'electric kettle', 'tea kettle'], 'hervidor'),
  en(['appliance', 'appliances', 'home appliances'], 'electrodomésticos'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const computing = [
  en(['laptop', 'notebook', 'ultrabook', 'computer', 'pc'], 'portátil'),
  en(['monitor', 'screen', 'display'], 'monitor'),
  en(['keyboard', 'mechanical keyboard', 'gaming keyboard', 'backlit keyboard'], 'teclado'),
  en(['mouse', 'wireless mouse', 'computer mouse', 'gaming mouse'], 'ratón'),
  en(['ssd', 'hard drive', 'external drive', 'external hard drive', 'hdd', 'hard disk'], 'disco ssd'),
  en(['headphones', 'headset', 'earphones', 'earbuds', 'headphone'], 'auriculares'),
  en(['webcam', 'web camera', 'web cam'], 'webcam'),
  en(['router', 'wifi router', 'wireless router', 'modem'], 'router'),
  en(['flash drive', 'usb drive', 'thumb drive', 'pen drive', 'pendrive', 'usb stick', 'memory stick'], 'memoria usb'),
  en(['printer', 'inkjet printer', 'all in one printer', 'scanner'], 'impresora'),
  en(['laptop cooler', 'cooling pad', 'laptop stand', 'laptop cooling pad'], 'base refrigerante'),
  en(['wireless', 'cordless', 'bluetooth'], 'inalámbrico'),
  en(['microphone', 'mic'], 'micrófono'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const cosmetics = [
  en(['lipstick', 'lip stick', 'matte lipstick', 'lip color'], 'labial'),
  en(['moisturizer', 'face cream', 'moisturizing cream', 'facial cream', 'hydrating cream'], 'crema hidratante'),
  en(['serum', 'vitamin c serum', 'face serum'], 'sérum'),
  en(['sunscreen', 'sunblock', 'sun cream', 'sun screen', 'spf', 'sun protection'], 'protector solar'),
  en(['mascara', 'lash mascara'], 'máscara de pestañas'),
  en(['eyeshadow', 'eye shadow', 'eyeshadow palette', 'palette'], 'paleta de sombras'),
  en(['shampoo', 'sulfate free shampoo'], 'champú'),
  en(['micellar water', 'makeup remover', 'make up remover', 'cleansing water'], 'agua micelar'),
  en(['perfume', 'fragrance', 'cologne', 'scent'], 'perfume'),
  en(['scrub', 'body scrub', 'exfoliator', 'coffee scrub'], 'exfoliante'),
  en(['makeup brushes', 'brushes', 'brush set', 'make up brushes', 'makeup brush'], 'brochas de maquillaje'),
  en(['makeup', 'make up', 'cosmetics'], 'labial', 'paleta de sombras', 'máscara de pestañas', 'brochas'),
  en(['skincare', 'skin care'], 'crema hidratante', 'sérum', 'protector solar', 'agua micelar'),
  en(['hyaluronic acid'], 'ácido hialurónico'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const food = [
  en(['rice', 'long grain rice'], 'arroz'),
  en(['olive oil', 'extra virgin olive oil', 'oil'], 'aceite de oliva'),
  en(['coffee', 'ground coffee', 'coffee beans'], 'café'),
  en(['honey', 'bee honey'], 'miel'),
  en(['spaghetti', 'pasta', 'noodles'], 'espaguetis'),
  en(['chocolate', 'dark chocolate', 'cocoa', 'cacao'], 'chocolate'),
  en(['granola', 'muesli', 'cereal'], 'granola'),
  en(['green tea', 'tea', 'loose leaf tea'], 'té'),
  en(['almonds', 'nuts', 'roasted almonds'], 'almendras'),
  en(['jam', 'strawberry jam', 'jelly', 'preserves'], 'mermelada'),
  en(['oats', 'oatmeal', 'rolled oats', 'porridge'], 'avena'),
  en(['snack', 'snacks'], 'almendras', 'granola', 'chocolate'),
  en(['breakfast'], 'granola', 'avena', 'café', 'mermelada', 'miel'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const toys = [
  en(['building blocks', 'blocks', 'lego', 'legos', 'bricks', 'building set'], 'bloques de construcción'),
  en(['teddy bear', 'teddy', 'stuffed animal', 'plush', 'plushie', 'stuffed bear', 'giant teddy bear'], 'oso de peluche'),
  en(['puzzle', 'jigsaw', 'jigsaw puzzle'], 'rompecabezas'),
  en(['rc car', 'remote control car', 'toy car', 'rc truck'], 'coche teledirigido'),
  en(['doll', 'barbie', 'action figure'], 'muñeca'),
  en(['board game', 'strategy game', 'tabletop game'], 'juego de mesa'),
  en(['race track', 'racing track', 'hot wheels', 'car track'], 'pista de carreras'),
  en(['play kitchen', 'toy kitchen', 'kids kitchen'], 'cocinita'),
  en(['play dough', 'playdough', 'play doh', 'modeling clay', 'clay'], 'plastilina'),
  en(['xylophone'], 'xilófono'),
  en(['drone', 'quadcopter'], 'dron'),
  en(['toy', 'toys', 'kids toys'], 'juguetes', 'peluche', 'bloques', 'rompecabezas', 'muñeca', 'dron'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const furniture = [
  en(['couch', 'sofa', 'three seater sofa', 'settee', 'loveseat'], 'sofá'),
  en(['dining table', 'extendable table', 'kitchen table'], 'mesa de comedor'),
  en(['office chair', 'desk chair', 'ergonomic chair', 'gaming chair', 'chair'], 'silla de oficina'),
  en(['bookshelf', 'bookcase', 'shelf', 'shelves', 'shelving'], 'estantería'),
  en(['bed', 'double bed', 'queen bed', 'king bed', 'headboard'], 'cama'),
  en(['coffee table', 'center table', 'oak table'], 'mesa de centro'),
  en(['dresser', 'chest of drawers', 'drawers'], 'cómoda'),
  en(['recliner', 'armchair', 'reclining chair', 'lounge chair'], 'sillón'),
  en(['desk', 'writing desk', 'computer desk', 'study desk'], 'escritorio'),
  en(['shoe rack', 'shoe cabinet', 'shoe shelf'], 'zapatero'),
  en(['stool', 'bar stool', 'kitchen stool'], 'taburete'),
  en(['table'], 'mesa'),
  en(['furniture'], 'sofá', 'mesa', 'silla', 'estantería', 'cama', 'cómoda', 'escritorio'),
  en(['oak'], 'roble'),
  en(['bamboo'], 'bambú'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const garden = [
  en(['gardening kit', 'garden kit', 'starter kit', 'gardening'], 'kit de jardinería'),
  en(['garden hose', 'hose', 'expandable hose', 'water hose'], 'manguera'),
  en(['pot', 'planter', 'flower pot', 'plant pot'], 'maceta'),
  en(['pruning shears', 'pruners', 'secateurs', 'garden shears', 'shears'], 'tijeras de podar'),
  en(['seeds', 'herb seeds', 'herbs'], 'semillas'),
  en(['potting soil', 'soil', 'substrate', 'potting mix', 'dirt'], 'sustrato'),
  en(['watering can', 'watering pot'], 'regadera'),
  en(['gardening gloves', 'garden gloves', 'work gloves'], 'guantes de jardín'),
  en(['lawn mower', 'lawnmower', 'mower', 'grass cutter'], 'cortacésped'),
  en(['solar lamp', 'solar light', 'garden light', 'solar lights'], 'lámpara solar'),
  en(['composter', 'compost bin', 'compost'], 'compostera'),
  en(['garden', 'plants', 'plant'], 'jardín', 'jardinería', 'maceta', 'semillas'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const sports = [
  en(['soccer ball', 'football', 'soccer', 'ball'], 'balón'),
  en(['yoga mat', 'exercise mat', 'mat', 'yoga'], 'esterilla'),
  en(['dumbbells', 'dumbbell', 'weights', 'free weights', 'dumbells', 'dumbels'], 'mancuernas'),
  en(['mountain bike', 'bike', 'bicycle', 'mtb'], 'bicicleta'),
  en(['tennis racket', 'racket', 'racquet', 'tennis racquet'], 'raqueta'),
  en(['jump rope', 'skipping rope', 'jumping rope', 'speed rope', 'rope'], 'cuerda para saltar'),
  en(['water bottle', 'thermos', 'bottle', 'flask', 'insulated bottle'], 'botella térmica'),
  en(['running shoes', 'runners', 'running sneakers'], 'zapatillas de running'),
  en(['boxing gloves', 'boxing'], 'guantes de boxeo'),
  en(['gloves'], 'guantes'),
  en(['resistance bands', 'bands', 'exercise bands', 'elastic bands', 'fitness bands'], 'bandas elásticas'),
  en(['bike helmet', 'helmet', 'cycling helmet', 'bicycle helmet'], 'casco'),
  en(['running', 'jogging'], 'running'),
  en(['workout', 'fitness', 'gym', 'exercise', 'training'], 'mancuernas', 'esterilla', 'bandas elásticas', 'cuerda para saltar'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const jewelry = [
  en(['ring', 'silver ring', 'sterling silver ring'], 'anillo'),
  en(['necklace', 'heart necklace', 'pendant', 'locket'], 'collar'),
  en(['earrings', 'pearl earrings', 'studs', 'hoop earrings', 'hoops'], 'pendientes', 'aretes'),
  en(['bracelet', 'steel bracelet', 'bangle'], 'pulsera'),
  en(['watch', 'wristwatch', 'analog watch'], 'reloj'),
  en(['engagement ring', 'wedding ring', 'promise ring'], 'anillo de compromiso'),
  en(['gold chain', 'chain', 'gold necklace'], 'cadena de oro'),
  en(['brooch', 'pin'], 'broche'),
  en(['anklet', 'ankle bracelet'], 'tobillera'),
  en(['jewelry box', 'jewellery box', 'jewelry case'], 'joyero'),
  en(['jewelry', 'jewellery', 'jewels'], 'anillo', 'collar', 'pendientes', 'pulsera', 'aretes'),
  en(['silver', 'sterling silver'], 'plata'),
  en(['gold'], 'oro'),
  en(['pearl', 'pearls'], 'perla'),
  en(['stainless steel', 'steel'], 'acero'),
];

// biome-ignore format: one entry a line keeps the vocabulary readable as a table.
const tools = [
  en(['drill', 'cordless drill', 'hammer drill', 'power drill', 'impact drill'], 'taladro'),
  en(['screwdriver', 'screwdrivers', 'screwdriver set', 'precision screwdrivers'], 'destornilladores'),
  en(['hammer', 'claw hammer'], 'martillo'),
  en(['wrench', 'adjustable wrench', 'spanner', 'monkey wrench'], 'llave inglesa'),
  en(['toolbox', 'tool box', 'tool kit', 'toolkit', 'tool set', 'tools'], 'caja de herramientas'),
  en(['circular saw', 'saw', 'power saw'], 'sierra circular'),
  en(['laser level', 'level', 'spirit level'], 'nivel láser'),
  en(['tape measure', 'measuring tape', 'measure tape'], 'cinta métrica'),
  en(['pliers', 'insulated pliers'], 'alicates'),
  en(['sander', 'orbital sander', 'sanding machine'], 'lijadora'),
  en(['ladder', 'step ladder', 'folding ladder', 'stepladder'], 'escalera'),
];

export const SHIPPED_ENGLISH: readonly ShippedSynonym[] = [
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
