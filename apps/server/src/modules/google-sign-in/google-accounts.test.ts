import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { correo, usuario } from '../../db/schema';
import { localStorage, UPLOADS_URL_PREFIX } from '../../storage/local';
import { freshDatabase, TEST_DATABASE_KINDS } from '../../test/databases';
import { TEST_SHOP } from '../../test/shop';
import { downloadAvatar, namesFrom, signInWithGoogle } from './google-accounts';

describe('namesFrom', () => {
  it('takes given and family name when the issuer sends them', () => {
    expect(namesFrom({ sub: '1', given_name: ' Ana ', family_name: 'Pérez  Gómez' }, 'a@x.com')).toEqual({
      primer_nombre: 'Ana',
      primer_apellido: 'Pérez Gómez',
    });
  });

  it('splits the full name otherwise, and falls back to the e-mail', () => {
    expect(namesFrom({ sub: '1', name: 'José Luis Martín' }, 'a@x.com')).toEqual({
      primer_nombre: 'José',
      primer_apellido: 'Luis Martín',
    });
    expect(namesFrom({ sub: '1' }, 'compras.hogar@x.com')).toEqual({
      primer_nombre: 'compras.hogar',
      primer_apellido: '',
    });
  });

  it('drops control characters and broken surrogates the issuer may send', () => {
    expect(
      namesFrom({ sub: '1', given_name: 'An\u0000a\uD800', family_name: 'Pé\u0007rez\tGómez' }, 'a@x.com'),
    ).toEqual({ primer_nombre: 'Ana', primer_apellido: 'Pérez Gómez' });
  });

  it('cuts names to 50 characters without splitting a character', () => {
    const { primer_nombre } = namesFrom({ sub: '1', given_name: 'ñ'.repeat(80) }, 'a@x.com');
    expect(primer_nombre).toBe('ñ'.repeat(50));
  });
});

describe('downloadAvatar', () => {
  it('only fetches https pictures', async () => {
    expect(await downloadAvatar('http://127.0.0.1:9/a.png')).toBeNull();
    expect(await downloadAvatar('file:///etc/passwd')).toBeNull();
    expect(await downloadAvatar('not a url')).toBeNull();
  });
});

const SHOP = TEST_SHOP;

describe.each(TEST_DATABASE_KINDS)('signInWithGoogle on %s', (kind) => {
  let database: Database & { drop(): Promise<void> };
  let uploadsDir: string;

  beforeAll(async () => {
    database = await freshDatabase(kind);
    uploadsDir = await mkdtemp(join(tmpdir(), 'vitrina-avatars-'));
  });
  afterAll(async () => {
    await database?.drop();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  const claims = (email: string, extra: Record<string, unknown> = {}) => ({
    sub: `sub-${email}`,
    email,
    email_verified: true,
    given_name: 'Foto',
    family_name: 'Perfil',
    ...extra,
  });

  it('refuses an e-mail the issuer has not verified, creating nothing', async () => {
    const email = 'sin.verificar@example.com';
    const result = await signInWithGoogle(database.db, claims(email, { email_verified: false }), {
      storage: localStorage(uploadsDir),
      shop: SHOP,
    });
    expect(result).toEqual({ outcome: 'unverified-email' });
    expect(await database.db.select().from(usuario).where(eq(usuario.email, email))).toEqual([]);
  });

  it('welcomes a new account by e-mail, in its own transaction, and only once', async () => {
    const email = 'nueva.google@example.com';
    const deps = { storage: localStorage(uploadsDir), shop: SHOP };
    await signInWithGoogle(database.db, claims(email), deps);
    await signInWithGoogle(database.db, claims(email), deps);
    const queued = await database.db.select().from(correo).where(eq(correo.destinatario, email));
    expect(queued.map((m) => [m.tipo, m.asunto])).toEqual([
      ['bienvenida', 'Te damos la bienvenida a Vitrina'],
    ]);
    expect(queued[0]?.texto).toContain('Hola, Foto:');
  });

  it('finds the account of an e-mail however the issuer spells it: capitals, spaces, decomposed accents', async () => {
    const deps = { storage: localStorage(uploadsDir), shop: SHOP };
    const first = await signInWithGoogle(database.db, claims('Ana.Núñez@Example.com'), deps);
    if (first.outcome !== 'signed-in') throw new Error(first.outcome);
    expect(first.user.email).toBe('ana.núñez@example.com');
    const respelled = ' ANA.NÚÑEZ@EXAMPLE.COM '.normalize('NFD');
    const again = await signInWithGoogle(database.db, { ...claims(respelled), sub: 'otra-cuenta' }, deps);
    expect(again).toMatchObject({
      outcome: 'signed-in',
      created: false,
      user: { id_usuario: first.user.id_usuario },
    });
  });

  it.each([
    ['a control character in the e-mail', { email: 'con\u0000trol@example.com' }],
    ['an e-mail longer than an account keeps once lower-cased', { email: `${'İ'.repeat(200)}@example.com` }],
    ['a control character in the subject', { sub: 'sujeto\u0000' }],
  ])('refuses an identity with %s before it reaches the database, creating nothing', async (_case, claim) => {
    const before = await database.db.select().from(usuario);
    const result = await signInWithGoogle(
      database.db,
      { ...claims('limpio@example.com'), sub: 'sujeto-limpio', ...claim },
      { storage: localStorage(uploadsDir), shop: SHOP },
    );
    expect(result).toEqual({ outcome: 'unusable-identity' });
    expect(await database.db.select().from(usuario)).toEqual(before);
  });

  it('stores the profile picture as a 256×256 WebP', async () => {
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const result = await signInWithGoogle(
      database.db,
      claims('con.foto@example.com', { picture: 'https://lh3.example.com/a.png' }),
      { storage: localStorage(uploadsDir), shop: SHOP, fetchAvatar: async () => png },
    );
    if (result.outcome !== 'signed-in') throw new Error(result.outcome);
    expect(result.created).toBe(true);
    expect(result.user.imagen).toMatch(new RegExp(`^${UPLOADS_URL_PREFIX}avatars/[0-9a-f]+\\.webp$`));
    const stored = await readFile(join(uploadsDir, result.user.imagen.slice(UPLOADS_URL_PREFIX.length)));
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it.each([
    ['cannot be downloaded', async () => Promise.reject(new Error('timeout'))],
    ['is not an image', async () => Buffer.from('<html>no</html>')],
    ['is refused by the downloader', async () => null],
  ])('creates the account without a picture when it %s', async (_case, fetchAvatar) => {
    const email = `sin.foto.${Math.random().toString(36).slice(2)}@example.com`;
    const result = await signInWithGoogle(
      database.db,
      claims(email, { picture: 'https://lh3.example.com/a.png' }),
      {
        storage: localStorage(uploadsDir),
        shop: SHOP,
        fetchAvatar,
      },
    );
    expect(result).toMatchObject({ outcome: 'signed-in', created: true, user: { email, imagen: '' } });
  });
});
