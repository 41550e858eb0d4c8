import type { Product } from '@pharmacy/contracts';

export const onSale = (p: Pick<Product, 'price' | 'salePrice'>): boolean => p.salePrice > 0 && p.salePrice < p.price;

export const effectivePrice = (p: Pick<Product, 'price' | 'salePrice'>): number => (onSale(p) ? p.salePrice : p.price);
