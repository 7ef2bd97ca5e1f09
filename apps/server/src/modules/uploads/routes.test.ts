import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';

/** A multipart/form-data body with one file field, as a browser sends it. */
function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = '----vitrinaTestBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
    .png()
    .toBuffer();

describe('POST /api/uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await seededTestApp('pglite', { TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  async function upload(a: Agent, bytes: Buffer, filename = 'foto.png', type = 'image/png') {
    const { body, contentType } = multipart(bytes, filename, type);
    return a.request('POST', '/api/uploads', body, { 'content-type': contentType });
  }

  it('re-encodes an image as WebP without its metadata and serves it', async () => {
    const res = await upload(new Agent(t.app), await png(2400, 1600));
    expect(res.statusCode).toBe(201);
    const url: string = res.json().secure_url;
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{24}\.webp$/);
    const file = await t.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a file that is not an image, whatever it claims to be', async () => {
    const res = await upload(
      new Agent(t.app),
      Buffer.from('<script>alert(1)</script>'),
      'x.png',
      'image/png',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no es una imagen válida/);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const res = await upload(new Agent(t.app), Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'Payload Too Large',
      message: 'La imagen supera el máximo de 5 MB.',
    });
  });

  it('requires the CSRF header', async () => {
    const { body, contentType } = multipart(await png(10, 10), 'a.png', 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body,
      headers: { 'content-type': contentType },
    });
    expect(res.statusCode).toBe(403);
  });

  it('limits anonymous uploads per address but not a signed-in admin', async () => {
    const headers = (ip: string) => ({ 'x-forwarded-for': ip });
    const visitor = new Agent(t.app);
    const small = await png(16, 16);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const { body, contentType } = multipart(small, 'a.png', 'image/png');
      const res = await visitor.request('POST', '/api/uploads', body, {
        'content-type': contentType,
        ...headers('198.51.100.9'),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);

    const admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    for (let i = 0; i < 11; i++) {
      const { body, contentType } = multipart(small, 'a.png', 'image/png');
      const res = await admin.request('POST', '/api/uploads', body, {
        'content-type': contentType,
        ...headers('198.51.100.9'),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().secure_url).toMatch(/^\/uploads\/productos\//);
    }
  });
});
