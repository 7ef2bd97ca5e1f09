import { AUDIT_ACTIONS } from '@vitrina/shared';
import { describe, expect, it } from 'vitest';
import { auditedEntity } from './audit-trail';

describe('auditedEntity', () => {
  it('names the table each action changes, as the trail is filtered by', () => {
    expect(Object.fromEntries(AUDIT_ACTIONS.map((accion) => [accion, auditedEntity(accion)]))).toEqual({
      'producto.creado': 'producto',
      'producto.editado': 'producto',
      'producto.desactivado': 'producto',
      'producto.restaurado': 'producto',
      'usuario.baneado': 'usuario',
      'usuario.restaurado': 'usuario',
      'usuario.rol': 'usuario',
      'calificacion.ocultada': 'calificacion',
      'calificacion.restaurada': 'calificacion',
      'pedido.estado': 'pedido',
      'pedido.reembolsado': 'pedido',
      'pedido.reembolso_fallido': 'pedido',
      'pedido.solicitud': 'pedido',
      'ajustes.editados': 'ajustes',
      'sinonimo.creado': 'sinonimo',
      'sinonimo.editado': 'sinonimo',
      'sinonimo.borrado': 'sinonimo',
      'promocion.creada': 'promocion',
      'promocion.editada': 'promocion',
      'tienda.editada': 'tienda',
      'pagina.creada': 'pagina',
      'pagina.editada': 'pagina',
      'pagina.borrada': 'pagina',
    });
  });
});
