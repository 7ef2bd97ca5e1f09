import { z } from 'zod';
import { CURRENCIES, type CurrencyCode, fitsCurrency, noDecimalsMessage } from '../currency';
import { variantLowStockSchema } from '../low-stock';
import { formatAmount } from '../pricing';
import { PHOTO_ALT_MAX, PRODUCT_PHOTOS_MAX, type ProductPhoto } from '../product-photos';
import { optionsSchema, skuSchema } from '../variant-schemas';
import { VARIANTS_MAX, variantIssues } from '../variants';
import { ID_MAX, recordId } from './record-id';
import { imagenUrl } from './registro';
import { acrossFields, notBlank, requiredText } from './rules';
import { FORBIDDEN_CHARACTERS, isSingleLineText, multiLineText, singleLineText } from './text';

/*
 * The product forms (SPEC §2 "Create product" / "Edit product"). SPEC §5 leaves the rules to us; these
 * are ours, bounded by the database (varchar(120), numeric(12,2), stock >= 0) and by what a small shop sells:
 *
 * - nombre: required, not blank, 3–120 characters once trimmed; stored trimmed.
 * - descripcion_producto: required, not blank, 10–2000 characters once trimmed; stored trimmed.
 * - valor: the regular price in currency units, > 0 and ≤ 9,999,999.99, at most two decimals; in a
 *   currency without cents (CLP, COP: SHOP_CURRENCY) whole units only, ≤ 9.999.999.
 * - valor_descuento: optional (empty or null means no discount); when given, same format, > 0 and below
 *   valor (the message sits on valor_descuento). Edit checks it against the stored price on the server.
 * - stock: a whole number from 0 to 100,000 (0 is allowed: the product stays listed for the admin only).
 * - id_categoria_producto: a positive whole number; the server answers 'La categoría no existe' when no
 *   such category exists.
 * - imagen: a WebP the shop stored under /uploads/productos/ (what POST /api/uploads gives an admin). The
 *   server also checks the file is there.
 * - imagenes: the photos in order, 1 to 10, each { url, alt }: url as imagen, no photo twice, alt optional
 *   (at most 200 characters, one line). A product needs imagen or imagenes; with imagenes, imagen is their
 *   first. A client that knows only imagen (SPEC's) and sends it changed replaces the first photo.
 * - opciones, variantes: optional (variants.ts has their rules). Omitted, the product has one variant
 *   carrying valor, valor_descuento and stock. Given, each variant has its stock; its valor and
 *   valor_descuento, when left out, are the product's (the product's valor is then the base price; a
 *   variant's valor_descuento null is no discount), and the product's stock may be left out (it becomes
 *   the variants' sum).
 *
 * Inputs give text and JSON gives numbers, so both are accepted: '12' and 12, '19.99' and 19.99 (SPEC §5:
 * "Stock is parsed as an integer, prices as decimals"). Prices are read digit by digit, never through
 * floating-point arithmetic, and come out as numbers in currency units, so parsing a parsed value again
 * gives the same value (the browser may submit what the schema returned).
 */

export const PRODUCT_NAME_MIN = 3;
export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MIN = 10;
export const PRODUCT_DESCRIPTION_MAX = 2000;
/** 9,999,999.99 in cents. */
export const PRODUCT_PRICE_MAX_CENTS = 999_999_999;
/** The highest price in a currency: 9,999,999.99, or 9.999.999 where prices have no cents. */
const priceMaxCents = (code: CurrencyCode) =>
  CURRENCIES[code].decimals === 0 ? 999_999_900 : PRODUCT_PRICE_MAX_CENTS;
export const PRODUCT_STOCK_MAX = 100_000;

const REQUIRED = 'Campo Requerido';
const BLANK = 'No puede ser un espacio en blanco';
const NOT_A_NUMBER = 'Ingresa un número válido';
const DECIMAL_COMMA = 'Usa punto para separar los decimales';
const TWO_DECIMALS = 'Máximo 2 decimales';
export const DISCOUNT_NOT_BELOW_PRICE = 'El precio con descuento debe ser menor que el precio';
export const CATEGORY_NOT_FOUND = 'La categoría no existe';
const CHOOSE_CATEGORY = 'Elige una categoría';
const INVALID_CATEGORY = 'La categoría no es válida';
const CHOOSE_IMAGE = 'Elige una imagen';
const INVALID_IMAGE = 'La imagen no es válida';
const NOTHING_TO_CHANGE = 'No hay cambios para guardar';

const DECIMAL_TEXT = /^-?\d+(?:\.(\d+))?$/;
const WHOLE_TEXT = /^-?\d+$/;

type Parsed = { value: number } | { message: string };

/**
 * Text or a number → cents. Text is read digit by digit ('19.90' → 1990); a number must already have
 * at most two decimals (0.1 + 0.2 does not).
 */
function parseCents(input: string | number): Parsed {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { message: NOT_A_NUMBER };
    const cents = Math.round(input * 100);
    return cents / 100 === input ? { value: cents } : { message: TWO_DECIMALS };
  }
  const text = input.trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return { message: /^-?\d+,\d+$/.test(text) ? DECIMAL_COMMA : NOT_A_NUMBER };
  const fraction = (match[1] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) return { message: TWO_DECIMALS };
  const [whole = '0'] = text.split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return { value: sign * (Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, '0'))) };
}

/** Text or a number → a whole number. */
function parseWhole(input: string | number, notWhole: string): Parsed {
  if (typeof input === 'number') return Number.isInteger(input) ? { value: input } : { message: notWhole };
  const text = input.trim();
  if (WHOLE_TEXT.test(text)) return { value: Number(text) };
  return { message: DECIMAL_TEXT.test(text) ? notWhole : NOT_A_NUMBER };
}

/** A field typed as text or as a number; a missing value, null or '' is `required`. */
const numeric = (required: string) =>
  // No `abort` here: an aborted field would also silence the cross-field discount check (zod 4).
  z
    .union([z.string(), z.number()], { error: required })
    .refine((v) => v !== '' && !/^\s+$/.test(`${v}`), { error: required })
    .refine((v) => typeof v === 'number' || isSingleLineText(v), { error: FORBIDDEN_CHARACTERS });

/**
 * Parses with `parse`, then refuses values `outOfRange` names a message for; the first message is the
 * field's issue.
 */
const parsedNumber = (
  required: string,
  parse: (input: string | number) => Parsed,
  outOfRange: (value: number) => string | undefined,
) =>
  numeric(required).transform((input, ctx) => {
    // A blank value already has its `required` issue.
    if (`${input}`.trim() === '') return z.NEVER;
    const parsed = parse(input);
    const message = 'message' in parsed ? parsed.message : outOfRange(parsed.value);
    if ('message' in parsed || message) {
      ctx.addIssue({ code: 'custom', message: message ?? NOT_A_NUMBER });
      return z.NEVER;
    }
    return parsed.value;
  });

/**
 * A price in currency units (cents inside, so no floating-point drift), > 0 and at most the currency's
 * highest price; whole units in a currency without cents (the shop shows no decimals there, so a price
 * with them would be charged other than shown).
 */
const price = (notPositive: string, code: CurrencyCode) =>
  parsedNumber(REQUIRED, parseCents, (cents) =>
    cents <= 0
      ? notPositive
      : !fitsCurrency(cents, code)
        ? noDecimalsMessage(code)
        : cents > priceMaxCents(code)
          ? `El precio máximo es ${formatAmount(priceMaxCents(code) / 100, code)}`
          : undefined,
  ).transform((cents) => cents / 100);

const stock = parsedNumber(
  REQUIRED,
  (input) => parseWhole(input, 'El stock debe ser un número entero'),
  (n) =>
    n < 0
      ? 'El stock no puede ser negativo'
      : n > PRODUCT_STOCK_MAX
        ? `Máximo ${PRODUCT_STOCK_MAX} unidades`
        : undefined,
);

const idCategoria = parsedNumber(
  CHOOSE_CATEGORY,
  (input) => {
    const parsed = parseWhole(input, INVALID_CATEGORY);
    return 'message' in parsed ? { message: INVALID_CATEGORY } : parsed;
  },
  (n) => (n < 1 || n > ID_MAX ? INVALID_CATEGORY : undefined),
);

const text = (min: number, max: number, base = singleLineText) =>
  requiredText(REQUIRED, base)
    .refine(notBlank, { error: BLANK })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(min, { error: `Mínimo ${min} caracteres` })
        .max(max, { error: `Máximo ${max} caracteres` }),
    );

const nombre = text(PRODUCT_NAME_MIN, PRODUCT_NAME_MAX);
// A <textarea>: its line breaks are part of the description.
const descripcion = text(PRODUCT_DESCRIPTION_MIN, PRODUCT_DESCRIPTION_MAX, multiLineText);

/** The shop's own product pictures only: registration's image rule, narrowed to the products folder. */
export const productImageUrl = z
  .string({ error: CHOOSE_IMAGE })
  .min(1, { error: CHOOSE_IMAGE })
  .pipe(imagenUrl)
  .refine((v) => v.startsWith('/uploads/productos/'), { error: INVALID_IMAGE });

const photoAlt = z
  .preprocess((v) => v ?? '', singleLineText({ error: 'El texto alternativo no es válido' }))
  .transform((v) => v.trim())
  .pipe(z.string().max(PHOTO_ALT_MAX, { error: `Máximo ${PHOTO_ALT_MAX} caracteres` }));

/** The photos in order: at least one, at most PRODUCT_PHOTOS_MAX, none twice. */
const photoList = z
  .array(z.object({ url: productImageUrl, alt: photoAlt }), { error: 'Las fotos no son válidas' })
  .min(1, { error: CHOOSE_IMAGE })
  .max(PRODUCT_PHOTOS_MAX, { error: `Máximo ${PRODUCT_PHOTOS_MAX} fotos por producto` })
  .refine((photos) => new Set(photos.map((p) => p.url)).size === photos.length, {
    error: 'La misma foto está dos veces',
  });

/**
 * The photos a request sets, from imagen and imagenes; undefined when it sends neither. An imagen that is
 * not the first of imagenes comes from a client that only knows imagen: it replaces the first photo.
 */
function photosOf(
  imagen: string | undefined,
  imagenes: ProductPhoto[] | undefined,
): ProductPhoto[] | undefined {
  if (!imagenes) return imagen === undefined ? undefined : [{ url: imagen, alt: '' }];
  if (imagen === undefined || imagenes[0]?.url === imagen) return imagenes;
  return [{ url: imagen, alt: '' }, ...imagenes.slice(1).filter((photo) => photo.url !== imagen)];
}

/** imagen and imagenes as the service applies them: the list, and imagen as its first photo. */
function withPhotos<T extends { imagen?: string | undefined; imagenes?: ProductPhoto[] | undefined }>(
  v: T,
): Omit<T, 'imagen' | 'imagenes'> & { imagen?: string | undefined; imagenes?: ProductPhoto[] | undefined } {
  const imagenes = photosOf(v.imagen, v.imagenes);
  return { ...v, imagen: imagenes?.[0]?.url, imagenes };
}

/**
 * "valor_descuento below valor", checked as soon as both prices are valid, even while other fields are
 * still wrong (the form validates as the admin types).
 */
const discountBelowPrice = {
  error: DISCOUNT_NOT_BELOW_PRICE,
  path: ['valor_descuento'],
  when: acrossFields(
    (_value, { issues }) => !issues.some((i) => i.path?.[0] === 'valor' || i.path?.[0] === 'valor_descuento'),
  ),
};
const discountIsBelow = (v: { valor?: number | undefined; valor_descuento?: number | null | undefined }) =>
  v.valor === undefined || v.valor_descuento == null || v.valor_descuento < v.valor;

/** An empty field means "leave it as it is": the edit form sends only what was filled (SPEC §5). */
const unchangedWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    schema.optional(),
  );

const VARIANT_IMAGE = 'La foto de la variante no es válida';
/** A variant's picture: one of the shop's product pictures, or '' for the product's. */
const variantImage = z
  .string({ error: VARIANT_IMAGE })
  .refine((v) => v === '' || v.startsWith('/uploads/productos/'), { error: VARIANT_IMAGE })
  .pipe(z.union([z.literal(''), productImageUrl], { error: VARIANT_IMAGE }));

/** The options and the variants of a product; how they fit each other is checked across fields. */
function variantFields(valor: z.ZodType<number>, valorDescuento: z.ZodType<number>) {
  const variant = z.object({
    /** An existing variant being edited; none for a new one. */
    id_variante: recordId('La variante no es válida').optional(),
    sku: skuSchema.optional(),
    valores: z
      .array(
        singleLineText().transform((v) => v.trim().replace(/\s+/g, ' ')),
        {
          error: 'Indica los valores de la variante',
        },
      )
      .default([]),
    valor: unchangedWhenEmpty(valor),
    // Left out or '': the product's discount; null: none.
    valor_descuento: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      valorDescuento.nullable().optional(),
    ),
    stock,
    stock_minimo: variantLowStockSchema,
    imagen: variantImage.default(''),
    estado: z.boolean({ error: 'Indica si la variante está activa' }).default(true),
  });
  return {
    opciones: optionsSchema.optional(),
    variantes: z
      .array(variant, { error: 'Las variantes deben ser una lista' })
      .max(VARIANTS_MAX, { error: `Un producto admite hasta ${VARIANTS_MAX} variantes` })
      .optional(),
  };
}

interface VariantsPart {
  opciones?: Array<{ nombre: string; valores: string[] }> | undefined;
  variantes?: Array<{ valores: string[]; sku?: string | undefined }> | undefined;
}

/** The variants fit the options (checked once both are valid; the options default to none). */
function checkVariants(value: VariantsPart, ctx: z.core.$RefinementCtx<VariantsPart>) {
  if (value.variantes === undefined) {
    if (value.opciones !== undefined && value.opciones.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['variantes'], message: 'Indica las variantes del producto' });
    }
    return;
  }
  for (const issue of variantIssues(value.opciones ?? [], value.variantes)) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
}
const variantsReady = acrossFields(
  (_value, { issues }) => !issues.some((i) => i.path?.[0] === 'opciones' || i.path?.[0] === 'variantes'),
);

/** With variants, the product's own stock may be left out (it becomes theirs); without, it is required. */
const stockGiven = (v: { stock?: number | undefined; variantes?: unknown }) =>
  v.stock !== undefined || v.variantes !== undefined;
const stockRequired = {
  error: REQUIRED,
  path: ['stock'],
  when: acrossFields((_value, { issues }) => !issues.some((i) => i.path?.[0] === 'stock')),
};

/** The product forms' schemas in one currency: its prices are whole units where it has no cents. */
function productSchemas(code: CurrencyCode) {
  const valor = price('El precio debe ser mayor que 0', code);
  const valorDescuento = price('El descuento debe ser mayor que 0', code);
  /** An optional text-or-number: '', blank text, null and a missing value all mean "no discount". */
  const optionalDiscount = z.preprocess(
    (v) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v),
    valorDescuento.nullable(),
  );
  const variants = variantFields(valor, valorDescuento);

  const create = z
    .object({
      nombre,
      descripcion_producto: descripcion,
      valor,
      valor_descuento: optionalDiscount,
      stock: stock.optional(),
      id_categoria_producto: idCategoria,
      imagen: productImageUrl.optional(),
      imagenes: photoList.optional(),
      ...variants,
    })
    .refine(discountIsBelow, discountBelowPrice)
    .refine(stockGiven, stockRequired)
    .refine((v) => v.imagen !== undefined || v.imagenes !== undefined, {
      error: CHOOSE_IMAGE,
      path: ['imagen'],
      when: acrossFields((value) => value.imagen === undefined && value.imagenes === undefined),
    })
    .superRefine(checkVariants, { when: variantsReady })
    .transform((v) => {
      const { imagen, imagenes, ...rest } = withPhotos(v);
      // The refine above made sure there is a photo.
      return { ...rest, imagen: imagen as string, imagenes: imagenes as ProductPhoto[] };
    });
  /**
   * Edit product (PUT /api/products/:id/editProduct): every field optional, same rules. '' or a missing
   * key leaves a field unchanged; `valor_descuento: null` removes the discount. SPEC's client may send the
   * whole product object: keys that are not editable here (id_producto, estado, createdAt, the category
   * object…) are dropped, never applied. When only one of the two prices is sent, the server checks the
   * discount against the stored price.
   */
  const update = z
    .object({
      nombre: unchangedWhenEmpty(nombre),
      descripcion_producto: unchangedWhenEmpty(descripcion),
      valor: unchangedWhenEmpty(valor),
      valor_descuento: z.preprocess(
        (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
        valorDescuento.nullable().optional(),
      ),
      stock: unchangedWhenEmpty(stock),
      id_categoria_producto: unchangedWhenEmpty(idCategoria),
      imagen: unchangedWhenEmpty(productImageUrl),
      imagenes: photoList.optional(),
      ...variants,
    })
    .refine(discountIsBelow, discountBelowPrice)
    .superRefine(checkVariants, { when: variantsReady })
    .refine((v) => Object.values(v).some((field) => field !== undefined), { error: NOTHING_TO_CHANGE })
    .transform(withPhotos);
  return { create, update };
}

const schemasByCurrency = new Map<CurrencyCode, ReturnType<typeof productSchemas>>();
const schemasFor = (code: CurrencyCode) => {
  let schemas = schemasByCurrency.get(code);
  if (!schemas) {
    schemas = productSchemas(code);
    schemasByCurrency.set(code, schemas);
  }
  return schemas;
};

/**
 * Create product (POST /api/products), and the create form, in the shop's currency. Unknown keys are
 * dropped; estado is never set here (a new product is active; Eliminar/Restaurar toggles it).
 */
export const productoSchemaFor = (code: CurrencyCode) => schemasFor(code).create;
/** Edit product (PUT /api/products/:id/editProduct) and the edit form, in the shop's currency. */
export const productoUpdateSchemaFor = (code: CurrencyCode) => schemasFor(code).update;

export type ProductoInput = z.input<ReturnType<typeof productoSchemaFor>>;
export type ProductoData = z.output<ReturnType<typeof productoSchemaFor>>;

export type ProductoUpdateInput = z.input<ReturnType<typeof productoUpdateSchemaFor>>;
export type ProductoUpdate = z.output<ReturnType<typeof productoUpdateSchemaFor>>;
