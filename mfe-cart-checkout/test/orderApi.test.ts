import { orderApi } from '../src/cart/api';
import { fakeApi } from '@pharmacy/test-kit';

describe('orderApi.create', () => {
  it('sends the address and the delivery choice (no userId: the server uses the session) and reads approvalURL and orderId at the top level', async () => {
    const { calls } = fakeApi(() => ({
      body: {
        success: true,
        data: { approvalURL: 'https://pay.test/old-place', orderId: 'old-place' },
        approvalURL: 'https://pay.test/approve/SBX-1',
        orderId: 'order-1',
      },
    }));
    await expect(orderApi.create('addr-1', { method: 'collect', pharmacyId: 'high-street' }, true)).resolves.toEqual({ approvalURL: 'https://pay.test/approve/SBX-1', orderId: 'order-1' });
    expect(calls).toEqual([expect.objectContaining({ url: '/api/shop/order/create', method: 'POST', body: { addressId: 'addr-1', delivery: { method: 'collect', pharmacyId: 'high-street' }, acknowledgeSafetyWarnings: true } })]);
  });

  it('turns a refusal into an error with the server\'s message', async () => {
    fakeApi(() => ({ status: 422, body: { success: false, code: 'SAFETY_ACK_REQUIRED', message: 'Please confirm you have read the safety warnings.' } }));
    await expect(orderApi.create('addr-1', { method: 'standard' }, false)).rejects.toMatchObject({ status: 422, message: 'Please confirm you have read the safety warnings.' });
  });
});
