import { useMutation } from '@tanstack/react-query';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_MB } from '@vitrina/shared';
import { type ChangeEvent, useId, useRef } from 'react';
import { errorMessage } from '../lib/api-client';
import { uploadImage } from '../lib/upload-image';
import { Button } from './button';
import { CheckIcon } from './control-icons';
import { FieldShell, fieldDescribedBy } from './field';
import styles from './image-upload-field.module.css';

interface ImageUploadFieldProps {
  label?: string;
  /** The uploaded image's URL ('' when there is none). */
  value: string;
  onChange: (url: string) => void;
  /** A validation error for the stored URL. */
  error?: string;
  hint?: string;
}

class TooLargeError extends Error {}

/**
 * A file input that uploads the chosen image at once (POST /api/uploads) and shows its preview. A failed
 * upload only shows a message under the field: the rest of the form stays usable.
 */
export function ImageUploadField({ label = 'Imagen', value, onChange, error, hint }: ImageUploadFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      if (file.size > UPLOAD_MAX_BYTES) return Promise.reject(new TooLargeError());
      return uploadImage(file);
    },
    onSuccess: (image) => onChange(image.secure_url),
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) upload.mutate(file);
  };

  const remove = () => {
    onChange('');
    upload.reset();
    if (input.current) input.current.value = '';
    input.current?.focus();
  };

  const failure = upload.isError
    ? upload.error instanceof TooLargeError
      ? `La imagen pesa más de ${UPLOAD_MAX_MB} MB. Elige una más liviana.`
      : `No se pudo subir la imagen. ${errorMessage(upload.error)}`
    : undefined;
  const message = error ?? failure;

  return (
    <FieldShell id={id} label={label} hint={hint}>
      <div className={styles.row}>
        {value && (
          <img
            src={value}
            alt="Vista previa de la imagen"
            className={styles.preview}
            width={72}
            height={72}
          />
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          className={styles.input}
          aria-invalid={message ? true : undefined}
          aria-describedby={fieldDescribedBy(id, { hint: Boolean(hint), status: true })}
          onChange={choose}
        />
        {value && !upload.isPending && (
          <Button variant="ghost" onClick={remove}>
            Quitar imagen
          </Button>
        )}
      </div>
      <div id={`${id}-status`} role="status" className={styles.status}>
        {upload.isPending && <p>Subiendo imagen…</p>}
        {!upload.isPending && !message && value && (
          <p className={styles.ok}>
            <CheckIcon width={18} height={18} />
            Imagen cargada
          </p>
        )}
        {!upload.isPending && message && <p className={styles.error}>{message}</p>}
      </div>
    </FieldShell>
  );
}
