import { CheckoutRoutes, pathTo, type PaymentConfig, type PrescriptionTokenBody, type ReminderBody, type ShopperPrescription } from '@pharmacy/contracts';
import { apiData, uploadForm, type UploadOptions } from '@pharmacy/session';

const { prescriptions, payments } = CheckoutRoutes;

/** What the shopper may send with a photo or PDF: the medicine page it came from, and a note to the pharmacist. */
export interface PrescriptionExtras {
  productId?: string;
  note?: string;
}

/** The shopper's prescription calls (docs/api.md#prescriptions). */
export const prescriptionsApi = {
  list: (signal?: AbortSignal) => apiData.get<ShopperPrescription[]>(pathTo(prescriptions.list), { signal }),
  addToken: (body: PrescriptionTokenBody) => apiData.post<ShopperPrescription>(pathTo(prescriptions.add), body),
  upload(file: File, extras: PrescriptionExtras, options: Omit<UploadOptions, 'failure'> = {}): Promise<ShopperPrescription> {
    const form = new FormData();
    // the fields go before the file: the server reads the stream in order and the file ends it
    if (extras.productId) form.append('productId', extras.productId);
    if (extras.note) form.append('note', extras.note);
    form.append('file', file);
    return uploadForm<ShopperPrescription>(pathTo(prescriptions.add), form, { ...options, failure: 'Your prescription could not be sent. Please try again.' });
  },
  repeat: (id: string) => apiData.post<ShopperPrescription>(pathTo(prescriptions.repeat, { id })),
  reminder: (id: string, itemId: string, body: ReminderBody) => apiData.put<ShopperPrescription>(pathTo(prescriptions.reminder, { id, itemId }), body),
  /** The payment provider in use: the sandbox means a demo shop, where the demo prescriber is offered. */
  shopMode: (signal?: AbortSignal) => apiData.get<PaymentConfig>(pathTo(payments.config), { signal }),
};

/** Where the owner opens their own file (a link: the browser shows the image or PDF itself). */
export const prescriptionFileUrl = (id: string) => pathTo(prescriptions.file, { id });
