import { mayManage, PAGES, type SessionUser } from '@vitrina/shared';

export interface AccountLink {
  label: string;
  to: string;
}

export interface AccountMenuModel {
  /** A heading over the entries ('Administración' for admins). */
  label?: string;
  links: AccountLink[];
  /** Whether 'Cerrar sesión' closes the list. */
  canLogOut: boolean;
  /** Search box and cart are for shoppers only (SPEC §2, §6). */
  showSearch: boolean;
  showCart: boolean;
}

/** The account entries of each role (SPEC §2 Navbar), shared by the navbar menu and the drawer. */
export function accountMenu(user: SessionUser | null): AccountMenuModel {
  if (!user) {
    return {
      links: [
        { label: 'Iniciar sesión', to: '/login' },
        { label: 'Registrarse', to: '/register' },
      ],
      canLogOut: false,
      showSearch: true,
      showCart: false,
    };
  }
  if (user.admin) {
    return {
      label: 'Administración',
      links: [
        { label: 'Inicio', to: '/adminHome' },
        // SPEC's entry keeps its name; the sales history grew into the orders screen.
        { label: 'Historial de ventas', to: PAGES.adminOrders.path },
      ],
      canLogOut: true,
      showSearch: false,
      showCart: false,
    };
  }
  if (user.rol) {
    // Staff: the way into their part of the admin; they browse the shop but do not buy (no cart).
    return {
      label: 'Administración',
      links: [
        { label: 'Inicio', to: '/adminHome' },
        ...(mayManage(user, 'pedidos') ? [{ label: 'Historial de ventas', to: PAGES.adminOrders.path }] : []),
      ],
      canLogOut: true,
      showSearch: true,
      showCart: false,
    };
  }
  if (user.login === 'google') {
    return { links: [], canLogOut: true, showSearch: true, showCart: true };
  }
  return {
    links: [
      { label: 'Ver mi perfil', to: '/account' },
      { label: 'Historial de compras', to: '/historial-de-compra' },
    ],
    canLogOut: true,
    showSearch: true,
    showCart: true,
  };
}
