import { CAROUSEL_AUTOPLAY_MS } from '@vitrina/shared';
import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { PauseIcon, PlayIcon } from '../../../components/control-icons';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons';
import { type CardProduct, ProductCard } from '../../../components/product-card';
import styles from './offers-carousel.module.css';
import { scrollSlides } from './scroll-slides';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Discounted products, autoplaying every CAROUSEL_AUTOPLAY_MS. The track is the browser's own scroll
 * container with snap points (swipe, wheel and keyboard focus work natively, no carousel library to
 * download). Autoplay pauses while the pointer or the keyboard focus is inside, and the shopper can stop
 * it with the pause button (WCAG 2.2.2).
 */
export function OffersCarousel({ products }: { products: readonly CardProduct[] }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const shouldPlay = !paused && !hovered && !focused;

  useEffect(() => {
    if (!shouldPlay) return;
    const timer = setInterval(() => scrollSlides(trackRef.current, 1), CAROUSEL_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [shouldPlay]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carrusel"
      aria-labelledby="ofertas-title"
      // Pointer events cover touch too: a finger on the track holds the autoplay until it lifts.
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
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
            onClick={() => scrollSlides(trackRef.current, -1)}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className={styles.control}
            aria-label="Oferta siguiente"
            onClick={() => scrollSlides(trackRef.current, 1)}
          >
            <ChevronRightIcon />
          </button>
        </div>
      </div>
      <div className={styles.track} ref={trackRef}>
        {products.map((product, index) => (
          // biome-ignore lint/a11y/useSemanticElements: an ARIA carousel slide is a group, not a form fieldset
          <div
            key={product.id_producto}
            className={styles.slide}
            role="group"
            aria-roledescription="diapositiva"
            aria-label={`${index + 1} de ${products.length}`}
          >
            {/* Only the first slide's picture is fetched at once: it shows at every width, while the
                banner above is the page's largest paint, and the server's page is the same for all widths. */}
            <ProductCard product={product} headingLevel={3} eager={index === 0} />
          </div>
        ))}
      </div>
    </section>
  );
}
