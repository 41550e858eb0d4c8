/**
 * The active ingredients the benchmark's generated products use. Kept apart from bench.ts (which starts a run when
 * loaded) so the safety table's test can check the table knows every one of them.
 */
export const BENCH_ACTIVES = ['Ibuprofen', 'Paracetamol', 'Cetirizine', 'Loratadine', 'Omeprazole', 'Vitamin D3', 'Vitamin C', 'Zinc', 'Magnesium',
  'Hydrocortisone', 'Clotrimazole', 'Aspirin', 'Guaifenesin', 'Menthol', 'Lidocaine', 'Simeticone', 'Folic acid', 'Iron', 'Omega-3', 'Aloe vera'];

/** The strengths it writes after them ("Ibuprofen 400mg"). */
export const BENCH_STRENGTHS = [100, 200, 250, 400, 500, 1000];
