import {
  CART_MAX_ITEMS,
  CART_MAX_UNITS_PER_PRODUCT,
  canAddToCart,
  cartProblems,
  chosenVariant,
  initialChoice,
  lineName,
  NOTIFY_LOGIN_REQUIRED_MS,
  NOTIFY_MS,
  type Product,
  type Sellable,
  sellableOf,
  VARIANT_PARAM,
  VARIANT_REQUIRED,
  variantParam,
  variantsLeft,
  whatsappLink,
} from '@vitrina/shared';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { ChevronLeftIcon } from '../../../components/icons';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { Price } from '../../../components/price';
import { isNotFound } from '../../../lib/api-client';
import { useGuestCheckout } from '../../../lib/guest-checkout';
import { notify } from '../../../lib/notifications';
import { useSession } from '../../../lib/session';
import { useShopIdentity } from '../../../lib/shop-identity';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { addProductToCart, useCartCount } from '../../cart';
import { useProduct } from '../api/get-product';
import { useProductRatings } from '../api/get-product-ratings';
import { ProductGallery } from '../components/product-gallery';
import { QuantityPicker } from '../components/quantity-picker';
import { RatingsList } from '../components/ratings-list';
import { VariantPicker } from '../components/variant-picker';
import { listingPath, parseId } from '../utils/listing-params';
import styles from './product-page.module.css';

const LOGIN_REQUIRED = 'Debe de iniciar sesion para comprar';

/** /products/:id */
export function ProductPage() {
  const id = parseId(useParams().id);
  if (id === undefined) return <ProductNotFound />;
  return <ProductDetail key={id} id={id} />;
}

function ProductDetail({ id }: { id: number }) {
  const productQuery = useProduct(id);
  useDocumentTitle(productQuery.data?.nombre ?? (productQuery.isError ? 'Producto no encontrado' : null));

  if (productQuery.isPending) return <Loader label="Cargando producto…" />;
  if (productQuery.isError) {
    if (isNotFound(productQuery.error)) return <ProductNotFound />;
    return (
      <LoadError
        className={styles.message}
        titleAs="h1"
        what="el producto"
        error={productQuery.error}
        onRetry={productQuery.refetch}
        retrying={productQuery.isFetching}
      />
    );
  }
  return <ProductView product={productQuery.data} />;
}

/**
 * The variant the address names (`?variante=`, so a link shows it and the server renders it) and the
 * shopper's choice of each option; the address follows the choice without adding history entries.
 */
function useVariantChoice(product: Product) {
  const [params] = useSearchParams();
  const [choice, setChoice] = useState(() =>
    initialChoice(product.opciones, product.variantes, variantParam(params.get(VARIANT_PARAM))),
  );
  const variant = chosenVariant(product.opciones, product.variantes, choice);
  const choose = (index: number, value: string) => {
    const next = choice.map((chosen, i) => (i === index ? value : chosen));
    setChoice(next);
    const url = new URL(window.location.href);
    const named = chosenVariant(product.opciones, product.variantes, next);
    if (named) url.searchParams.set(VARIANT_PARAM, String(named.id_variante));
    else url.searchParams.delete(VARIANT_PARAM);
    window.history.replaceState(window.history.state, '', url);
  };
  const hasOptions = product.opciones.length > 0;
  const sold = hasOptions
    ? variant && sellableOf(product, variant.id_variante)
    : sellableOf(product, undefined);
  // The picture every variant still possible shares (all the blue ones), before the choice is complete.
  const left = variantsLeft(product.variantes, choice);
  const shared = left.every((v) => v.imagen === left[0]?.imagen) ? left[0]?.imagen : undefined;
  return { choice, choose, sold, photo: sold && hasOptions ? sold.imagen : shared || undefined };
}

function ProductView({ product }: { product: Product }) {
  const [quantity, setQuantity] = useState(1);
  const [showMissing, setShowMissing] = useState(false);
  const { choice, choose, sold, photo } = useVariantChoice(product);
  const pickerRef = useRef<HTMLDivElement>(null);
  const stockNow = sold ? (sold.estado ? sold.stock : 0) : product.stock;
  const stock = stockStatus(stockNow);
  const maxQuantity = Math.min(stockNow, CART_MAX_UNITS_PER_PRODUCT);
  const category = product.Categoria_producto;
  const price = sold ?? product;
  const missingChoice = () => {
    setShowMissing(true);
    // The first option still without a value takes the focus.
    const groups = Array.from(pickerRef.current?.querySelectorAll('fieldset') ?? []);
    const open = groups.find((group) => !group.querySelector('input:checked'));
    open?.querySelector('input')?.focus();
  };

  return (
    <div className={styles.page}>
      <Link to={listingPath(category.id_categoria_producto)} className={styles.back}>
        <ChevronLeftIcon width={20} height={20} />
        Volver a {category.nombre_categoria_producto}
      </Link>

      <article className={styles.product}>
        <ProductGallery key={photo ?? ''} product={product} lead={photo} />
        <div className={styles.info}>
          <p className={styles.category}>{category.nombre_categoria_producto}</p>
          <h1 className={styles.name}>{product.nombre}</h1>
          <Price
            valor={price.valor}
            valorDescuento={price.valor_descuento}
            size="lg"
            showBadge
            from={!sold && product.precio_varia}
          />
          {product.opciones.length > 0 && (
            <div ref={pickerRef}>
              <VariantPicker
                opciones={product.opciones}
                variantes={product.variantes}
                choice={choice}
                onChoose={(index, value) => {
                  choose(index, value);
                  setQuantity(1);
                }}
                showMissing={showMissing}
              />
            </div>
          )}
          <p className={styles[stock.tone]}>
            {stock.label}
            {sold?.etiqueta && <span className="visually-hidden">: {sold.etiqueta}</span>}
          </p>
          {sold?.sku && product.opciones.length > 0 && <p className={styles.sku}>SKU {sold.sku}</p>}
          <p className={styles.description}>{product.descripcion_producto}</p>
          <BuyActions
            product={product}
            sold={sold}
            quantity={quantity}
            onQuantityChange={setQuantity}
            max={maxQuantity}
            onMissingChoice={missingChoice}
            showMissing={showMissing && !sold}
          />
          <WhatsAppQuestion productName={product.nombre} />
        </div>
      </article>

      <section className={styles.opinions} aria-labelledby="opiniones">
        <h2 id="opiniones" className={styles.sectionTitle}>
          Opiniones
        </h2>
        <Opinions id={product.id_producto} />
      </section>
    </div>
  );
}

/**
 * What the page says about the stock: 'Disponible' above one unit (SPEC §2, Product detail), 'Última unidad' for exactly
 * one, which can still be bought, and 'No hay Existencias' only when nothing can (docs/decisions/013).
 */
function stockStatus(stock: number) {
  if (stock > 1) return { label: 'Disponible', tone: 'available' } as const;
  if (stock === 1) return { label: 'Última unidad', tone: 'lastUnit' } as const;
  return { label: 'No hay Existencias', tone: 'unavailable' } as const;
}

/** The limit the picker reached: the stock when it is below 25, else the 25 units per purchase. */
function quantityLimitProblem(product: Product, sold: Sellable | undefined) {
  const stock = sold ? sold.stock : product.stock;
  return stock < CART_MAX_UNITS_PER_PRODUCT
    ? cartProblems.stock(lineName(product.nombre, sold?.etiqueta ?? ''))
    : cartProblems.perProduct(product.nombre);
}

interface BuyActionsProps {
  product: Product;
  /** The variant chosen (the product itself without options); undefined until every option is chosen. */
  sold: Sellable | undefined;
  quantity: number;
  max: number;
  onQuantityChange: (quantity: number) => void;
  /** Buying was asked for before every option was chosen. */
  onMissingChoice: () => void;
  showMissing: boolean;
}

/**
 * Quantity, 'Comprar' (adds, then opens the cart) and 'Agregar al carrito' for customers; visitors are
 * asked to log in; admins cannot buy (SPEC §6) and see neither button. A product with options is added as
 * the variant chosen, which needs a value of every option.
 */
function BuyActions({
  product,
  sold,
  quantity,
  max,
  onQuantityChange,
  onMissingChoice,
  showMissing,
}: BuyActionsProps) {
  const { user, isPending } = useSession();
  // A visitor buys as a guest while the shop allows it (decision 085); otherwise SPEC's notice.
  const guestCheckout = useGuestCheckout(!isPending && !user);
  const count = useCartCount();
  const navigate = useNavigate();
  const hintId = useId();
  const showLimit = () => {
    const problem = quantityLimitProblem(product, sold);
    notify({ title: problem.title, text: problem.text, icon: 'warning', timer: NOTIFY_MS });
  };
  const picker = (
    <QuantityPicker value={quantity} max={max} onChange={onQuantityChange} onLimit={showLimit} />
  );
  if (user?.admin) return picker;

  const canAdd = (!user && !guestCheckout.allowed) || canAddToCart(quantity, count);
  // A visitor's buttons wait for the shop's answer on guest checkout.
  const waiting = isPending || guestCheckout.isPending;
  const buy = (thenOpenCart: boolean) => {
    if (!user && !guestCheckout.allowed) {
      notify({ title: LOGIN_REQUIRED, icon: 'info', timer: NOTIFY_LOGIN_REQUIRED_MS });
      return;
    }
    if (!sold) {
      onMissingChoice();
      return;
    }
    const added = addProductToCart(
      {
        id_producto: product.id_producto,
        nombre: product.nombre,
        stock: sold.estado ? sold.stock : 0,
        id_variante: sold.id_variante,
        etiqueta: sold.etiqueta,
        valor: sold.valor,
        valor_descuento: sold.valor_descuento,
        imagen: sold.imagen,
      },
      quantity,
    );
    if (!added) return;
    if (thenOpenCart) navigate('/carrito');
    else {
      const name = lineName(product.nombre, sold.etiqueta);
      notify({ title: 'Agregado al carrito', text: `${quantity} × ${name}`, icon: 'success' });
    }
  };

  return (
    <>
      {picker}
      <div className={styles.actions}>
        <Button size="lg" disabled={waiting} onClick={() => buy(true)}>
          Comprar
        </Button>
        <Button
          size="lg"
          variant="secondary"
          disabled={waiting || !canAdd}
          aria-describedby={canAdd ? undefined : hintId}
          onClick={() => buy(false)}
        >
          Agregar al carrito
        </Button>
      </div>
      {!canAdd && (
        <p id={hintId} className={styles.limit}>
          {count >= CART_MAX_ITEMS ? cartProblems.full.text : cartProblems.almostFull.text}
        </p>
      )}
      {showMissing && (
        <p className={styles.limit} role="alert">
          {VARIANT_REQUIRED}
        </p>
      )}
    </>
  );
}

/**
 * '¿Dudas? Escríbenos': a WhatsApp chat with the shop, the product's name already written, when the
 * owner gave a number (Ajustes › Tienda).
 */
function WhatsAppQuestion({ productName }: { productName: string }) {
  const number = useShopIdentity().data?.whatsapp;
  if (!number) return null;
  return (
    <a
      className={buttonClass('secondary', 'md', styles.whatsapp)}
      href={whatsappLink(number, productName)}
      target="_blank"
      rel="noopener noreferrer"
    >
      ¿Dudas? Escríbenos
      <span className="visually-hidden"> por WhatsApp (se abre en una pestaña nueva)</span>
    </a>
  );
}

function Opinions({ id }: { id: number }) {
  const ratingsQuery = useProductRatings(id);
  if (ratingsQuery.isPending) return <Loader label="Cargando opiniones…" />;
  if (ratingsQuery.isError) {
    return (
      <LoadError
        what="las opiniones"
        titleAs="p"
        error={ratingsQuery.error}
        onRetry={ratingsQuery.refetch}
        retrying={ratingsQuery.isFetching}
      />
    );
  }
  return <RatingsList ratings={ratingsQuery.data} />;
}

function ProductNotFound() {
  useDocumentTitle('Producto no encontrado');
  return (
    <div className={styles.message}>
      <h1>Producto no encontrado</h1>
      <p>El producto que buscas no existe o ya no está disponible.</p>
      <Link to="/" className={buttonClass('primary')}>
        Volver al inicio
      </Link>
    </div>
  );
}
