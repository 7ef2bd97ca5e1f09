import {
  type Cents,
  cartCount,
  type Product,
  paidCents,
  type Sellable,
  sellableOf,
  totalCents,
} from '@vitrina/shared';
import { isNotFound } from '../../../lib/api-client';
import type { StoredCartLine } from '../store/cart-store';

/** What the server says of a line's product now. */
export type LineStatus = 'checking' | 'ok' | 'unavailable' | 'error';

export interface ReviewedLine {
  line: StoredCartLine;
  product: Product | undefined;
  /** What the line sells now (its variant); undefined while unknown or when it is gone. */
  sold: Sellable | undefined;
  status: LineStatus;
  nombre: string;
  /** The variant's label ('Talla M · Azul'), '' for a product without options. */
  etiqueta: string;
  imagen: string | undefined;
  /** The current unit price in cents (the remembered one while checking; null if never known). */
  unitCents: Cents | null;
  /** The price seen when adding, when the current one differs. */
  previousCents: Cents | null;
  /** The units left when the line asks for more. */
  stockLeft: number | null;
  subtotalCents: Cents | null;
  error: unknown;
}

export interface CartReview {
  lines: ReviewedLine[];
  /** Lines that can be paid now (their product checked and available). */
  payable: ReviewedLine[];
  /** Articles and money of the payable lines. */
  articles: number;
  totalCents: Cents;
  checking: boolean;
  /** A line must be fixed (removed, reduced, or checked again) before paying. */
  blocked: boolean;
  refresh: () => void;
}

/** Where a line's product query is: its data, its error, whether it is still loading. */
export interface ProductCheck {
  data?: Product;
  error: unknown;
  isPending: boolean;
}

/** A line as the server's answer about its product (and the line's variant) says it is now. */
export function reviewLine(line: StoredCartLine, query: ProductCheck): ReviewedLine {
  const product = query.data;
  const sold = product && sellableOf(product, line.variante);
  const base = {
    line,
    product,
    sold,
    nombre: product?.nombre ?? line.nombre ?? `Producto ${line.id}`,
    etiqueta: sold?.etiqueta ?? line.etiqueta ?? '',
    imagen: sold?.imagen ?? line.imagen,
    previousCents: null,
    stockLeft: null,
    error: query.error,
  };
  // A 404 wins over data cached from an earlier visit: the product is gone now.
  if (!product || isNotFound(query.error)) {
    const unit = line.precio ?? null;
    const status: LineStatus = isNotFound(query.error)
      ? 'unavailable'
      : query.isPending
        ? 'checking'
        : 'error';
    return { ...base, status, unitCents: unit, subtotalCents: unit === null ? null : unit * line.cantidad };
  }
  // The variant the line names is gone (or the product now has options the line never chose).
  if (!sold) {
    const unit = line.precio ?? null;
    return {
      ...base,
      status: 'unavailable',
      unitCents: unit,
      subtotalCents: unit === null ? null : unit * line.cantidad,
    };
  }
  const unit = paidCents(sold);
  const available = sold.estado && sold.stock > 0;
  return {
    ...base,
    status: available ? 'ok' : 'unavailable',
    unitCents: unit,
    subtotalCents: unit * line.cantidad,
    previousCents: line.precio !== undefined && line.precio !== unit ? line.precio : null,
    stockLeft: available && line.cantidad > sold.stock ? sold.stock : null,
  };
}

/**
 * The cart as the server sees it now: an unavailable product, a changed price or a short stock is flagged.
 * Nothing in the cart changes by itself; the totals count only what can be paid, in cents.
 */
export function reviewCart(lines: ReviewedLine[], refresh: () => void): CartReview {
  const payable = lines.filter((l) => l.status === 'ok');
  const priced = payable.map((l) => ({ unitCents: l.unitCents ?? 0, cantidad: l.line.cantidad }));
  return {
    lines,
    payable,
    articles: cartCount(payable.map((l) => l.line)),
    totalCents: totalCents(priced),
    checking: lines.some((l) => l.status === 'checking'),
    blocked: lines.some((l) => l.status === 'unavailable' || l.status === 'error' || l.stockLeft !== null),
    refresh,
  };
}
