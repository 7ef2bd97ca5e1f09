import { contentTypeOf, type FileStorage, STORED_FILE_CACHE, safeKey, UPLOADS_URL_PREFIX } from './local';

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, DigitalOcean Spaces), as config.ts reads it. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Absent for AWS itself; the provider's address otherwise. */
  endpoint?: string | undefined;
  /** Absent: the SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** bucket in the path (MinIO and most local servers) instead of the host name. */
  forcePathStyle: boolean;
}

/**
 * The same keys and the same /uploads/… URLs as the local disk, so a shop can move its files to a bucket
 * (copy the folder's tree as the bucket's keys) and every URL in the database keeps working. Every process
 * behind a load balancer reads and writes the one bucket.
 */
export async function s3Storage(settings: S3Settings): Promise<FileStorage> {
  // Loaded when a shop uses a bucket, not at every start: the AWS SDK is slow to load
  // (docs/decisions/021).
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  /** 404 from a HEAD (no body, no code) or NoSuchKey from a GET: nothing is stored under that key. */
  const isMissing = (err: unknown) =>
    err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey');
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: several compatible stores refuse the SDK's newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering fails the request (and the SDK retries it) instead of holding it forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 10_000 },
  });
  const Bucket = settings.bucket;
  const keyOf = safeKey;
  return {
    async save(key, bytes) {
      const Key = keyOf(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key,
          Body: bytes,
          ContentType: contentTypeOf(Key),
          // A CDN in front of the bucket (PUBLIC_ASSETS_URL) serves it with the same caching as the shop.
          CacheControl: STORED_FILE_CACHE,
        }),
      );
      return `${UPLOADS_URL_PREFIX}${Key}`;
    },
    async exists(url) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(url) }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async remove(url) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return;
      // S3 answers a delete of a missing key with success.
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(url) }));
    },
    async read(url) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return undefined;
      try {
        const Key = keyOf(url);
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!object.Body) return undefined;
        return {
          bytes: Buffer.from(await object.Body.transformToByteArray()),
          contentType: contentTypeOf(Key),
        };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
  };
}
