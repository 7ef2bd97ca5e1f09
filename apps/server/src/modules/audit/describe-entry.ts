import {
  type AuditAction,
  type AuditChange,
  type AuditEntity,
  formatMoney,
  fromCents,
  ORDER_STATE_LABELS,
  type OrderState,
  PROMOTION_TYPE_LABELS,
  type PromotionType,
  refundFailureText,
  STAFF_ROLE_LABELS,
  type StaffRole,
  spellDay,
  toCents,
} from '@vitrina/shared';
import type { EntryNames } from './entry-names';

/*
 * An entry of the trail as the owner reads it: a Spanish sentence naming what changed, and each changed
 * value under its Spanish label, written as the rest of the shop writes it (money as '$1,299.90', an
 * order's state as its screens name it, a category or a product by its name). The stored entry keeps the
 * raw values the modules recorded; the words are put on here, when it is read.
 */

type Snapshot = Record<string, unknown>;

/** How one stored value reads; `names` turns the ids an entry keeps into names. */
type Show = (value: unknown, names: EntryNames) => string;

const text = (value: unknown) => (value === null || value === '' ? '—' : String(value));
const money =
  (none: string): Show =>
  (value, names) =>
    value === null ? none : formatMoney(fromCents(toCents(value as string | number)), names.currency);
const either =
  (yes: string, no: string): Show =>
  (value) =>
    value ? yes : no;

/** A refund's lines: '2 × Silla Nórdica, 1 × Mesa de roble'. */
const refundedLines: Show = (value, names) =>
  (value as Array<{ id_detalle_venta: number; cantidad: number }>)
    .map(
      (l) => `${l.cantidad} × ${names.orderLines.get(l.id_detalle_venta) ?? 'un producto que ya no existe'}`,
    )
    .join(', ');

/** A product's photos in order, by file name: 'c1-1.webp, lampara.webp'. */
const photoFiles: Show = (value) =>
  (value as string[]).map((url) => url.slice(url.lastIndexOf('/') + 1)).join(', ') || '—';

/**
 * Every field each entity's entries record, with its label. 'named' marks a value the sentence already
 * names (the product of a rating), which is not listed again.
 */
const FIELDS: Record<AuditEntity, Record<string, { label: string; show: Show } | 'named'>> = {
  producto: {
    nombre: { label: 'Nombre', show: text },
    descripcion_producto: { label: 'Descripción', show: text },
    valor: { label: 'Precio', show: money('—') },
    valor_descuento: { label: 'Precio con descuento', show: money('Sin descuento') },
    stock: { label: 'Stock', show: text },
    imagen: { label: 'Imagen', show: text },
    imagenes: { label: 'Fotos', show: photoFiles },
    estado: { label: 'Estado', show: either('Habilitado', 'Inactivo') },
    id_categoria_producto: {
      label: 'Categoría',
      show: (id, names) => names.categories.get(id as number) ?? 'Una categoría que ya no existe',
    },
  },
  usuario: {
    estado: { label: 'Estado', show: either('Activo', 'Baneado') },
    rol: {
      label: 'Rol',
      show: (rol) => STAFF_ROLE_LABELS[rol as StaffRole] ?? 'Sin rol (cliente)',
    },
  },
  calificacion: {
    estado: { label: 'Estado', show: either('Visible', 'Oculta') },
    valor_calificacion: { label: 'Calificación', show: (stars) => `${stars} de 5 estrellas` },
    id_producto: 'named',
  },
  pedido: {
    estado: { label: 'Estado', show: (estado) => ORDER_STATE_LABELS[estado as OrderState] ?? text(estado) },
    transportista: { label: 'Transportista', show: text },
    guia: { label: 'Número de guía', show: text },
    monto_reembolsado: { label: 'Total reembolsado', show: money('—') },
    lineas: { label: 'Unidades reembolsadas', show: refundedLines },
    envio: { label: 'Envío reembolsado', show: money('—') },
    motivo: { label: 'Motivo del rechazo', show: (code) => refundFailureText(String(code)) },
    solicitud: {
      label: 'Solicitud',
      show: (tipo) => (tipo === 'cancelacion' ? 'Cancelación' : 'Devolución'),
    },
    respuesta: { label: 'Respuesta', show: text },
  },
  ajustes: {
    envio_tarifa: { label: 'Tarifa de envío', show: money('—') },
    envio_gratis_desde: { label: 'Envío gratis desde', show: money('Sin envío gratis') },
    impuesto_activo: { label: 'Precios con impuesto incluido', show: either('Sí', 'No') },
    impuesto_nombre: { label: 'Impuesto', show: text },
    impuesto_tasa: { label: 'Tasa del impuesto', show: (rate) => `${text(rate)} %` },
    metodos_pago: { label: 'Medios de pago activos', show: text },
    envio_zonas: { label: 'Zonas de envío', show: text },
    retiro: { label: 'Retiro en tienda', show: text },
    resumen_diario: { label: 'Resumen diario de pedidos', show: either('Sí', 'No') },
  },
  tienda: {
    nombre: { label: 'Nombre', show: text },
    logo: { label: 'Logo', show: text },
    favicon: { label: 'Favicon', show: text },
    color_primario: { label: 'Color primario', show: text },
    color_acento: { label: 'Color de acento', show: text },
    contacto_email: { label: 'Correo de contacto', show: text },
    contacto_telefono: { label: 'Teléfono', show: text },
    contacto_direccion: { label: 'Dirección', show: text },
    red_instagram: { label: 'Instagram', show: text },
    red_facebook: { label: 'Facebook', show: text },
    red_tiktok: { label: 'TikTok', show: text },
    red_x: { label: 'X', show: text },
    red_youtube: { label: 'YouTube', show: text },
    whatsapp: { label: 'WhatsApp', show: text },
  },
  pagina: {
    slug: { label: 'Dirección', show: text },
    titulo: { label: 'Título', show: text },
    contenido: { label: 'Texto', show: text },
  },
  sinonimo: {
    terminos: { label: 'Términos', show: text },
    unidireccional: {
      label: 'Sentido',
      show: either('En un solo sentido: el primer término también encuentra los demás', 'En ambos sentidos'),
    },
  },
  promocion: {
    codigo: 'named',
    tipo: { label: 'Tipo', show: (tipo) => PROMOTION_TYPE_LABELS[tipo as PromotionType] ?? text(tipo) },
    valor: { label: 'Valor', show: text },
    minimo: { label: 'Compra mínima', show: money('Sin mínimo') },
    desde: { label: 'Desde', show: (day) => (day ? spellDay(String(day)) : 'Sin fecha de inicio') },
    hasta: { label: 'Hasta', show: (day) => (day ? spellDay(String(day)) : 'Sin fecha de fin') },
    usos_max: { label: 'Usos totales', show: (n) => (n === null ? 'Sin límite' : String(n)) },
    usos_por_cliente: { label: 'Usos por cliente', show: (n) => (n === null ? 'Sin límite' : String(n)) },
    categorias: {
      label: 'Categorías',
      show: (ids, names) =>
        (ids as number[])
          .map((id) => names.categories.get(id) ?? 'una categoría que ya no existe')
          .join(', ') || 'Todas',
    },
    productos: {
      label: 'Productos',
      show: (ids, names) =>
        (ids as number[]).map((id) => names.products.get(id) ?? 'un producto que ya no existe').join(', ') ||
        'Todos',
    },
    combinable: { label: 'Con productos en oferta', show: either('Se combina', 'No se combina') },
    automatica: { label: 'Aplicación', show: either('Automática', 'Con código') },
    activa: { label: 'Estado', show: either('Activa', 'Pausada') },
  },
};

/** The sentence of each action, up to the words that name what changed. */
const SENTENCES: Record<AuditAction, string> = {
  'producto.creado': 'Creó el producto',
  'producto.editado': 'Editó el producto',
  'producto.desactivado': 'Eliminó el producto',
  'producto.restaurado': 'Restauró el producto',
  'usuario.baneado': 'Baneó al usuario',
  'usuario.restaurado': 'Restauró al usuario',
  'usuario.rol': 'Cambió el rol en la tienda de',
  'calificacion.ocultada': 'Ocultó la calificación',
  'calificacion.restaurada': 'Restauró la calificación',
  'pedido.estado': 'Cambió el estado del pedido',
  'pedido.reembolsado': 'Reembolsó el pedido',
  'pedido.reembolso_fallido': 'El sistema de pagos rechazó un reembolso ya hecho del pedido',
  'pedido.solicitud': 'Respondió la solicitud de cancelación o devolución del pedido',
  'ajustes.editados': 'Editó los ajustes de la tienda',
  'sinonimo.creado': 'Creó el sinónimo',
  'sinonimo.editado': 'Editó el sinónimo',
  'sinonimo.borrado': 'Borró el sinónimo',
  'promocion.creada': 'Creó la promoción',
  'promocion.editada': 'Editó la promoción',
  'tienda.editada': 'Editó la identidad de la tienda',
  'pagina.creada': 'Creó la página',
  'pagina.editada': 'Editó la página',
  'pagina.borrada': 'Borró la página',
};

const GONE = 'que ya no existe';

/** The words that end the sentence and name what changed; null when the sentence names it already. */
function subject(
  entry: { entidad: string; id_entidad: number | null; antes: Snapshot | null; despues: Snapshot | null },
  names: EntryNames,
): string | null {
  const id = entry.id_entidad ?? 0;
  switch (entry.entidad) {
    case 'producto': {
      const name = names.products.get(id);
      return name === undefined ? GONE : `«${name}»`;
    }
    case 'usuario':
      return names.users.get(id) ?? `cuya cuenta ${GONE}`;
    case 'calificacion': {
      const rating = names.ratings.get(id);
      return rating ? `de ${rating.autor} sobre «${rating.producto}»` : GONE;
    }
    case 'pedido': {
      const numero = names.orders.get(id);
      return numero === undefined ? GONE : (numero ?? 'sin número');
    }
    case 'promocion': {
      const codigo = entry.despues?.codigo ?? entry.antes?.codigo;
      return codigo ? `«${codigo}»` : GONE;
    }
    case 'pagina': {
      // A deleted page is gone from its table; its entry keeps its title.
      const titulo = entry.despues?.titulo ?? entry.antes?.titulo;
      return titulo ? `«${titulo}»` : GONE;
    }
    case 'sinonimo': {
      // A deleted synonym is gone from its table; its entry keeps its terms.
      const terminos = entry.despues?.terminos ?? entry.antes?.terminos;
      return terminos ? `«${terminos}»` : GONE;
    }
    default:
      return null;
  }
}

/** Any value a field of no known kind holds, as text and never as a data structure. */
const plain = (value: unknown) => (value === null || typeof value === 'object' ? '—' : text(value));

function changes(
  entidad: string,
  antes: Snapshot | null,
  despues: Snapshot | null,
  names: EntryNames,
): AuditChange[] {
  const fields = FIELDS[entidad as AuditEntity] ?? {};
  const present = new Set([...Object.keys(despues ?? {}), ...Object.keys(antes ?? {})]);
  // In the order the fields are declared above: jsonb keeps an object's keys in an order of its own.
  const keys = [...Object.keys(fields).filter((key) => present.has(key)), ...present].filter(
    (key, i, all) => all.indexOf(key) === i,
  );
  return keys.flatMap((key) => {
    const field = fields[key];
    if (field === 'named') return [];
    const show = (side: Snapshot | null) => {
      if (side === null || !(key in side)) return null;
      if (!field) return plain(side[key]);
      try {
        return field.show(side[key], names);
      } catch {
        // A value its writer stored in another shape is still shown, as plain text.
        return plain(side[key]);
      }
    };
    const before = show(antes);
    const after = show(despues);
    // A value written again unchanged is no change.
    if (before === after) return [];
    return [{ campo: field?.label ?? key, antes: before, despues: after }];
  });
}

/** The sentence, its subject and the labelled changes of one stored entry. */
export function describeEntry(
  entry: {
    accion: string;
    entidad: string;
    id_entidad: number | null;
    antes: unknown;
    despues: unknown;
  },
  names: EntryNames,
): { resumen: string; sujeto: string | null; cambios: AuditChange[] } {
  const antes = (entry.antes ?? null) as Snapshot | null;
  const despues = (entry.despues ?? null) as Snapshot | null;
  const sujeto = subject({ ...entry, antes, despues }, names);
  const sentence = SENTENCES[entry.accion as AuditAction] ?? 'Cambió';
  return {
    resumen: sujeto === null ? sentence : `${sentence} ${sujeto}`,
    sujeto,
    cambios: changes(entry.entidad, antes, despues, names),
  };
}
