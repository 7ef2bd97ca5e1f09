import {
  defaultTienda,
  type ShopNotices,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  type Tienda,
} from '@vitrina/shared';
import { eq, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ajustes, tienda } from '../../db/schema';
import { recordAudit } from '../audit';
import type { ShopIdentity } from '../mail';
import { toShopNotices } from './shop-notices';

/*
 * The shop's identity (Ajustes › Tienda), the one row of `tienda`. Read from the database wherever it
 * shows (the rendered pages, the theme, the e-mails). What a process keeps of it, the rendered pages and
 * the paid orders' settings, it drops on the table's notifications (migrations 0020 and 0034,
 * docs/decisions/068-shop-identity.md and 100-kept-settings.md).
 */

type Row = typeof tienda.$inferSelect;

const toTienda = (row: Row): Tienda => ({
  nombre: row.nombre,
  logo: row.logo,
  favicon: row.favicon,
  colores: { primario: row.color_primario, acento: row.color_acento },
  contacto: { email: row.contacto_email, telefono: row.contacto_telefono, direccion: row.contacto_direccion },
  redes: Object.fromEntries(Object.keys(SOCIAL_NETWORKS).map((key) => [key, row.redes[key] ?? ''])) as Record<
    SocialNetwork,
    string
  >,
  whatsapp: row.whatsapp,
});

/** The saved identity, or SHOP_NAME (`shopName`) with the theme's look until the owner saves one. */
export async function readShopIdentity(db: Db | Tx, shopName: string): Promise<Tienda> {
  const [row] = await db.select().from(tienda).where(eq(tienda.id, 1));
  return row ? toTienda(row) : defaultTienda(shopName);
}

/** The identity as the audit trail keeps it: one flat value per field, as the owner edits them. */
const auditSnapshot = (t: Tienda) => ({
  nombre: t.nombre,
  logo: t.logo,
  favicon: t.favicon,
  color_primario: t.colores.primario,
  color_acento: t.colores.acento,
  contacto_email: t.contacto.email,
  contacto_telefono: t.contacto.telefono,
  contacto_direccion: t.contacto.direccion,
  ...Object.fromEntries(Object.entries(t.redes).map(([key, url]) => [`red_${key}`, url])),
  whatsapp: t.whatsapp,
});

/** PUT /api/ajustes/tienda: replaces the identity (already checked) and records the change. */
export async function saveShopIdentity(
  db: Db,
  adminId: number,
  input: Tienda,
  shopName: string,
): Promise<Tienda> {
  return db.transaction(async (tx) => {
    const before = await readShopIdentity(tx, shopName);
    const values = {
      nombre: input.nombre,
      logo: input.logo,
      favicon: input.favicon,
      color_primario: input.colores.primario,
      color_acento: input.colores.acento,
      contacto_email: input.contacto.email,
      contacto_telefono: input.contacto.telefono,
      contacto_direccion: input.contacto.direccion,
      redes: input.redes,
      whatsapp: input.whatsapp,
      actualizado: new Date(),
    };
    const [row] = await tx
      .insert(tienda)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: tienda.id, set: values })
      .returning();
    const after = toTienda(row as Row);
    await recordAudit(tx, {
      id_usuario: adminId,
      accion: 'tienda.editada',
      id_entidad: 1,
      antes: auditSnapshot(before),
      despues: auditSnapshot(after),
    });
    return after;
  });
}

/** The shop as a message names it: `base` (the configuration's) with the saved name, logo and contact. */
const namedAs = (saved: Tienda, base: ShopIdentity): ShopIdentity => ({
  ...base,
  shopName: saved.nombre,
  logoUrl: saved.logo ? `${base.publicUrl}${saved.logo}` : null,
  contactEmail: saved.contacto.email || base.contactEmail,
});

/**
 * The shop as a message names it now: `base` (the configuration's) with the saved name, logo and contact
 * address. Read in the transaction that queues the message, so it names the shop as it stands.
 */
export async function currentShop(db: Db | Tx, base: ShopIdentity): Promise<ShopIdentity> {
  return namedAs(await readShopIdentity(db, base.shopName), base);
}

/**
 * currentShop and how the shop hears of paid orders (readShopNotices) in one statement: a paid order's
 * messages need both, in the payment's transaction, which every checkout waits for. Each table has at
 * most its one row, so the full join answers one row when either was ever saved.
 */
export async function currentShopAndNotices(
  db: Db | Tx,
  base: ShopIdentity,
): Promise<{ shop: ShopIdentity; notices: ShopNotices }> {
  const [row] = await db
    .select({ saved: tienda, resumen_diario: ajustes.resumen_diario })
    .from(tienda)
    .fullJoin(ajustes, eq(ajustes.id, tienda.id))
    .where(or(eq(tienda.id, 1), eq(ajustes.id, 1)));
  const saved = row?.saved ? toTienda(row.saved) : defaultTienda(base.shopName);
  return { shop: namedAs(saved, base), notices: toShopNotices(row) };
}
