import { PHOTO_SIZES, type Product, photoAlt, photoSrcSet } from '@vitrina/shared';
import { useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../../components/icons';
import { PRODUCT_IMAGE_SIZE } from '../../../components/product-image';
import { useModalDialog } from '../../../components/use-modal-dialog';
import styles from './product-gallery.module.css';

const THUMB_SIZES = '72px';

/** The product's photos with `lead` first (a variant's picture, which may be none of them). */
function photosLedBy(product: Pick<Product, 'imagen' | 'imagenes'>, lead: string | undefined) {
  const photos = product.imagenes.length > 0 ? product.imagenes : [{ url: product.imagen, alt: '' }];
  if (!lead) return photos;
  const own = photos.find((photo) => photo.url === lead) ?? { url: lead, alt: '' };
  return [own, ...photos.filter((photo) => photo.url !== lead)];
}

/**
 * The product page's photos: one at a time in a strip that swipes on a phone (CSS scroll snap), thumbnails
 * to pick one, and a larger view in a modal dialog (arrow keys move, Escape closes). One photo shows
 * alone, without thumbnails. `lead`, the chosen variant's picture, comes first (the page gives the
 * gallery a new key when it changes, so it opens on it).
 */
export function ProductGallery({
  product,
  lead,
}: {
  product: Pick<Product, 'nombre' | 'imagen' | 'imagenes'>;
  lead?: string | undefined;
}) {
  const photos = photosLedBy(product, lead);
  const [current, setCurrent] = useState(0);
  const [enlarged, setEnlarged] = useState<number>();
  const strip = useRef<HTMLUListElement>(null);
  const many = photos.length > 1;

  const show = (index: number) => {
    setCurrent(index);
    const list = strip.current;
    list?.scrollTo?.({ left: index * list.clientWidth, behavior: 'smooth' });
  };

  return (
    <div className={styles.gallery}>
      <ul
        ref={strip}
        className={styles.strip}
        aria-label={many ? `Fotos de ${product.nombre}` : undefined}
        onScroll={(event) => {
          const list = event.currentTarget;
          if (list.clientWidth > 0) setCurrent(Math.round(list.scrollLeft / list.clientWidth));
        }}
      >
        {photos.map((photo, index) => (
          <li key={photo.url} className={styles.slide}>
            <button
              type="button"
              className={styles.enlarge}
              aria-label={many ? `Ampliar foto ${index + 1} de ${photos.length}` : 'Ampliar foto'}
              onClick={() => setEnlarged(index)}
            >
              <img
                src={photo.url}
                srcSet={photoSrcSet(photo.url)}
                sizes={PHOTO_SIZES.page}
                alt={photoAlt(photo, product.nombre)}
                width={PRODUCT_IMAGE_SIZE}
                height={PRODUCT_IMAGE_SIZE}
                {...(index === 0 ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
              />
            </button>
          </li>
        ))}
      </ul>
      {many && (
        <ul className={styles.thumbs} aria-label="Elegir foto">
          {photos.map((photo, index) => (
            <li key={photo.url}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={`Ver foto ${index + 1} de ${photos.length}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => show(index)}
              >
                <img
                  src={photo.url}
                  srcSet={photoSrcSet(photo.url)}
                  sizes={THUMB_SIZES}
                  alt=""
                  width={72}
                  height={72}
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {enlarged !== undefined && (
        <EnlargedPhoto
          photos={photos}
          name={product.nombre}
          index={enlarged}
          onIndex={setEnlarged}
          onClose={() => {
            show(enlarged);
            setEnlarged(undefined);
          }}
        />
      )}
    </div>
  );
}

interface EnlargedPhotoProps {
  photos: Product['imagenes'];
  name: string;
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** One photo as large as the screen allows, in a modal dialog; focus comes back to the photo on close. */
function EnlargedPhoto({ photos, name, index, onIndex, onClose }: EnlargedPhotoProps) {
  const ref = useModalDialog();
  const photo = photos[index] ?? photos[0];
  if (!photo) return null;
  const many = photos.length > 1;
  const step = (by: number) => onIndex((index + by + photos.length) % photos.length);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-modal="true"
      aria-label={many ? `Foto ${index + 1} de ${photos.length} de ${name}` : `Foto de ${name}`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (!many) return;
        if (event.key === 'ArrowRight') step(1);
        else if (event.key === 'ArrowLeft') step(-1);
      }}
    >
      <img
        className={styles.large}
        src={photo.url}
        srcSet={photoSrcSet(photo.url)}
        sizes="100vw"
        alt={photoAlt(photo, name)}
      />
      <button type="button" className={styles.close} aria-label="Cerrar" data-autofocus="" onClick={onClose}>
        <CloseIcon width={24} height={24} />
      </button>
      {many && (
        <>
          <button
            type="button"
            className={styles.previous}
            aria-label="Foto anterior"
            onClick={() => step(-1)}
          >
            <ChevronLeftIcon width={28} height={28} />
          </button>
          <button type="button" className={styles.next} aria-label="Foto siguiente" onClick={() => step(1)}>
            <ChevronRightIcon width={28} height={28} />
          </button>
          <p className={styles.counter} aria-live="polite">
            {index + 1} / {photos.length}
          </p>
        </>
      )}
    </dialog>
  );
}
