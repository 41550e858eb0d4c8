import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { categoryLabel, formatMoney, type Product } from '@pharmacy/contracts';
import { useMarket } from '@pharmacy/session';
import { Dialog } from '@pharmacy/ui/dialog';
import { Badge, Button, VisuallyHidden, th } from '@pharmacy/ui';
import { ConfirmDialog, useConfirmDelete } from '../ConfirmDialog';
import type { Column } from '../DataTable';
import { ListPage } from '../ListPage';
import { SearchField } from '../SearchField';
import { useAdminSelector } from '../state/module';
import { selectProducts } from '../state/selectors';
import { ProductForm } from './ProductForm';
import { emptyProductForm, productToForm, toProductInput, toProductPatch } from './productForm';
import { Segments } from '../styles';
import { SHORT_DATED_VIEW, ShortDatedView } from './ShortDatedView';
import { StockPanel } from './StockPanel';
import { productsActions } from './slice';

/** A fixed 48 px square: it never collapses in a crowded row, and the row's height does not move while it loads. */
const Thumb = styled.img`
  display: block;
  flex: none;
  width: 3rem;
  height: 3rem;
  object-fit: cover;
  border-radius: ${th((t) => t.radii.sm)};
  background: ${th((t) => t.colors.surfaceMuted)};
`;

const ThumbPlaceholder = styled.span`
  display: block;
  width: 3rem;
  height: 3rem;
  border-radius: ${th((t) => t.radii.sm)};
  background: ${th((t) => t.colors.surfaceMuted)};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(2))};
`;

/** The sale price over the struck-out regular one, so the column stays narrow. */
const Prices = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-end;
`;

const Strike = styled.s`
  color: ${th((t) => t.colors.textMuted)};
  font-size: ${th((t) => t.fontSizes.xs)};
`;

/** How the product may be sold: on prescription, by a pharmacist (pharmacy medicine), or on general sale. */
function SupplyBadge({ product }: { product: Product }) {
  if (product.requiresPrescription) return <Badge variant="warning">Prescription</Badge>;
  // "medicine" is read, not shown: the short badge keeps the column narrow.
  if (product.pharmacyOnly)
    return (
      <Badge variant="brand">
        Pharmacy<VisuallyHidden> medicine</VisuallyHidden>
      </Badge>
    );
  return <>General sale</>;
}

type Editing = { mode: 'add' } | { mode: 'edit'; product: Product } | null;

export function ProductsPage() {
  const dispatch = useDispatch();
  const { list, total, page, limit, search, loading, save, reload, deleting } = useAdminSelector(selectProducts);
  const [term, setTerm] = useState(search);
  const [editing, setEditing] = useState<Editing>(null);
  const confirmDelete = useConfirmDelete<Product>(deleting, productsActions.deleteProduct);
  const { currency } = useMarket();
  const [params, setParams] = useSearchParams();
  const shortDated = params.get('view') === SHORT_DATED_VIEW;

  useEffect(() => {
    dispatch(productsActions.fetchProducts());
  }, [dispatch]);

  // Close the form once the catalog has the product.
  useEffect(() => {
    if (save.status === 'saved') {
      setEditing(null);
      dispatch(productsActions.resetSave());
    }
  }, [save.status, dispatch]);

  // Reload after a conflict: the form starts again from the latest product (its values and version).
  useEffect(() => {
    if (!reload.product) return;
    const latest = reload.product;
    setEditing((current) => (current?.mode === 'edit' && current.product._id === latest._id ? { mode: 'edit', product: latest } : current));
    dispatch(productsActions.reloadConsumed());
  }, [reload.product, dispatch]);


  const onSearch = (value: string) => {
    setTerm(value);
    // Server-side search; each keystroke supersedes (and aborts) the previous request.
    dispatch(productsActions.fetchProducts({ search: value, page: 1 }));
  };

  const openForm = (next: Editing) => {
    dispatch(productsActions.resetSave());
    setEditing(next);
  };

  const money = (amount: number) => formatMoney(amount, currency);
  const columns: Column<Product>[] = [
    {
      header: 'Image',
      hideHeader: true,
      width: '4.5rem',
      card: 'media',
      cell: (product) =>
        product.image ? <Thumb src={product.image} alt="" width={48} height={48} loading="lazy" /> : <ThumbPlaceholder aria-hidden="true" />,
    },
    { header: 'Title', card: 'title', cell: (product) => product.title },
    { header: 'Category', width: '7.5rem', cell: (product) => categoryLabel(product.category) },
    { header: 'Brand', width: '6.5rem', cell: (product) => product.brand },
    {
      header: 'Price',
      numeric: true,
      nowrap: true,
      width: '6rem',
      cell: (product) =>
        product.salePrice > 0 ? (
          <Prices>
            {money(product.salePrice)}
            <Strike aria-label={`was ${money(product.price)}`}>{money(product.price)}</Strike>
          </Prices>
        ) : (
          money(product.price)
        ),
    },
    { header: 'Stock', numeric: true, width: '4.5rem', cell: (product) => product.totalStock },
    // Prescription and pharmacy medicine never go together (the catalog refuses it), so one column says which applies.
    { header: 'Supply', width: '8rem', cell: (product) => <SupplyBadge product={product} /> },
    {
      header: 'Actions',
      hideHeader: true,
      width: '10.5rem',
      card: 'actions',
      cell: (product) => (
        <Row>
          <Button size="sm" variant="secondary" onClick={() => openForm({ mode: 'edit', product })} aria-label={`Edit ${product.title}`}>
            Edit
          </Button>
          <Button size="sm" variant="danger" onClick={() => confirmDelete.ask(product)} aria-label={`Delete ${product.title}`}>
            Delete
          </Button>
        </Row>
      ),
    },
  ];

  const views = (
    <Segments role="group" aria-label="Products view">
      <Button variant={shortDated ? 'secondary' : 'primary'} aria-pressed={!shortDated} onClick={() => setParams({})}>
        All products
      </Button>
      <Button variant={shortDated ? 'primary' : 'secondary'} aria-pressed={shortDated} onClick={() => setParams({ view: SHORT_DATED_VIEW })}>
        Short-dated
      </Button>
    </Segments>
  );
  if (shortDated) return <ShortDatedView views={views} />;

  return (
    <ListPage
      title="Products"
      label="Products"
      spreadToolbar
      toolbar={
        <>
          <SearchField label="Search products" placeholder="Search products..." maxLength={100} value={term} onChange={onSearch} />
          {views}
          <Button onClick={() => openForm({ mode: 'add' })}>Add product</Button>
        </>
      }
      rows={list}
      columns={columns}
      loading={loading}
      emptyDescription={search ? 'Try another search term.' : 'Add the first product to the catalog.'}
      paging={{ page, limit, total, onPage: (p) => dispatch(productsActions.fetchProducts({ page: p })) }}
    >

      <Dialog
        open={editing !== null}
        size="lg"
        title={editing?.mode === 'edit' ? 'Edit product' : 'Add product'}
        description={editing?.mode === 'edit' ? editing.product.title : 'A new product appears in the storefront as soon as it is saved.'}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      >
        {editing && (
          <ProductForm
            key={editing.mode === 'edit' ? `${editing.product._id}:${editing.product.version}` : 'new'}
            mode={editing.mode}
            initial={editing.mode === 'edit' ? productToForm(editing.product) : emptyProductForm()}
            submitLabel={editing.mode === 'edit' ? 'Save changes' : 'Add product'}
            saving={save.status === 'saving'}
            onCancel={() => setEditing(null)}
            onSubmit={(values) =>
              dispatch(
                productsActions.saveProduct(
                  editing.mode === 'edit'
                    ? { id: editing.product._id, patch: toProductPatch(values, editing.product.version) }
                    : { input: toProductInput(values) },
                ),
              )
            }
            conflict={
              editing.mode === 'edit' && save.conflict && save.error
                ? {
                    message: save.error,
                    reloading: reload.loading,
                    onReload: () => dispatch(productsActions.reloadProduct(editing.product._id)),
                  }
                : null
            }
          />
        )}
        {editing?.mode === 'edit' && <StockPanel productId={editing.product._id} />}
      </Dialog>

      <ConfirmDialog
        {...confirmDelete.dialog}
        title="Delete product?"
        description={confirmDelete.target ? `"${confirmDelete.target.title}" will be removed from the catalog. This cannot be undone.` : ''}
        confirmLabel="Delete"
      />
    </ListPage>
  );
}
