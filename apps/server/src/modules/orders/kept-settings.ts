import type { ShopNotices } from '@vitrina/shared';
import type { Database, Db, Tx } from '../../db/client';
import { orderNoticeEmails } from '../accounts';
import type { ShopIdentity } from '../mail';
import { automaticPromotions, type PromotionRow } from '../promotions';
import { type CheckoutSettings, currentShopAndNotices, readCheckoutSettings } from '../settings';

/**
 * What every order reads of the shop's settings and rules: placing it (with the promotions that apply
 * without a code), and the messages of its payment.
 */
export interface SettingsNow {
  /** Shipping, the included tax and the payment methods. */
  checkout: CheckoutSettings;
  /** The shop as its messages name it (its saved identity over the configuration's). */
  shop: ShopIdentity;
  /** Whether the owner hears of each paid order or once a day. */
  notices: ShopNotices;
  /** The staff who asked to hear of each paid order. */
  staff: readonly string[];
  /** Every automatic promotion (a typed code is still read with each order). */
  automatic: readonly PromotionRow[];
}

async function readSettingsNow(tx: Db | Tx, base: ShopIdentity): Promise<SettingsNow> {
  const checkout = await readCheckoutSettings(tx);
  const { shop, notices } = await currentShopAndNotices(tx, base);
  const staff = await orderNoticeEmails(tx);
  return { checkout, shop, notices, staff, automatic: await automaticPromotions(tx) };
}

/**
 * SettingsNow kept in this process until a change is announced on `ajustes_cambio` (migration 0034), as
 * the catalog cache is: every paid order read it, and the owner seldom changes it
 * (docs/decisions/100-kept-settings.md). The process that saves a change hears it before its COMMIT
 * returns; others hear it a moment later. While nothing listens, every call reads.
 */
export function keptSettings(database: Pick<Database, 'subscribe' | 'listening'>, base: ShopIdentity) {
  let kept: SettingsNow | undefined;
  let generation = 0;
  database.subscribe('ajustes_cambio', () => {
    generation++;
    kept = undefined;
  });
  return {
    /** The kept settings, else read in `tx` (and kept unless a change was announced meanwhile). */
    async read(tx: Db | Tx): Promise<SettingsNow> {
      if (kept && database.listening()) return kept;
      const readAt = generation;
      const now = await readSettingsNow(tx, base);
      if (readAt === generation && database.listening()) kept = now;
      return now;
    },
  };
}

export type KeptSettings = ReturnType<typeof keptSettings>;

/** The settings as they stand, kept by the application's context; a context without them reads them. */
export const settingsNow = (
  context: { settings?: KeptSettings | undefined; shop: ShopIdentity },
  tx: Db | Tx,
) => (context.settings ? context.settings.read(tx) : readSettingsNow(tx, context.shop));
