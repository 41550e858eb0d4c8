import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import {
  CatalogRoutes,
  CheckoutRoutes,
  PRODUCT_PAGE_SIZE_MAX,
  pathTo,
  type PageFigures,
  type Product,
  type PrescriptionStatus,
  type RejectPrescriptionBody,
  type StaffPrescription,
  type StaffPrescriptionRow,
  type VerifyPrescriptionBody,
} from '@pharmacy/contracts';
import { apiData, apiList, fromCall, useInjectModule, type ListResult, type ShopQueryError } from '@pharmacy/session';

const { adminPrescriptions } = CheckoutRoutes;

export const PRESCRIPTIONS_PAGE_SIZE = 20;

/** A page of prescriptions with one status, oldest first (the server sorts). */
export type PrescriptionPage = ListResult<StaffPrescriptionRow, PageFigures>;
export interface PrescriptionPageArg {
  status: PrescriptionStatus;
  page: number;
}

/** The queue's first page: the "Prescriptions to check (N)" button and the next one offered after a decision read it too. */
export const AWAITING_FIRST_PAGE: PrescriptionPageArg = { status: 'awaiting_check', page: 1 };

/** A medicine the pharmacist may record on a prescription: the catalogue's prescription-only products. */
export interface PrescriptionProduct {
  _id: string;
  title: string;
  packSize: string;
}

/**
 * The shop's listing, every page of it, kept to prescription-only products. The staff product list needs the
 * catalogue role, which a pharmacist does not have; the shop's listing is public and cached by the catalog.
 */
async function prescriptionProducts(signal: AbortSignal): Promise<PrescriptionProduct[]> {
  const found: PrescriptionProduct[] = [];
  for (let page = 1; ; page += 1) {
    const { items, total } = await apiList.get<Product, PageFigures>(pathTo(CatalogRoutes.products.list, undefined, { page, limit: PRODUCT_PAGE_SIZE_MAX }), { signal });
    for (const p of items) if (p.requiresPrescription) found.push({ _id: p._id, title: p.title, packSize: p.packSize });
    if (items.length === 0 || page * PRODUCT_PAGE_SIZE_MAX >= total) break;
  }
  return found.sort((a, b) => a.title.localeCompare(b.title));
}

/** Where the check screen loads a paper prescription's file from (an <img> or <object>: same origin, cookie auth). */
export const prescriptionFileHref = (id: string): string => pathTo(adminPrescriptions.file, { id });

/** The pharmacist's prescription check (docs/product.md#admin-panel): the queue, one prescription, and the decision. */
export const prescriptionQueries = createApi({
  reducerPath: 'adminPrescriptionQueries',
  baseQuery: fakeBaseQuery<ShopQueryError>(),
  tagTypes: ['Prescription', 'PrescriptionList'],
  // Other pharmacists decide too: a list or a prescription opened again is read again.
  refetchOnMountOrArgChange: true,
  endpoints: (build) => ({
    page: build.query<PrescriptionPage, PrescriptionPageArg>({
      queryFn: fromCall(({ status, page }: PrescriptionPageArg, signal) =>
        apiList.get<StaffPrescriptionRow, PageFigures>(pathTo(adminPrescriptions.list, undefined, { status, page, limit: PRESCRIPTIONS_PAGE_SIZE }), { signal }),
      ),
      providesTags: ['PrescriptionList'],
    }),
    details: build.query<StaffPrescription, string>({
      queryFn: fromCall((id: string, signal) => apiData.get<StaffPrescription>(pathTo(adminPrescriptions.details, { id }), { signal })),
      providesTags: (_result, _error, id) => [{ type: 'Prescription', id }],
      // It holds the shopper's health data: gone from the store as soon as the check screen closes.
      keepUnusedDataFor: 0,
    }),
    // The catalogue's prescription medicines change rarely: one read serves every check for ten minutes.
    products: build.query<PrescriptionProduct[], void>({
      queryFn: fromCall((_: void, signal) => prescriptionProducts(signal)),
      keepUnusedDataFor: 600,
    }),
    // A refusal (someone else decided, new warnings) also means what the screen shows is old: both are read again.
    verify: build.mutation<unknown, { id: string; body: VerifyPrescriptionBody }>({
      queryFn: fromCall(({ id, body }: { id: string; body: VerifyPrescriptionBody }) => apiData.post<unknown>(pathTo(adminPrescriptions.verify, { id }), body)),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Prescription', id }, 'PrescriptionList'],
    }),
    reject: build.mutation<unknown, { id: string; body: RejectPrescriptionBody }>({
      queryFn: fromCall(({ id, body }: { id: string; body: RejectPrescriptionBody }) => apiData.post<unknown>(pathTo(adminPrescriptions.reject, { id }), body)),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Prescription', id }, 'PrescriptionList'],
    }),
  }),
});

export function usePrescriptionQueries(): void {
  useInjectModule({ key: prescriptionQueries.reducerPath, reducer: prescriptionQueries.reducer, middleware: prescriptionQueries.middleware });
}
