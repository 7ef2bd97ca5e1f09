import { CURRENCIES, type CurrencyCode, centsToDecimal, normalizeEmail, toCents } from '@vitrina/shared';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categoriaProducto, producto, productoImagen, sinonimo, usuario } from '../db/schema';
import { hashPassword } from '../modules/accounts';
import { countUnitsSold, SHIPPED_ENGLISH, SHIPPED_SYNONYMS, SHIPPED_USES } from '../modules/catalog';
import type { FileStorage } from '../storage/local';
import { SEED_CATALOG } from './catalog-data';
import { DEMO_CUSTOMER } from './demo-accounts';
import { categoryImage, productImage } from './images';
import { seedOpinions } from './opinions';

export interface SeedOptions {
  admin: { email: string; password: string };
  storage: FileStorage;
  /** SHOP_CURRENCY: the demo's prices are whole units in a currency without cents. */
  currency: CurrencyCode;
}

export type SeedResult = { seeded: false } | { seeded: true; categories: number; products: number };

/** Fills an empty database with the demo shop; a database that already has categories is left alone. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<SeedResult> {
  const [row] = await db.select({ n: count() }).from(categoriaProducto);
  if ((row?.n ?? 0) > 0) return { seeded: false };
  return seed(db, options);
}

/**
 * The demo catalog's prices are written for dollars. In a currency with cents they are kept as they are; in
 * one without (CLP, COP) each is rounded to whole units, which the shop's forms would also ask for
 * (19.90 → 20), and a discount that rounds up to its price is dropped. No exchange rate: it is a demo.
 */
export function seedPrices(
  valor: string,
  valorDescuento: string | null,
  currency: CurrencyCode,
): { valor: string; valor_descuento: string | null } {
  if (CURRENCIES[currency].decimals === 2) return { valor, valor_descuento: valorDescuento };
  const whole = (price: string) => Math.round(toCents(price) / 100) * 100;
  const price = whole(valor);
  const discount = valorDescuento === null ? null : whole(valorDescuento);
  return {
    valor: centsToDecimal(price),
    valor_descuento: discount !== null && discount < price ? centsToDecimal(discount) : null,
  };
}

async function seed(db: Db, { admin, storage, currency }: SeedOptions): Promise<SeedResult> {
  const categoryImages = await Promise.all(
    SEED_CATALOG.map(async (c) => storage.save(`categorias/${c.id}.webp`, await categoryImage(c.id))),
  );
  // Drawn and stored all at once: sharp draws on every core, and a bucket takes uploads side by side.
  const products = SEED_CATALOG.flatMap((category) =>
    category.productos.map((p, index) => ({ category, p, index })),
  );
  const productRows: (typeof producto.$inferInsert)[] = await Promise.all(
    products.map(async ({ category, p, index }, i) => ({
      nombre: p.nombre,
      descripcion_producto: p.descripcion,
      ...seedPrices(p.valor, p.valorDescuento, currency),
      stock: p.stock,
      estado: p.estado,
      imagen: await storage.save(
        `productos/c${category.id}-${index + 1}.webp`,
        await productImage(category.id, index),
      ),
      id_categoria_producto: category.id,
      // Staggered creation dates make the "Más recientes" order meaningful.
      created_at: new Date(Date.UTC(2026, 0, 1) + i * 36e5 * 7),
    })),
  );
  const [adminHash, customerHash] = await Promise.all([
    hashPassword(admin.password),
    hashPassword(DEMO_CUSTOMER.password),
  ]);

  await db.transaction(async (tx) => {
    await tx.insert(categoriaProducto).values(
      SEED_CATALOG.map((c, i) => ({
        id_categoria_producto: c.id,
        nombre_categoria_producto: c.nombre,
        imagen_categoria_producto: categoryImages[i] ?? '',
      })),
    );
    // Explicit ids bypass the sequence; move it past them so later inserts don't collide.
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence('categoria_producto', 'id_categoria_producto'), (SELECT max(id_categoria_producto) FROM categoria_producto))`,
    );
    const inserted = await tx
      .insert(producto)
      .values(productRows)
      .returning({ id_producto: producto.id_producto, imagen: producto.imagen });
    // Each picture is its product's one photo; the shop stores its smaller sizes after it starts.
    await tx
      .insert(productoImagen)
      .values(inserted.map((row) => ({ id_producto: row.id_producto, posicion: 1, url: row.imagen })));
    await tx.insert(usuario).values([
      {
        primer_nombre: 'Administración',
        primer_apellido: 'Vitrina',
        email: normalizeEmail(admin.email),
        direccion: 'Av. Reforma 222, Ciudad de México',
        telefono: '5512345678',
        admin: true,
        password_hash: adminHash,
      },
      {
        primer_nombre: DEMO_CUSTOMER.primer_nombre,
        primer_apellido: DEMO_CUSTOMER.primer_apellido,
        email: DEMO_CUSTOMER.email,
        direccion: DEMO_CUSTOMER.direccion,
        telefono: DEMO_CUSTOMER.telefono,
        password_hash: customerHash,
      },
    ]);
    await seedOpinions(tx);
    // Regional words, English and Spanglish words, and what things are for: all edited in Sinónimos.
    await tx.insert(sinonimo).values([...SHIPPED_SYNONYMS, ...SHIPPED_ENGLISH, ...SHIPPED_USES]);
  });
  // The demo's past orders sell from the first page: best sellers and search's tiebreak count them.
  await countUnitsSold(db);
  return { seeded: true, categories: SEED_CATALOG.length, products: productRows.length };
}
