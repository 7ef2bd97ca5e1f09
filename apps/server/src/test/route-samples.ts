import type { z } from 'zod';
import type { DeclaredRoute } from '../plugins/auth';

/**
 * A body (and headers) each route would accept from someone allowed to call it, so the walks over every
 * route (auth.test.ts, hostile-input.test.ts) also send requests that pass validation. A protected route
 * with a body schema and no sample fails the access walk.
 */
export const VALID_REQUESTS: Record<string, { body: unknown; headers?: Record<string, string> }> = {
  'POST /api/usuario': {
    body: {
      primer_nombre: 'Carla',
      primer_apellido: 'Ruiz',
      direccion: 'Av. Insurgentes Sur 1234, CDMX',
      telefono: '5511223344',
      email: 'muestra@example.com',
      password: 'secreto123',
      passwordconfirm: 'secreto123',
    },
  },
  'POST /api/usuario/login': { body: { email: 'muestra@example.com', password: 'secreto123' } },
  'POST /api/usuario/recuperar': { body: { email: 'muestra@example.com' } },
  'POST /api/usuario/restablecer': {
    body: { token: 'enlace-de-muestra', password: 'nuevo12345', passwordconfirm: 'nuevo12345' },
  },
  'POST /api/products': {
    body: {
      nombre: 'Lámpara de escritorio',
      descripcion_producto: 'Lámpara con brazo articulado y luz cálida',
      valor: 450,
      valor_descuento: null,
      stock: 5,
      id_categoria_producto: 1,
      imagen: '/uploads/productos/lampara.webp',
    },
  },
  'PUT /api/products/:id/editProduct': { body: { nombre: 'Lámpara de mesa' } },
  'PUT /api/products/delete/:id': { body: { estado: false } },
  'POST /api/sinonimos': {
    body: { terminos: ['hamaca paraguaya', 'chinchorro de tela'], unidireccional: false },
  },
  'PUT /api/sinonimos/:id': {
    body: { terminos: ['hamaca paraguaya', 'hamaca de tela'], unidireccional: true },
  },
  'PUT /api/usuario': { body: { telefono: '5511223344' } },
  'PUT /api/usuario/password': {
    body: { password_actual: 'secreto123', password: 'nuevo12345', passwordconfirm: 'nuevo12345' },
  },
  'PUT /api/usuario/delete': { body: { id_usuario: 2, estado: false } },
  'POST /api/personal': { body: { email: 'muestra@example.com', rol: 'ventas' } },
  'PUT /api/personal/:id': { body: { rol: 'encargado' } },
  'POST /api/personal/aceptar': { body: { token: 'enlace-de-muestra-de-invitacion' } },
  'POST /api/venta': {
    body: {
      detalle_venta: [{ id_producto: 1, cantidad: 1 }],
      id_pago: 'pm_prueba',
      direccion_envio: {
        nombre: 'Carla Ruiz',
        direccion: 'Av. Insurgentes Sur 1234, CDMX',
        telefono: '5511223344',
      },
    },
    headers: { 'idempotency-key': 'prueba-idempotencia-1' },
  },
  'PUT /api/venta/:id/estado': { body: { estado: 'enviada', transportista: 'Estafeta', guia: '1234567890' } },
  'POST /api/venta/:id/reembolso': {
    body: { lineas: [{ id_detalle_venta: 1, cantidad: 1 }] },
    headers: { 'idempotency-key': 'prueba-reembolso-1' },
  },
  'POST /api/venta/:id/solicitudes': { body: { tipo: 'cancelacion', motivo: 'Ya no lo necesito' } },
  'PUT /api/venta/:id/solicitudes/:solicitud': { body: { decision: 'rechazar', respuesta: 'Ya salió' } },
  'PUT /api/ajustes': { body: { envio_tarifa: 5, envio_gratis_desde: 50 } },
  'PUT /api/ajustes/envio': {
    body: {
      zonas: [{ nombre: 'Sur', regiones: ['Texas', 'Florida'], tarifa: 1500, gratis_desde: null }],
      resto: { tarifa: 900, gratis_desde: 10_000 },
      retiro: {
        activo: true,
        direccion: 'Av. Insurgentes Sur 1234, CDMX',
        horario: 'Lunes a viernes de 10 a 18',
      },
    },
  },
  'PUT /api/ajustes/avisos': { body: { resumen_diario: true } },
  'PUT /api/ajustes/inventario': { body: { stock_minimo: 3 } },
  'PUT /api/ajustes/invitados': { body: { compra_invitado: false } },
  'POST /api/pedidos/reclamar/confirmar': { body: { token: 'enlace-de-muestra-de-reclamo' } },
  'PUT /api/personal/avisos': { body: { pedidos: true } },
  'POST /api/carrito/cotizar': {
    body: { detalle_venta: [{ id_producto: 1, cantidad: 1 }], cupon: 'PRUEBA10' },
  },
  'POST /api/pedidos/consulta': { body: { numero_pedido: 'V-000001', email: 'cliente@vitrina.local' } },
  'PUT /api/carrito': { body: { lineas: [{ id_producto: 1, cantidad: 1 }] } },
  'POST /api/carrito/fusionar': { body: { lineas: [{ id_producto: 1, cantidad: 1 }] } },
  'PUT /api/carrito/recordatorios': { body: { recordatorios: false } },
  'PUT /api/carrito/invitado': {
    body: { email: 'invitada@vitrina.local', nombre: 'Lucía', lineas: [{ id_producto: 1, cantidad: 1 }] },
  },
  'POST /api/carrito/invitado/recuperar': {
    body: { carrito: 1, acceso: 'enlace-de-muestra-del-carrito', lineas: [{ id_producto: 1, cantidad: 1 }] },
  },
  'POST /api/cupones': { body: { codigo: 'PRUEBA10', tipo: 'porcentaje', valor: 10 } },
  'PUT /api/cupones/:id': { body: { codigo: 'PRUEBA10', tipo: 'porcentaje', valor: 10 } },
  'PUT /api/ajustes/tienda': {
    body: {
      nombre: 'Casa Lola',
      logo: null,
      favicon: null,
      colores: { primario: '#1e3a8a', acento: '#b4410f' },
      contacto: {
        email: 'hola@casalola.mx',
        telefono: '+52 55 1234 5678',
        direccion: 'Calle Roble 12, CDMX',
      },
      redes: { instagram: 'https://instagram.com/casalola' },
      whatsapp: '+52 1 55 1234 5678',
    },
  },
  'PUT /api/paginas/:slug': {
    body: { titulo: 'Envíos', contenido: '# Plazos\n\nEnviamos en **24 horas**.' },
  },
  'POST /api/paginas/vista-previa': { body: { contenido: 'Texto con *énfasis*.' } },
  'PUT /api/ajustes/pagos': {
    body: {
      metodos: [
        { id: 'tarjeta', activo: true, descripcion: '', instrucciones: '', reserva_minutos: null },
        {
          id: 'transferencia',
          activo: true,
          descripcion: '',
          instrucciones: 'CLABE 0121',
          reserva_minutos: 60,
        },
        { id: 'mercadopago', activo: false, descripcion: '', instrucciones: '', reserva_minutos: 60 },
        { id: 'contra_entrega', activo: false, descripcion: '', instrucciones: '', reserva_minutos: 60 },
      ],
    },
  },
  'PUT /api/ajustes/impuestos': { body: { activo: true, nombre: 'IVA', tasa: 16 } },
  'POST /api/pedidos/:id/calificaciones': {
    body: { valor_calificacion: 5, descripcion_motivo: 'Muy buena', id_detalle_venta: 1 },
  },
  'POST /api/products/:id/calificacion': {
    body: { valor_calificacion: 5, descripcion_motivo: 'Muy buena', id_detalle_venta: 1 },
  },
  'POST /api/pagos/sandbox/metodos': {
    body: { numero: '4242 4242 4242 4242', expiracion: '12/30', cvc: '123', nombre: 'Carla Ruiz' },
  },
  'POST /api/pagos/sandbox/confirmar': { body: { client_secret: 'cs_prueba', aprobar: true } },
  // SPEC's storefront (Henry-Market-Front) as it builds its bodies, under /api/spec.
  'POST /api/spec/usuario': {
    body: {
      primer_nombre: 'Carla',
      primer_apellido: 'Ruiz',
      direccion: 'Av. Insurgentes Sur 1234, CDMX',
      telefono: '5511223344',
      email: 'muestra.spec@example.com',
      password: 'secreto123',
      passwordconfirm: 'secreto123',
      estado: true,
      imagen: '',
    },
  },
  'POST /api/spec/usuario/login': { body: { email: 'muestra@example.com', password: 'secreto123' } },
  'PUT /api/spec/usuario': { body: { id_usuario: 2, telefono: '5511223344' } },
  'PUT /api/spec/usuario/delete': { body: { id_usuario: 2, estado: false } },
  'POST /api/spec/products': {
    body: {
      nombre: 'Lámpara de escritorio',
      descripcion_producto: 'Lámpara con brazo articulado y luz cálida',
      valor: '450',
      valor_descuento: '',
      stock: '5',
      id_categoria_producto: 1,
      imagen: '/uploads/productos/lampara.webp',
    },
  },
  'PUT /api/spec/products/:id/editProduct': { body: { nombre: 'Lámpara de mesa', id_producto: 1 } },
  'POST /api/spec/products/:id/calificacion': {
    body: {
      id_producto: 1,
      descripcion_motivo: 'Muy buena',
      valor_calificacion: '5',
      id_usuario: 2,
      id_detalle_venta: 1,
    },
  },
  'POST /api/spec/venta': {
    body: {
      fecha: '2026-11-21T10:00:00.000Z',
      valor_total_venta: 960.0000000000001,
      id_usuario: 2,
      detalle_venta: [{ id_producto: 1, nombre: 'Lámpara', valor: 3.2, cantidad: 3 }],
      id_pago: 'pm_prueba',
    },
  },
};

type Schema = z.ZodType & {
  shape?: Record<string, unknown>;
  unwrap?: () => Schema;
  in?: Schema;
  out?: Schema;
};

/** The field names a zod schema accepts (through optional, nullable and pipes). */
export function keysOf(schema: unknown): string[] {
  const s = schema as Schema | undefined;
  if (!s) return [];
  if (s.shape) return Object.keys(s.shape);
  if (s.unwrap) return keysOf(s.unwrap());
  return [...keysOf(s.in), ...keysOf(s.out)];
}

/** Every name a route's schemas declare: path parameters, query, headers and body. */
export function fieldNames(route: DeclaredRoute): string[] {
  const schema = route.schema ?? {};
  return [schema.params, schema.querystring, schema.headers, schema.body].flatMap(keysOf);
}
