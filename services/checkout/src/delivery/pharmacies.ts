import type { Pharmacy } from '@pharmacy/contracts';

/**
 * The shop's pharmacies that hand out click-and-collect orders. Seeded with the service (a short list that changes
 * with a release, not at run time); an order keeps a copy of the one chosen, so renaming one here rewrites no order.
 */
export const PHARMACIES: readonly Pharmacy[] = [
  {
    id: 'high-street',
    name: 'Pharmacy & Care High Street',
    address: '12 High Street, Springfield SP1 2AB',
    openingHours: ['Mon-Fri 8:00-19:00', 'Sat 9:00-17:00', 'Sun closed'],
  },
  {
    id: 'riverside',
    name: 'Pharmacy & Care Riverside',
    address: '4 Riverside Walk, Springfield SP2 5CD',
    openingHours: ['Mon-Sat 9:00-18:00', 'Sun 10:00-16:00'],
  },
  {
    id: 'station',
    name: 'Pharmacy & Care Station Square',
    address: '1 Station Square, Shelbyville SH1 4EF',
    openingHours: ['Mon-Fri 7:00-21:00', 'Sat-Sun 9:00-18:00'],
  },
];

export const pharmacyById = (id: string | undefined): Pharmacy | undefined => PHARMACIES.find((p) => p.id === id);
