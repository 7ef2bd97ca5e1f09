import { CAROUSEL_AUTOPLAY_MS, type Product } from '@vitrina/shared';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { type CSSProperties, type FocusEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../../../components/icons';
import { ProductCard } from '../../../components/product-card';
import styles from './offers-carousel.module.css';
import { useSlidesPerView } from './use-slides-per-view';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Discounted products, autoplaying every CAROUSEL_AUTOPLAY_MS. Autoplay pauses while the pointer or the
 * keyboard focus is inside, and the shopper can stop it with the pause button (WCAG 2.2.2).
 */
export function OffersCarousel({ products }: { products: readonly Product[] }) {
  const slidesPerView = useSlidesPerView();
  const autoplay = useMemo(
    () =>
      Autoplay({
        delay: CAROUSEL_AUTOPLAY_MS,
        playOnInit: false,
        stopOnInteraction: false,
        stopOnFocusIn: false,
        stopOnMouseEnter: false,
      }),
    [],
  );
  const [viewportRef, emblaApi] = useEmblaCarousel({ loop: true, align: 'start' }, [autoplay]);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const shouldPlay = !paused && !hovered && !focused;

  const apply = useCallback(() => {
    if (!emblaApi) return;
    const plugin = emblaApi.plugins().autoplay;
    if (!plugin) return;
    if (shouldPlay) plugin.play();
    else plugin.stop();
  }, [emblaApi, shouldPlay]);

  useEffect(() => {
    apply();
    if (!emblaApi) return;
    // Dragging restarts the plugin's timer on release; re-apply our state afterwards.
    emblaApi.on('pointerUp', apply).on('reInit', apply);
    return () => {
      emblaApi.off('pointerUp', apply).off('reInit', apply);
    };
  }, [emblaApi, apply]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carrusel"
      aria-labelledby="ofertas-title"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className={styles.head}>
        <h2 id="ofertas-title" className={styles.title}>
          Ofertas destacadas
        </h2>
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.control}
            aria-label={paused ? 'Reanudar carrusel' : 'Pausar carrusel'}
            onClick={() => setPaused((value) => !value)}
          >
            {paused ? <PlayIcon width={20} height={20} /> : <PauseIcon width={20} height={20} />}
          </button>
          <button
            type="button"
            className={styles.control}
            aria-label="Oferta anterior"
            onClick={() => emblaApi?.scrollPrev()}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className={styles.control}
            aria-label="Oferta siguiente"
            onClick={() => emblaApi?.scrollNext()}
          >
            <ChevronRightIcon />
          </button>
        </div>
      </div>
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.container} style={{ '--slides': slidesPerView } as CSSProperties}>
          {products.map((product, index) => (
            // biome-ignore lint/a11y/useSemanticElements: an ARIA carousel slide is a group, not a form fieldset
            <div
              key={product.id_producto}
              className={styles.slide}
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`${index + 1} de ${products.length}`}
            >
              <ProductCard product={product} headingLevel={3} eager={index < slidesPerView} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
