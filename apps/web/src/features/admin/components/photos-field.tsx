import { useMutation } from '@tanstack/react-query';
import {
  PHOTO_ALT_MAX,
  PRODUCT_PHOTOS_MAX,
  type ProductPhoto,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MB,
} from '@vitrina/shared';
import { type ChangeEvent, useId, useRef } from 'react';
import { Button } from '../../../components/button';
import { FieldShell, fieldDescribedBy } from '../../../components/field';
import uploadStyles from '../../../components/image-upload-field.module.css';
import { errorMessage } from '../../../lib/api-client';
import { uploadImage } from '../../../lib/upload-image';
import styles from './photos-field.module.css';

interface PhotosFieldProps {
  value: ProductPhoto[];
  onChange: (photos: ProductPhoto[]) => void;
  /** A validation error for the list (none, too many…). */
  error?: string;
  hint?: string;
}

class TooLargeError extends Error {}

/** The list with the photo at `from` moved to `to`. */
function moved(photos: ProductPhoto[], from: number, to: number): ProductPhoto[] {
  const next = [...photos];
  const [photo] = next.splice(from, 1);
  if (photo) next.splice(to, 0, photo);
  return next;
}

/**
 * A product's photos in the admin forms: files chosen are uploaded at once (several at a time) and added at
 * the end; each photo can move up or down, get its alternative text, or be removed. The first is the one
 * the listing shows.
 */
export function PhotosField({ value, onChange, error, hint }: PhotosFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // The latest list, for uploads that finish after the admin changed it.
  const latest = useRef(value);
  latest.current = value;
  const change = (photos: ProductPhoto[]) => {
    latest.current = photos;
    onChange(photos);
  };
  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      if (files.some((file) => file.size > UPLOAD_MAX_BYTES)) throw new TooLargeError();
      for (const file of files) {
        const { secure_url } = await uploadImage(file);
        change([...latest.current, { url: secure_url, alt: '' }]);
      }
    },
  });
  const room = PRODUCT_PHOTOS_MAX - value.length;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, room);
    if (files.length > 0) upload.mutate(files);
    event.target.value = '';
  };

  const failure = upload.isError
    ? upload.error instanceof TooLargeError
      ? `La imagen pesa más de ${UPLOAD_MAX_MB} MB. Elige una más liviana.`
      : `No se pudo subir la imagen. ${errorMessage(upload.error)}`
    : undefined;
  const message = error ?? failure;

  return (
    <FieldShell id={id} label="Imagen" hint={hint}>
      {value.length > 0 && (
        <ol className={styles.list} aria-label="Fotos del producto">
          {value.map((photo, index) => {
            const n = index + 1;
            return (
              <li key={photo.url} className={styles.photo}>
                <img
                  src={photo.url}
                  alt={`Vista previa de la imagen ${n}`}
                  className={styles.preview}
                  width={72}
                  height={72}
                />
                <label className={styles.alt}>
                  <span>
                    {n === 1
                      ? `Texto alternativo de la foto ${n} (principal)`
                      : `Texto alternativo de la foto ${n}`}
                  </span>
                  <input
                    value={photo.alt}
                    maxLength={PHOTO_ALT_MAX}
                    placeholder="Qué se ve en la foto"
                    onChange={(event) =>
                      change(value.map((p, i) => (i === index ? { ...p, alt: event.target.value } : p)))
                    }
                  />
                </label>
                <div className={styles.actions}>
                  <Button
                    variant="ghost"
                    aria-label={`Subir la foto ${n}`}
                    disabled={index === 0}
                    onClick={() => change(moved(value, index, index - 1))}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`Bajar la foto ${n}`}
                    disabled={index === value.length - 1}
                    onClick={() => change(moved(value, index, index + 1))}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`Quitar la foto ${n}`}
                    onClick={() => {
                      change(value.filter((_, i) => i !== index));
                      input.current?.focus();
                    }}
                  >
                    Quitar
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        multiple
        disabled={room <= 0}
        className={uploadStyles.input}
        aria-invalid={message ? true : undefined}
        aria-describedby={fieldDescribedBy(id, { hint: Boolean(hint), status: true })}
        onChange={choose}
      />
      <div id={`${id}-status`} role="status" className={uploadStyles.status}>
        {upload.isPending && <p>Subiendo imagen…</p>}
        {!upload.isPending && message && <p className={uploadStyles.error}>{message}</p>}
        {!upload.isPending && !message && room <= 0 && (
          <p>Ya tiene {PRODUCT_PHOTOS_MAX} fotos, el máximo. Quita una para agregar otra.</p>
        )}
      </div>
    </FieldShell>
  );
}
