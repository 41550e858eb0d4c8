import { useEffect, useId, useState } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import { PRODUCT_IMAGE_SIZE, categoryLabel, formatMoney, type Product } from '@pharmacy/contracts';
import { Dialog } from '@pharmacy/ui/dialog';
import { Badge, Button, Input, th } from '@pharmacy/ui';
import { ConfirmDialog, useConfirmDelete } from '../ConfirmDialog';
import type { Column } from '../DataTable';
import { ListPage } from '../ListPage';
import { useAdminSelector } from '../state/module';
import { selectProducts } from '../state/selectors';
import { ProductForm } from './ProductForm';
import { emptyProductForm, productToForm, toProductInput, toProductPatch } from './productForm';
import { StockPanel } from './StockPanel';
import { productsActions } from './slice';
import { HiddenLabel, Search } from '../styles';

const Thumb = styled.img`
  display: block;
  width: 2.5rem;
  height: 2.5rem;
  object-fit: cover;
  border-radius: ${th((t) => t.radii.sm)};
  background: ${th((t) => t.colors.surfaceMuted)};
`;

const Row = styled.div`
  display: flex;
  gap: ${th((t) => t.space(2))};
`;

const Strike = styled.s`
  color: ${th((t) => t.colors.textMuted)};
  margin-left: ${th((t) => t.space(1))};
`;

type Editing = { mode: 'add' } | { mode: 'edit'; product: Product } | null;

export function ProductsPage() {
  const dispatch = useDispatch();
  const { list, total, page, limit, search, loading, save, reload, deleting } = useAdminSelector(selectProducts);
  const [term, setTerm] = useState(search);
  const [editing, setEditing] = useState<Editing>(null);
  const confirmDelete = useConfirmDelete<Product>(deleting, productsActions.deleteProduct);
  const searchId = useId();

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

  const columns: Column<Product>[] = [
    {
      header: 'Image',
      hideHeader: true,
      cell: (product) =>
        product.image && <Thumb src={product.image} alt="" width={PRODUCT_IMAGE_SIZE.width / 10} height={PRODUCT_IMAGE_SIZE.height / 10} loading="lazy" />,
    },
    { header: 'Title', cell: (product) => product.title },
    { header: 'Category', cell: (product) => categoryLabel(product.category) },
    { header: 'Brand', cell: (product) => product.brand },
    {
      header: 'Price',
      cell: (product) =>
        product.salePrice > 0 ? (
          <>
            {formatMoney(product.salePrice)}
            <Strike aria-label={`was ${formatMoney(product.price)}`}>{formatMoney(product.price)}</Strike>
          </>
        ) : (
          formatMoney(product.price)
        ),
    },
    { header: 'Stock', cell: (product) => product.totalStock },
    { header: 'Prescription', cell: (product) => (product.requiresPrescription ? <Badge variant="warning">Rx</Badge> : 'No') },
    { header: 'Pharmacy medicine', cell: (product) => (product.pharmacyOnly ? <Badge variant="brand">Pharmacy</Badge> : 'No') },
    {
      header: 'Actions',
      hideHeader: true,
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

  return (
    <ListPage
      title="Products"
      label="Products"
      spreadToolbar
      toolbar={
        <>
          <Search>
            <HiddenLabel htmlFor={searchId}>Search products</HiddenLabel>
            <Input id={searchId} type="search" placeholder="Search products..." maxLength={100} value={term} onChange={(e) => onSearch(e.target.value)} autoComplete="off" />
          </Search>
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
