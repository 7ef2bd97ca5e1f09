import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../seed/demo-accounts';
import { Agent } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { jwtDecode, SpecBrowser } from '../../test/spec-browser';
import { SESSION_COOKIE } from '../sessions';
import { PASSWORD_NEEDS_CURRENT } from './account-routes';

/*
 * BrandonFabila/Henry-Market-Front against the shop, call by call as its source builds them (redux
 * actions, FormLogin, FormRegister, CheckOutForm, FormComent, FormUpdate, FormUpdatePassword, Usuarios,
 * FormUpdateProduct) and each answer read the way its components read it.
 */

interface Product {
  id_producto: number;
  nombre: string;
  imagen: string;
  valor: number;
  valor_descuento: number | null;
  stock: number;
  existencia: number;
  estado: boolean;
  descripcion_producto: string;
  id_categoria_producto: number;
  createdAt: string;
}
interface Line {
  id_detalle_venta: number;
  id_venta: number;
  id_producto: number;
  cantidad: number;
  valor_unitario: number;
  valor_total_cantidad: number;
  comentado: boolean;
  Producto: {
    id_producto: number;
    nombre: string;
    imagen: string;
    valor: number;
    valor_descuento: number | null;
    stock: number;
  };
}
interface Sale {
  id_venta: number;
  fecha: string;
  valor_total_venta: number;
  costo_envio: number;
  Usuario: { id_usuario: number; primer_nombre: string };
  Detalle_venta: Line[];
}
interface Rating {
  id_motivo_calificacion: number;
  descripcion_motivo: string;
  valor_calificacion: number;
  id_producto: number;
  estado: boolean;
}
interface SessionUser {
  id_usuario: number;
  primer_nombre: string;
  primer_apellido: string;
  email: string;
  direccion: string;
  telefono: string;
  imagen: string;
  admin: boolean;
  estado: boolean;
}

/** FormLogin.handleLogin: post, then keep token and session with js-cookie. */
async function signInAsTheFrontDoes(browser: SpecBrowser, email: string, password: string) {
  const res = await browser.post<{ session: { dataValues: SessionUser }; token: string }>('usuario/login', {
    email,
    password,
  });
  expect(res.status).toBe(200);
  const { session, token } = res.data;
  expect(browser.setScriptCookie('user_token', token)).toBe(true);
  expect(browser.setScriptCookie('user_session', JSON.stringify(session))).toBe(true);
  // App.js, NavBar, Carrito and HistorialCompra read it back like this.
  const read = JSON.parse(browser.scriptCookie('user_session') as string) as { dataValues: SessionUser };
  return read.dataValues;
}

const cents = (units: number) => Math.round(units * 100);

describe.each(TEST_DATABASE_KINDS)('SPEC storefront (Henry-Market-Front) on the shop, on %s', (kind) => {
  let t: TestApp;
  let origin: string;
  const browser = () => new SpecBrowser(t.app, origin);
  beforeAll(async () => {
    t = await seededTestApp(kind);
    origin = new URL(t.config.publicUrl).origin;
  });
  afterAll(() => t?.close());

  describe('a visitor', () => {
    it('sees the home page: categories, and every product in one array with the discounted ones for the carousel', async () => {
      const tab = browser();
      const categorias = await tab.get<Array<Record<string, unknown>>>('categorias');
      expect(categorias.status).toBe(200);
      // CardsCategory: two on top, the rest below, each linking to its id and showing name and image.
      expect(categorias.data.length).toBeGreaterThanOrEqual(3);
      for (const c of categorias.data) {
        expect(c).toMatchObject({
          id_categoria_producto: expect.any(Number),
          nombre_categoria_producto: expect.any(String),
          imagen_categoria_producto: expect.any(String),
        });
      }

      const products = await tab.get<Product[]>('products');
      expect(products.status).toBe(200);
      const shop = (await t.app.inject({ url: '/api/products' })).json() as { total: number };
      // Not one page of 8: every product the storefront shows, as Products.jsx pages them itself.
      expect(products.data).toHaveLength(shop.total);
      expect(shop.total).toBeGreaterThan(8);
      // Carousel.jsx: products.filter(p => p.valor_descuento && p.estado).
      const offers = products.data.filter((p) => p.valor_descuento && p.estado);
      expect(offers.length).toBeGreaterThan(0);
      for (const p of offers) expect(p.valor_descuento).toBeLessThan(p.valor);
      // Products.jsx hides estado false and existencia 0: none of those reach a visitor.
      expect(products.data.every((p) => p.estado && p.existencia > 0 && p.existencia === p.stock)).toBe(true);
    });

    it('browses a category, its discounts (Desc sends the category id) and searches by name', async () => {
      const tab = browser();
      const categoria = await tab.get<Product[]>('products/categoria/3');
      expect(categoria.status).toBe(200);
      const shop = (await t.app.inject({ url: '/api/products?categoria=3' })).json() as { total: number };
      expect(categoria.data).toHaveLength(shop.total);
      expect(categoria.data.every((p) => p.id_categoria_producto === 3)).toBe(true);

      const everyDiscount = (await tab.get<Product[]>('products')).data.filter((p) => p.valor_descuento);
      const inThree = everyDiscount.filter((p) => p.id_categoria_producto === 3);
      const desc = await tab.get<Product[]>('products/filter/descuento/3');
      expect(desc.status).toBe(200);
      expect(desc.data.map((p) => p.id_producto).sort()).toEqual(inThree.map((p) => p.id_producto).sort());

      // On the search page the route's own pattern is the "category": every discounted product.
      const fromSearchPage = await tab.get<Product[]>('products/filter/descuento/:id_categoria_producto');
      expect(fromSearchPage.status).toBe(200);
      expect(fromSearchPage.data).toHaveLength(everyDiscount.length);

      const one = categoria.data[0] as Product;
      const word = one.nombre.split(' ')[0] as string;
      const search = await tab.get<Product[]>(`products?name=${word}`);
      expect(search.status).toBe(200);
      expect(search.data.map((p) => p.id_producto)).toContain(one.id_producto);

      // Home.jsx also asks for that pattern as a category: a clear refusal, which the front ignores.
      const pattern = await tab.get<{ message: string }>('products/categoria/:id_categoria_producto');
      expect(pattern.status).toBe(400);
      expect(pattern.data.message).toMatch(/identificador/);
      const none = await tab.get<{ message: string }>('products/categoria/999');
      expect(none.status).toBe(404);
      expect(none.data.message).toBe('La categoría no existe.');
    });

    it('reads a product and its opinions, each with estado, as Detail and CardsReview do', async () => {
      const tab = browser();
      const rated = (await tab.get<Product[]>('products')).data;
      let found: { product: Product; ratings: Rating[] } | undefined;
      for (const product of rated) {
        const ratings = await tab.get<Rating[]>(`products/${product.id_producto}/calificaciones`);
        expect(ratings.status).toBe(200);
        if (ratings.data.length > 0) {
          found = { product, ratings: ratings.data };
          break;
        }
      }
      expect(found).toBeDefined();
      const { product, ratings } = found as { product: Product; ratings: Rating[] };
      for (const r of ratings) {
        expect(r.estado).toBe(true);
        expect(r.valor_calificacion).toBeGreaterThanOrEqual(1);
        expect(r.valor_calificacion).toBeLessThanOrEqual(5);
        expect(typeof r.descripcion_motivo).toBe('string');
      }
      const detail = await tab.get<Product>(`products/${product.id_producto}`);
      expect(detail.status).toBe(200);
      expect(detail.data).toMatchObject({
        id_producto: product.id_producto,
        nombre: product.nombre,
        descripcion_producto: expect.any(String),
        stock: expect.any(Number),
        imagen: expect.any(String),
        id_categoria_producto: product.id_categoria_producto,
      });
    });

    it('gets an XSRF-TOKEN on a fresh visit, so the first POST (register, then sign in) goes through', async () => {
      const tab = browser();
      // Opening /register directly: the page itself hands the cookie out.
      await tab.open('/register');
      expect(tab.scriptCookie('XSRF-TOKEN')).toBeTruthy();
      // So does any answer of the front's own API.
      const other = browser();
      await other.get('products/1');
      expect(other.scriptCookie('XSRF-TOKEN')).toBeTruthy();

      // FormRegister's state, posted whole: estado and the empty imagen come along.
      const form = {
        primer_nombre: 'Marta',
        primer_apellido: 'Gómez',
        direccion: 'Av. Reforma 222, Juárez, CDMX',
        telefono: '5544332211',
        email: 'marta.spec@example.com',
        password: 'secreto123',
        passwordconfirm: 'secreto123',
        estado: true,
        imagen: '',
      };
      const registered = await tab.post('usuario', form);
      expect(registered.status).toBe(201);
      await tab.open('/login');
      const user = await signInAsTheFrontDoes(tab, form.email, form.password);
      expect(user).toMatchObject({ primer_nombre: 'Marta', admin: false, estado: true });
    });

    it('is refused what needs an account, with a Spanish message', async () => {
      const tab = browser();
      for (const path of [
        'venta',
        'usuario',
        'email?email=cliente@vitrina.local',
        'products/todascalificaciones',
      ]) {
        const res = await tab.get<{ message: string }>(path);
        expect(res.status).toBe(401);
        expect(res.data.message).toBe('Debes iniciar sesión para continuar.');
      }
    });
  });

  describe('a customer', () => {
    it("signs in: session.dataValues, a token whose email claim finds the account, and the front's own cookies fit", async () => {
      const tab = browser();
      await tab.open('/login');
      const login = await tab.post<{ session: { dataValues: SessionUser }; token: string }>('usuario/login', {
        email: DEMO_CUSTOMER.email,
        password: DEMO_CUSTOMER.password,
      });
      expect(login.status).toBe(200);
      // The shop's session is an HttpOnly cookie of its own name, not the user_session the front writes.
      const set = login.raw.cookies as Array<{ name: string; httpOnly?: boolean }>;
      expect(set.find((c) => c.name === SESSION_COOKIE)?.httpOnly).toBe(true);
      expect(set.some((c) => c.name === 'user_session' || c.name === 'user_token')).toBe(false);
      expect(tab.setScriptCookie('user_session', JSON.stringify(login.data.session))).toBe(true);
      expect(tab.setScriptCookie('user_token', login.data.token)).toBe(true);

      const session = JSON.parse(tab.scriptCookie('user_session') as string) as { dataValues: SessionUser };
      expect(session.dataValues).toMatchObject({
        id_usuario: expect.any(Number),
        primer_nombre: DEMO_CUSTOMER.primer_nombre,
        admin: false,
        telefono: DEMO_CUSTOMER.telefono,
        direccion: DEMO_CUSTOMER.direccion,
      });
      expect(session.dataValues).not.toHaveProperty('password_hash');

      // Account.jsx: jwt_decode(Cookies.get('user_token')).email, then GET email?email=, usuario[0].
      const { email } = jwtDecode(tab.scriptCookie('user_token') as string);
      expect(email).toBe(DEMO_CUSTOMER.email);
      const mine = await tab.get<SessionUser[]>(`email?email=${email}`);
      expect(mine.status).toBe(200);
      expect(mine.data).toHaveLength(1);
      expect(mine.data[0]).toMatchObject({
        id_usuario: session.dataValues.id_usuario,
        primer_nombre: DEMO_CUSTOMER.primer_nombre,
        primer_apellido: DEMO_CUSTOMER.primer_apellido,
        email: DEMO_CUSTOMER.email,
      });
      // Carrito.jsx: getUserById(dataValues.id_usuario).
      const byId = await tab.get<SessionUser>(`usuario/${session.dataValues.id_usuario}`);
      expect(byId.status).toBe(200);
      expect(byId.data.email).toBe(DEMO_CUSTOMER.email);
    });

    it('clears a session cookie left under the old name by signing in, so the front can write its own', async () => {
      const tab = browser();
      await tab.open('/login');
      // What the shop set before it renamed its cookie: an HttpOnly user_session holding a token.
      tab.cookies.set('user_session', 'A'.repeat(43));
      tab.httpOnly.add('user_session');
      expect(tab.setScriptCookie('user_session', '{}')).toBe(false);
      await signInAsTheFrontDoes(tab, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);

      // The front's own JSON under that name is its business: signing in again leaves it alone.
      const again = await tab.post('usuario/login', {
        email: DEMO_CUSTOMER.email,
        password: DEMO_CUSTOMER.password,
      });
      expect(again.status).toBe(200);
      expect((again.raw.cookies as Array<{ name: string }>).some((c) => c.name === 'user_session')).toBe(
        false,
      );
      expect(JSON.parse(tab.scriptCookie('user_session') as string).dataValues.email).toBe(
        DEMO_CUSTOMER.email,
      );
    });

    it('never takes the token or the readable cookies as who is calling', async () => {
      const { agent, user } = await newSpecCustomer('otra.spec@example.com');
      const tab = browser();
      await tab.open('/login');
      const me = await signInAsTheFrontDoes(tab, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      // Another account's e-mail, id, or a session cookie of the front's naming it: all refused.
      expect((await tab.get(`email?email=${user.email}`)).status).toBe(403);
      expect((await tab.get(`usuario/${user.id_usuario}`)).status).toBe(403);
      const forged = browser();
      forged.setScriptCookie('user_session', JSON.stringify({ dataValues: { ...me, admin: true } }));
      forged.setScriptCookie('user_token', tab.scriptCookie('user_token') as string);
      expect((await forged.get('venta')).status).toBe(401);
      expect((await forged.get(`email?email=${me.email}`)).status).toBe(401);
      await agent.post('/api/usuario/logout');
    });

    it('buys the cart as CheckOutForm posts it, a float total × 100 and all, and the server sets the price', async () => {
      const tab = browser();
      await tab.open('/login');
      const me = await signInAsTheFrontDoes(tab, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      const products = (await tab.get<Product[]>('products')).data;
      const item = products.find((p) => p.valor_descuento && p.stock >= 5) as Product;
      expect(item).toBeDefined();
      // Detail.jsx: the product from GET products/{id}, plus cantidad (the cart in localStorage).
      const product = (await tab.get<Product>(`products/${item.id_producto}`)).data;
      const carrito = [{ ...product, cantidad: 3 }];
      const total = carrito.reduce((sum, p) => sum + (p.valor_descuento ?? p.valor) * p.cantidad, 0);
      // The card step: a payment method id from the shop's payment provider (the sandbox here).
      const card = await t.app.inject({
        method: 'POST',
        url: '/api/pagos/sandbox/metodos',
        headers: {
          cookie: [...tab.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': tab.scriptCookie('XSRF-TOKEN') as string,
        },
        payload: {
          numero: '4242 4242 4242 4242',
          expiracion: '12/30',
          cvc: '123',
          nombre: 'Lucía Hernández',
        },
      });
      expect(card.statusCode).toBe(201);
      const sale = await tab.post('venta', {
        fecha: new Date(),
        valor_total_venta: total * 100,
        // Somebody else's id: the session decides who buys.
        id_usuario: me.id_usuario + 1,
        detalle_venta: carrito,
        id_pago: card.json().id_pago,
      });
      expect(sale.status).toBe(201);
      const after = (await tab.get<Product>(`products/${item.id_producto}`)).data;
      expect(after.stock).toBe(product.stock - 3);

      // HistorialCompra.jsx: compras.filter(c => c.Usuario.id_usuario === id_user && c.Detalle_venta.length).
      const compras = (await tab.get<Sale[]>('venta')).data;
      const mine = compras.filter(
        (c) => c.Usuario.id_usuario === me.id_usuario && c.Detalle_venta.length > 0,
      );
      const bought = mine.find((c) => c.Detalle_venta.some((d) => d.id_producto === item.id_producto));
      expect(bought).toBeDefined();
      const sold = bought as Sale;
      expect(sold.fecha).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const line = sold.Detalle_venta.find((d) => d.id_producto === item.id_producto) as Line;
      expect(line).toMatchObject({
        cantidad: 3,
        comentado: false,
        valor_unitario: product.valor_descuento,
        Producto: { id_producto: item.id_producto, nombre: product.nombre, imagen: product.imagen },
      });
      // '$' + (Producto.valor_descuento || Producto.valor) + ' x unidad': what this line was paid.
      expect(line.Producto.valor_descuento || line.Producto.valor).toBe(product.valor_descuento);
      expect(line.valor_total_cantidad).toBe((product.valor_descuento as number) * 3);
      expect(cents(sold.valor_total_venta)).toBe(cents(line.valor_total_cantidad) + cents(sold.costo_envio));
    });

    it('a tampered total or a repeated Pagar is never charged twice nor at the client price', async () => {
      const tab = browser();
      await tab.open('/login');
      await signInAsTheFrontDoes(tab, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      const product = (await tab.get<Product[]>('products')).data.find((p) => p.stock >= 5) as Product;
      const card = await t.app.inject({
        method: 'POST',
        url: '/api/pagos/sandbox/metodos',
        headers: {
          cookie: [...tab.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': tab.scriptCookie('XSRF-TOKEN') as string,
        },
        payload: {
          numero: '4242 4242 4242 4242',
          expiracion: '12/30',
          cvc: '123',
          nombre: 'Lucía Hernández',
        },
      });
      const body = {
        fecha: new Date(),
        valor_total_venta: 1,
        detalle_venta: [{ ...product, cantidad: 1 }],
        id_pago: card.json().id_pago,
      };
      const first = await tab.post<{ id_venta: number; valor_total_venta: number }>('venta', body);
      const again = await tab.post<{ id_venta: number }>('venta', body);
      expect(first.status).toBe(201);
      expect(again.data.id_venta).toBe(first.data.id_venta);
      expect(first.data.valor_total_venta).toBeGreaterThanOrEqual(product.valor_descuento ?? product.valor);
      const after = (await tab.get<Product>(`products/${product.id_producto}`)).data;
      expect(after.stock).toBe(product.stock - 1);

      // An empty cart or a missing payment method: refused in Spanish, nothing bought.
      const empty = await tab.post<{ message: string }>('venta', { ...body, detalle_venta: [] });
      expect(empty.status).toBe(400);
      expect(empty.data.message).toBe('El carrito está vacío');
    });

    it('rates a bought line with the stars as text, once, and the opinion shows with estado', async () => {
      const tab = browser();
      await tab.open('/login');
      const me = await signInAsTheFrontDoes(tab, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      const compras = (await tab.get<Sale[]>('venta')).data;
      const line = compras.flatMap((c) => c.Detalle_venta).find((d) => d.comentado === false) as Line;
      expect(line).toBeDefined();
      // FormComent's data: the radio's value is the string '5'.
      const data = {
        id_producto: line.id_producto,
        descripcion_motivo: 'Llegó rápido y bien',
        valor_calificacion: '5',
        id_usuario: me.id_usuario,
        id_detalle_venta: line.id_detalle_venta,
      };
      const rated = await tab.post(`products/${line.id_producto}/calificacion`, data);
      expect(rated.status).toBe(201);
      const twice = await tab.post<{ message: string }>(`products/${line.id_producto}/calificacion`, data);
      expect(twice.status).toBe(409);
      expect(twice.data.message).toBe('Ya calificaste esta compra.');
      const noStars = await tab.post<{ message: string }>(`products/${line.id_producto}/calificacion`, {
        ...data,
        valor_calificacion: '',
      });
      expect(noStars.status).toBe(400);
      expect(noStars.data.message).toBe('Calificacion obligatoria');

      const after = (await tab.get<Sale[]>('venta')).data.flatMap((c) => c.Detalle_venta);
      expect(after.find((d) => d.id_detalle_venta === line.id_detalle_venta)?.comentado).toBe(true);
      const opinions = (await tab.get<Rating[]>(`products/${line.id_producto}/calificaciones`)).data;
      expect(opinions).toContainEqual(
        expect.objectContaining({
          descripcion_motivo: 'Llegó rápido y bien',
          valor_calificacion: 5,
          estado: true,
        }),
      );
    });

    it('updates the profile with only the filled fields, and a password change without the current one is refused', async () => {
      const { user } = await newSpecCustomer('perfil.spec@example.com');
      const tab = browser();
      await tab.open('/login');
      await signInAsTheFrontDoes(tab, user.email, 'secreto123');
      // FormUpdate: { id_usuario, direccion, telefono, estado, imagen } with the empty ones dropped.
      const updated = await tab.put<SessionUser>('usuario', {
        id_usuario: user.id_usuario,
        direccion: 'Calle Madero 10, Centro, CDMX',
      });
      expect(updated.status).toBe(200);
      const { email } = jwtDecode(tab.scriptCookie('user_token') as string);
      const [read] = (await tab.get<SessionUser[]>(`email?email=${email}`)).data;
      expect(read?.direccion).toBe('Calle Madero 10, Centro, CDMX');
      expect(read?.telefono).toBe('5511223344');

      // Someone else's id in the body is not theirs to change.
      const other = await tab.put('usuario', { id_usuario: user.id_usuario + 1000, telefono: '5599887766' });
      expect(other.status).toBe(403);

      // FormUpdatePassword: { id_usuario, password }.
      const password = await tab.put<{ message: string }>('usuario', {
        id_usuario: user.id_usuario,
        password: 'otraClave99',
      });
      expect(password.status).toBe(400);
      expect(password.data.message).toBe(PASSWORD_NEEDS_CURRENT);
      const stillOld = browser();
      await stillOld.open('/login');
      expect(
        (await stillOld.post('usuario/login', { email: user.email, password: 'secreto123' })).status,
      ).toBe(200);
      expect(
        (await stillOld.post('usuario/login', { email: user.email, password: 'otraClave99' })).status,
      ).toBe(401);
    });

    it('cannot reach the admin calls', async () => {
      const tab = browser();
      await tab.open('/login');
      await signInAsTheFrontDoes(tab, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      expect((await tab.get('usuario')).status).toBe(403);
      expect((await tab.get('products/todascalificaciones')).status).toBe(403);
      expect((await tab.put('products/delete/1')).status).toBe(403);
      expect((await tab.put('usuario/delete', { id_usuario: 1, estado: false })).status).toBe(403);
    });
  });

  describe('an administrator', () => {
    async function adminTab() {
      const tab = browser();
      await tab.open('/login');
      const me = await signInAsTheFrontDoes(tab, t.config.admin.email, t.config.admin.password);
      expect(me.admin).toBe(true);
      return tab;
    }

    it('edits a product: the Eliminar/Restaurar submit with only id_producto changes nothing, real fields as text apply', async () => {
      const tab = await adminTab();
      const products = (await tab.get<Product[]>('products')).data;
      const target = products.find((p) => p.estado) as Product;
      // FormUpdateProduct.handleSubmit with nothing filled in: { id_producto }.
      const nothing = await tab.put<Product>(`products/${target.id_producto}/editProduct`, {
        id_producto: target.id_producto,
      });
      expect(nothing.status).toBe(200);
      expect(nothing.data).toMatchObject({
        id_producto: target.id_producto,
        nombre: target.nombre,
        stock: target.stock,
      });
      // The reducer finds it in state.products by id_producto and replaces it.
      expect(products.some((p) => p.id_producto === nothing.data.id_producto)).toBe(true);

      const edited = await tab.put<Product>(`products/${target.id_producto}/editProduct`, {
        stock: '7',
        valor: '1234.5',
        id_producto: target.id_producto,
      });
      expect(edited.status).toBe(200);
      expect(edited.data).toMatchObject({ stock: 7, valor: 1234.5 });

      const bad = await tab.put<{ message: string }>(`products/${target.id_producto}/editProduct`, {
        valor: 'mucho',
        id_producto: target.id_producto,
      });
      expect(bad.status).toBe(400);
      expect(bad.data.message).toBe('Ingresa un número válido');
    });

    it('toggles a product with Eliminar and Restaurar, sees it in the inactive tab and reads it for the edit form', async () => {
      const tab = await adminTab();
      const visitor = browser();
      const target = (await tab.get<Product[]>('products')).data.find((p) => p.estado) as Product;
      const off = await tab.put<Product>(`products/delete/${target.id_producto}`);
      expect(off.status).toBe(200);
      expect(off.data.estado).toBe(false);

      // productsAdmin/Products.jsx: products.filter(p => !p.estado) for "Productos inactivos".
      const all = (await tab.get<Product[]>('products')).data;
      expect(all.filter((p) => !p.estado).map((p) => p.id_producto)).toContain(target.id_producto);
      expect(all.length).toBeGreaterThan((await visitor.get<Product[]>('products')).data.length);
      const forForm = await tab.get<Product>(`products/${target.id_producto}`);
      expect(forForm.status).toBe(200);
      expect(forForm.data.estado).toBe(false);
      expect((await visitor.get(`products/${target.id_producto}`)).status).toBe(404);

      const on = await tab.put<Product>(`products/delete/${target.id_producto}`);
      expect(on.data.estado).toBe(true);
      expect((await visitor.get(`products/${target.id_producto}`)).status).toBe(200);
    });

    it('bans and restores a customer as Usuarios does; the banned one cannot sign in', async () => {
      const tab = await adminTab();
      const { user } = await newSpecCustomer('baneo.spec@example.com');
      const users = (await tab.get<SessionUser[]>('usuario')).data;
      // Usuarios.jsx: active non-admins get Banear, the others Restaurar.
      expect(users.filter((p) => p.estado && !p.admin).map((p) => p.id_usuario)).toContain(user.id_usuario);
      expect(users.some((p) => p.admin)).toBe(false);

      expect((await tab.put('usuario/delete', { id_usuario: user.id_usuario, estado: false })).status).toBe(
        200,
      );
      const banned = (await tab.get<SessionUser[]>('usuario')).data;
      expect(banned.find((p) => p.id_usuario === user.id_usuario)?.estado).toBe(false);
      const login = browser();
      await login.open('/login');
      const refused = await login.post<{ error: string }>('usuario/login', {
        email: user.email,
        password: 'secreto123',
      });
      // FormLogin compares this text to show 'Tu cuenta ha sido desactivada'.
      expect(refused.data.error).toBe('User not enabled for login');

      expect((await tab.put('usuario/delete', { id_usuario: user.id_usuario, estado: true })).status).toBe(
        200,
      );
      expect((await login.post('usuario/login', { email: user.email, password: 'secreto123' })).status).toBe(
        200,
      );
    });

    it("reads every sale with its buyer and lines, the lines' product stock included", async () => {
      const tab = await adminTab();
      const compras = (await tab.get<Sale[]>('venta')).data;
      expect(compras.length).toBeGreaterThan(0);
      for (const venta of compras) {
        expect(venta.Usuario).toMatchObject({
          id_usuario: expect.any(Number),
          primer_nombre: expect.any(String),
        });
        for (const d of venta.Detalle_venta) {
          expect(d.Producto).toMatchObject({ nombre: expect.any(String), stock: expect.any(Number) });
          expect(typeof d.valor_unitario).toBe('number');
        }
      }
      const product = (await tab.get<Product[]>('products')).data;
      const line = compras[0]?.Detalle_venta[0] as Line;
      expect(line.Producto.stock).toBe(product.find((p) => p.id_producto === line.id_producto)?.stock);
    });

    it('lists every rating with estado and hides one, which leaves the product page', async () => {
      const tab = await adminTab();
      const calificaciones = (await tab.get<Rating[]>('products/todascalificaciones')).data;
      const shown = calificaciones.filter((p) => p.estado);
      expect(shown.length).toBeGreaterThan(0);
      const target = shown[0] as Rating;
      const hidden = await tab.put<Rating>(`products/calificaciones/${target.id_motivo_calificacion}`);
      expect(hidden.status).toBe(200);
      expect(hidden.data.estado).toBe(false);
      const again = (await tab.get<Rating[]>('products/todascalificaciones')).data;
      expect(again.find((p) => p.id_motivo_calificacion === target.id_motivo_calificacion)?.estado).toBe(
        false,
      );
      const page = (await browser().get<Rating[]>(`products/${target.id_producto}/calificaciones`)).data;
      expect(page.some((r) => r.id_motivo_calificacion === target.id_motivo_calificacion)).toBe(false);
    });
  });

  /** A new customer, registered and signed in through the shop's own API. */
  async function newSpecCustomer(email: string) {
    const agent = new Agent(t.app);
    const res = await agent.post('/api/usuario', {
      primer_nombre: 'Carla',
      primer_apellido: 'Ruiz',
      direccion: 'Av. Insurgentes Sur 1234, CDMX',
      telefono: '5511223344',
      email,
      password: 'secreto123',
      passwordconfirm: 'secreto123',
    });
    expect(res.statusCode).toBe(201);
    const user = res.json() as SessionUser;
    return { agent, user };
  }
});
