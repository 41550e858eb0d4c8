import type { CategoryId } from '@pharmacy/contracts';

/**
 * The demo catalog: realistic over-the-counter pharmacy and care products. Brands are fictional but of the
 * real-world kinds (a pharmacy own label, generic manufacturers, branded medicines, specialist ranges).
 * Prices are decimals here for readability; the seeder stores cents.
 */
export interface SeedProduct {
  title: string;
  description: string;
  category: CategoryId;
  brand: string;
  price: number;
  salePrice?: number;
  totalStock: number;
  activeIngredients: string[];
  allergens?: string[];
  contraindications?: string[];
  dosageForm: string;
  packSize: string;
  maxPerOrder?: number;
  minAge?: number;
  requiresPrescription?: boolean;
}

const NSAID_WARNINGS = ['asthma', 'stomach ulcer', 'kidney disease', 'heart failure', 'pregnancy'];
const DECONGESTANT_WARNINGS = ['high blood pressure', 'heart disease', 'thyroid disorder', 'glaucoma', 'prostate enlargement'];

export const SEED_PRODUCTS: SeedProduct[] = [
  /* ---- pain relief ---- */
  {
    title: 'Paracetamol 500mg Tablets',
    description: 'Fast, effective relief from headaches, toothache, period pain, cold and flu symptoms and fever. Gentle on the stomach.',
    category: 'pain-relief', brand: 'CareWell', price: 1.49, totalStock: 240,
    activeIngredients: ['Paracetamol 500mg'], contraindications: ['liver disease'],
    dosageForm: 'Tablets', packSize: '16 tablets', maxPerOrder: 2, minAge: 12,
  },
  {
    title: 'Paracetamol 500mg Caplets',
    description: 'Film-coated caplets that are easy to swallow, for the relief of mild to moderate pain and fever.',
    category: 'pain-relief', brand: 'Solpharm', price: 1.99, salePrice: 1.59, totalStock: 180,
    activeIngredients: ['Paracetamol 500mg'], contraindications: ['liver disease'],
    dosageForm: 'Caplets', packSize: '32 caplets', maxPerOrder: 2, minAge: 12,
  },
  {
    title: 'Ibuprofen 200mg Tablets',
    description: 'Anti-inflammatory pain relief for headache, back pain, muscular pain, dental pain and the symptoms of cold and flu.',
    category: 'pain-relief', brand: 'CareWell', price: 1.79, totalStock: 220,
    activeIngredients: ['Ibuprofen 200mg'], allergens: ['NSAIDs', 'lactose'], contraindications: NSAID_WARNINGS,
    dosageForm: 'Tablets', packSize: '16 tablets', maxPerOrder: 2, minAge: 12,
  },
  {
    title: 'Ibuprofen 400mg Max Strength Tablets',
    description: 'Maximum strength ibuprofen for stronger pain such as migraine, back pain and rheumatic pain. Take with food.',
    category: 'pain-relief', brand: 'Relivo', price: 4.49, salePrice: 3.99, totalStock: 95,
    activeIngredients: ['Ibuprofen 400mg'], allergens: ['NSAIDs'], contraindications: NSAID_WARNINGS,
    dosageForm: 'Tablets', packSize: '24 tablets', maxPerOrder: 2, minAge: 12,
  },
  {
    title: 'Ibuprofen Liquid Capsules 200mg',
    description: 'Liquid-filled capsules that are absorbed quickly for fast relief from headache and muscle pain.',
    category: 'pain-relief', brand: 'Relivo', price: 5.29, totalStock: 70,
    activeIngredients: ['Ibuprofen 200mg'], allergens: ['NSAIDs', 'gelatin'], contraindications: NSAID_WARNINGS,
    dosageForm: 'Capsules', packSize: '20 capsules', maxPerOrder: 2, minAge: 12,
  },
  {
    title: 'Aspirin 300mg Dispersible Tablets',
    description: 'Dissolve in water for fast relief from pain and fever. Not suitable for children under 16.',
    category: 'pain-relief', brand: 'Solpharm', price: 1.29, totalStock: 60,
    activeIngredients: ['Acetylsalicylic acid 300mg'], allergens: ['salicylates', 'NSAIDs'],
    contraindications: ['asthma', 'stomach ulcer', 'blood clotting disorder', 'pregnancy'],
    dosageForm: 'Dispersible tablets', packSize: '32 tablets', maxPerOrder: 2, minAge: 16,
  },
  {
    title: 'Ibuprofen 5% Pain Relief Gel',
    description: 'Targeted relief from back pain, sprains, strains and sports injuries. Non-greasy and quick to absorb.',
    category: 'pain-relief', brand: 'Relivo', price: 6.99, salePrice: 5.49, totalStock: 85,
    activeIngredients: ['Ibuprofen 5% w/w'], allergens: ['NSAIDs', 'fragrance'], contraindications: ['asthma'],
    dosageForm: 'Gel', packSize: '100g tube', minAge: 14,
  },
  {
    title: 'Co-codamol 30/500mg Tablets',
    description: 'Prescription-strength combination of codeine and paracetamol for severe pain that other painkillers have not relieved.',
    category: 'pain-relief', brand: 'Solpharm', price: 8.5, totalStock: 40,
    activeIngredients: ['Codeine phosphate 30mg', 'Paracetamol 500mg'],
    contraindications: ['liver disease', 'breathing problems', 'pregnancy'],
    dosageForm: 'Tablets', packSize: '30 tablets', maxPerOrder: 1, minAge: 18, requiresPrescription: true,
  },
  {
    title: 'Migraine Relief Tablets',
    description: 'A combination of paracetamol, aspirin and caffeine formulated for migraine and tension headaches.',
    category: 'pain-relief', brand: 'Relivo', price: 5.99, totalStock: 8,
    activeIngredients: ['Paracetamol 250mg', 'Acetylsalicylic acid 250mg', 'Caffeine 65mg'], allergens: ['salicylates', 'NSAIDs'],
    contraindications: ['asthma', 'stomach ulcer', 'high blood pressure'],
    dosageForm: 'Tablets', packSize: '12 tablets', maxPerOrder: 2, minAge: 18,
  },

  /* ---- cold and flu ---- */
  {
    title: 'Max Strength Cold & Flu Capsules',
    description: 'Relieves headache, fever, blocked nose and sinus pressure in one capsule. Non-drowsy day formula.',
    category: 'cold-and-flu', brand: 'Coldeze', price: 4.99, salePrice: 3.99, totalStock: 130,
    activeIngredients: ['Paracetamol 500mg', 'Phenylephrine hydrochloride 6.1mg', 'Caffeine 25mg'], allergens: ['gelatin'],
    contraindications: DECONGESTANT_WARNINGS, dosageForm: 'Capsules', packSize: '16 capsules', maxPerOrder: 2, minAge: 16,
  },
  {
    title: 'Hot Lemon Cold & Flu Sachets',
    description: 'A soothing hot lemon drink that relieves aches, fever and nasal congestion. Dissolve one sachet in hot water.',
    category: 'cold-and-flu', brand: 'Coldeze', price: 5.49, totalStock: 90,
    activeIngredients: ['Paracetamol 1000mg', 'Phenylephrine hydrochloride 12.2mg'], allergens: ['aspartame'],
    contraindications: [...DECONGESTANT_WARNINGS, 'phenylketonuria'], dosageForm: 'Powder for oral solution', packSize: '10 sachets', maxPerOrder: 2, minAge: 16,
  },
  {
    title: 'Chesty Cough Syrup',
    description: 'Loosens mucus and relieves chesty, productive coughs. Sugar-free formula with a honey and lemon flavour.',
    category: 'cold-and-flu', brand: 'CareWell', price: 3.99, totalStock: 75,
    activeIngredients: ['Guaifenesin 100mg/5ml'], dosageForm: 'Oral syrup', packSize: '150ml bottle', minAge: 12,
  },
  {
    title: 'Dry Cough Linctus',
    description: 'Calms dry, tickly coughs so you can rest. Contains pholcodine. Not for productive coughs.',
    category: 'cold-and-flu', brand: 'Solpharm', price: 4.29, totalStock: 0,
    activeIngredients: ['Pholcodine 5mg/5ml'], contraindications: ['asthma', 'liver disease'],
    dosageForm: 'Oral solution', packSize: '200ml bottle', minAge: 12,
  },
  {
    title: 'Decongestant Nasal Spray',
    description: 'Clears a blocked nose in minutes and lasts up to 10 hours. Do not use for more than 7 days.',
    category: 'cold-and-flu', brand: 'Coldeze', price: 4.79, salePrice: 3.99, totalStock: 110,
    activeIngredients: ['Xylometazoline hydrochloride 0.1%'], allergens: ['benzalkonium chloride'],
    contraindications: ['glaucoma', 'high blood pressure', 'heart disease'], dosageForm: 'Nasal spray', packSize: '10ml spray', minAge: 12,
  },
  {
    title: 'Sore Throat Lozenges Honey & Lemon',
    description: 'Antiseptic lozenges that soothe sore throats and help fight the bacteria that can cause them.',
    category: 'cold-and-flu', brand: 'Coldeze', price: 3.49, totalStock: 160,
    activeIngredients: ['Amylmetacresol 0.6mg', '2,4-Dichlorobenzyl alcohol 1.2mg'], allergens: ['honey'],
    contraindications: ['diabetes'], dosageForm: 'Lozenges', packSize: '24 lozenges', minAge: 6,
  },
  {
    title: 'Menthol Vapour Rub',
    description: 'Rub on chest and back for soothing vapours that ease a blocked nose and cough. For adults and children over 2.',
    category: 'cold-and-flu', brand: 'CareWell', price: 3.29, totalStock: 65,
    activeIngredients: ['Levomenthol 2.75%', 'Camphor 5%', 'Eucalyptus oil 1.5%'], allergens: ['eucalyptus', 'turpentine oil'],
    contraindications: ['asthma', 'epilepsy'], dosageForm: 'Ointment', packSize: '50g jar', minAge: 2,
  },
  {
    title: 'Night Time Cold & Flu Liquid',
    description: 'A night-time cold and flu remedy that relieves symptoms and helps you sleep. Causes drowsiness.',
    category: 'cold-and-flu', brand: 'Solpharm', price: 7.99, totalStock: 45,
    activeIngredients: ['Paracetamol 1000mg/20ml', 'Promethazine hydrochloride 20mg/20ml', 'Dextromethorphan 15mg/20ml'],
    contraindications: ['epilepsy', 'glaucoma', 'liver disease', 'prostate enlargement'],
    dosageForm: 'Oral liquid', packSize: '160ml bottle', maxPerOrder: 2, minAge: 16,
  },

  /* ---- allergy ---- */
  {
    title: 'Cetirizine 10mg Hayfever Tablets',
    description: 'One-a-day antihistamine for hayfever and allergy relief: sneezing, runny nose and itchy, watery eyes.',
    category: 'allergy', brand: 'CareWell', price: 2.49, totalStock: 200,
    activeIngredients: ['Cetirizine hydrochloride 10mg'], allergens: ['lactose'], contraindications: ['kidney disease', 'epilepsy'],
    dosageForm: 'Tablets', packSize: '30 tablets', minAge: 6,
  },
  {
    title: 'Loratadine 10mg Non-Drowsy Tablets',
    description: 'Non-drowsy relief from hayfever, dust and pet allergies and itchy skin rashes for 24 hours.',
    category: 'allergy', brand: 'Allerclear', price: 4.99, salePrice: 3.49, totalStock: 140,
    activeIngredients: ['Loratadine 10mg'], allergens: ['lactose'], contraindications: ['liver disease'],
    dosageForm: 'Tablets', packSize: '30 tablets', minAge: 6,
  },
  {
    title: 'Fexofenadine 120mg Tablets',
    description: 'Fast-acting, non-drowsy antihistamine for seasonal allergic rhinitis.',
    category: 'allergy', brand: 'Allerclear', price: 6.99, totalStock: 55,
    activeIngredients: ['Fexofenadine hydrochloride 120mg'], dosageForm: 'Tablets', packSize: '30 tablets', minAge: 12,
  },
  {
    title: 'Chlorphenamine 4mg Allergy Tablets',
    description: 'Classic antihistamine for hayfever, food allergies, insect stings and itchy skin. May cause drowsiness.',
    category: 'allergy', brand: 'Solpharm', price: 2.99, totalStock: 80,
    activeIngredients: ['Chlorphenamine maleate 4mg'], allergens: ['lactose'],
    contraindications: ['glaucoma', 'epilepsy', 'prostate enlargement', 'liver disease'],
    dosageForm: 'Tablets', packSize: '28 tablets', minAge: 6,
  },
  {
    title: 'Beclometasone Hayfever Nasal Spray',
    description: 'Steroid nasal spray that prevents and treats hayfever symptoms such as blocked, runny and itchy nose.',
    category: 'allergy', brand: 'Allerclear', price: 7.49, totalStock: 60,
    activeIngredients: ['Beclometasone dipropionate 50mcg'], allergens: ['benzalkonium chloride'],
    contraindications: ['glaucoma', 'tuberculosis'], dosageForm: 'Nasal spray', packSize: '180 sprays', minAge: 18,
  },
  {
    title: 'Sodium Cromoglicate Allergy Eye Drops',
    description: 'Relieves itchy, red, watery eyes caused by hayfever and other allergies.',
    category: 'allergy', brand: 'OptiCare', price: 5.99, totalStock: 48,
    activeIngredients: ['Sodium cromoglicate 2%'], allergens: ['benzalkonium chloride'],
    dosageForm: 'Eye drops', packSize: '10ml bottle', minAge: 6,
  },
  {
    title: 'Adrenaline Auto-Injector 300mcg',
    description: 'Emergency treatment of severe allergic reactions (anaphylaxis). Prescription only: requires a valid prescription.',
    category: 'allergy', brand: 'Allerclear', price: 54.0, totalStock: 12,
    activeIngredients: ['Adrenaline (epinephrine) 300mcg'], allergens: ['sulfites'],
    dosageForm: 'Solution for injection', packSize: '1 auto-injector', maxPerOrder: 2, requiresPrescription: true,
  },

  /* ---- vitamins and supplements ---- */
  {
    title: 'Vitamin D3 1000 IU Tablets',
    description: 'Supports normal bones, teeth, muscles and immune function. One small tablet a day.',
    category: 'vitamins-and-supplements', brand: 'VitaNova', price: 4.99, salePrice: 3.75, totalStock: 260,
    activeIngredients: ['Cholecalciferol (vitamin D3) 25mcg'], dosageForm: 'Tablets', packSize: '90 tablets',
  },
  {
    title: 'Vitamin C 1000mg Effervescent Tablets',
    description: 'Orange-flavoured fizzy tablets with vitamin C to support the immune system and reduce tiredness.',
    category: 'vitamins-and-supplements', brand: 'VitaNova', price: 3.49, totalStock: 190,
    activeIngredients: ['Ascorbic acid 1000mg'], allergens: ['aspartame', 'sodium'], contraindications: ['kidney stones', 'phenylketonuria'],
    dosageForm: 'Effervescent tablets', packSize: '20 tablets',
  },
  {
    title: 'A-Z Multivitamins & Minerals',
    description: 'A complete daily multivitamin with 24 vitamins and minerals for adults.',
    category: 'vitamins-and-supplements', brand: 'CareWell', price: 5.99, totalStock: 150,
    activeIngredients: ['Vitamin A', 'B vitamins', 'Vitamin C', 'Vitamin D', 'Vitamin E', 'Zinc', 'Iron', 'Iodine'], allergens: ['soy'],
    dosageForm: 'Tablets', packSize: '60 tablets',
  },
  {
    title: 'Omega-3 Fish Oil 1000mg Capsules',
    description: 'High strength fish oil with EPA and DHA to support normal heart, brain and eye function.',
    category: 'vitamins-and-supplements', brand: 'NatureRoot', price: 8.99, salePrice: 6.99, totalStock: 120,
    activeIngredients: ['Fish oil 1000mg (EPA 180mg, DHA 120mg)'], allergens: ['fish', 'gelatin'], contraindications: ['blood clotting disorder'],
    dosageForm: 'Softgel capsules', packSize: '90 capsules',
  },
  {
    title: 'Iron 14mg with Vitamin C',
    description: 'Gentle iron supplement with vitamin C for better absorption, to reduce tiredness and fatigue.',
    category: 'vitamins-and-supplements', brand: 'VitaNova', price: 4.49, totalStock: 85,
    activeIngredients: ['Ferrous bisglycinate 14mg iron', 'Vitamin C 40mg'], contraindications: ['haemochromatosis'],
    dosageForm: 'Tablets', packSize: '60 tablets',
  },
  {
    title: 'Magnesium 375mg Tablets',
    description: 'Contributes to normal muscle function and the reduction of tiredness and fatigue.',
    category: 'vitamins-and-supplements', brand: 'NatureRoot', price: 6.49, totalStock: 100,
    activeIngredients: ['Magnesium citrate 375mg'], contraindications: ['kidney disease'], dosageForm: 'Tablets', packSize: '60 tablets',
  },
  {
    title: 'Glucosamine & Chondroitin Joint Care',
    description: 'A joint supplement with glucosamine, chondroitin and vitamin C, which supports normal cartilage.',
    category: 'vitamins-and-supplements', brand: 'NatureRoot', price: 12.99, totalStock: 6,
    activeIngredients: ['Glucosamine sulphate 1000mg', 'Chondroitin 200mg', 'Vitamin C 40mg'], allergens: ['shellfish'],
    contraindications: ['diabetes', 'blood clotting disorder'], dosageForm: 'Tablets', packSize: '60 tablets',
  },
  {
    title: 'Pregnancy Folic Acid 400mcg',
    description: 'The recommended supplement before conception and during the first 12 weeks of pregnancy.',
    category: 'vitamins-and-supplements', brand: 'CareWell', price: 1.99, totalStock: 140,
    activeIngredients: ['Folic acid 400mcg'], dosageForm: 'Tablets', packSize: '90 tablets',
  },

  /* ---- digestive health ---- */
  {
    title: 'Omeprazole 20mg Gastro-Resistant Tablets',
    description: 'Treats heartburn and acid reflux symptoms by reducing stomach acid. For adults, up to 14 days.',
    category: 'digestive-health', brand: 'Gutwise', price: 5.99, totalStock: 70,
    activeIngredients: ['Omeprazole 20mg'], contraindications: ['liver disease', 'pregnancy'],
    dosageForm: 'Gastro-resistant tablets', packSize: '14 tablets', minAge: 18,
  },
  {
    title: 'Heartburn & Indigestion Liquid',
    description: 'Forms a protective layer on top of the stomach contents to relieve heartburn and indigestion for up to 4 hours.',
    category: 'digestive-health', brand: 'Gutwise', price: 6.49, salePrice: 4.99, totalStock: 95,
    activeIngredients: ['Sodium alginate 500mg/10ml', 'Sodium bicarbonate 267mg/10ml', 'Calcium carbonate 160mg/10ml'],
    allergens: ['parabens'], contraindications: ['kidney disease', 'high blood pressure'], dosageForm: 'Oral suspension', packSize: '300ml bottle', minAge: 12,
  },
  {
    title: 'Antacid Chewable Tablets Peppermint',
    description: 'Fast relief from heartburn, acid indigestion and trapped wind.',
    category: 'digestive-health', brand: 'CareWell', price: 2.79, totalStock: 130,
    activeIngredients: ['Calcium carbonate 680mg', 'Magnesium carbonate 80mg'], contraindications: ['kidney disease'],
    dosageForm: 'Chewable tablets', packSize: '24 tablets', minAge: 12,
  },
  {
    title: 'Loperamide 2mg Diarrhoea Relief Capsules',
    description: 'Rapid relief from sudden short-term diarrhoea. Restores normal bowel function.',
    category: 'digestive-health', brand: 'Solpharm', price: 2.49, totalStock: 110,
    activeIngredients: ['Loperamide hydrochloride 2mg'], allergens: ['lactose', 'gelatin'], contraindications: ['ulcerative colitis', 'liver disease'],
    dosageForm: 'Capsules', packSize: '12 capsules', maxPerOrder: 2, minAge: 12,
  },
  {
    title: 'Oral Rehydration Salts Blackcurrant',
    description: 'Replaces the fluid and salts lost through diarrhoea or vomiting. Suitable for the whole family.',
    category: 'digestive-health', brand: 'Gutwise', price: 4.29, totalStock: 75,
    activeIngredients: ['Glucose', 'Sodium chloride', 'Potassium chloride', 'Disodium hydrogen citrate'],
    contraindications: ['kidney disease', 'diabetes'], dosageForm: 'Powder for oral solution', packSize: '6 sachets',
  },
  {
    title: 'Lactulose Constipation Relief Solution',
    description: 'Gentle relief from constipation by softening stools. Suitable for adults and children.',
    category: 'digestive-health', brand: 'Gutwise', price: 4.99, totalStock: 4,
    activeIngredients: ['Lactulose 3.335g/5ml'], allergens: ['lactose', 'galactose'], contraindications: ['galactosaemia'],
    dosageForm: 'Oral solution', packSize: '300ml bottle',
  },
  {
    title: 'Live Bacteria Daily Probiotic',
    description: 'Ten billion friendly bacteria per capsule from five strains to support a balanced gut.',
    category: 'digestive-health', brand: 'NatureRoot', price: 14.99, salePrice: 11.99, totalStock: 60,
    activeIngredients: ['Lactobacillus acidophilus', 'Bifidobacterium lactis'], allergens: ['milk', 'soy'],
    dosageForm: 'Capsules', packSize: '30 capsules',
  },

  /* ---- skin care ---- */
  {
    title: 'Hydrocortisone 1% Cream',
    description: 'Relieves the redness, itching and swelling of eczema, dermatitis and insect bites.',
    category: 'skin-care', brand: 'DermaCalm', price: 3.99, totalStock: 90,
    activeIngredients: ['Hydrocortisone 1% w/w'], allergens: ['cetostearyl alcohol', 'chlorocresol'], contraindications: ['skin infection'],
    dosageForm: 'Cream', packSize: '15g tube', minAge: 10,
  },
  {
    title: 'Emollient Cream for Dry Skin',
    description: 'A fragrance-free moisturiser for very dry, itchy skin and eczema. Suitable from birth.',
    category: 'skin-care', brand: 'DermaCalm', price: 7.99, salePrice: 6.49, totalStock: 150,
    activeIngredients: ['White soft paraffin 15%', 'Liquid paraffin 6%'], allergens: ['lanolin'],
    dosageForm: 'Cream', packSize: '500g pump',
  },
  {
    title: 'SPF 50+ Sensitive Sun Lotion',
    description: 'Very high UVA and UVB protection for sensitive skin. Water resistant and fragrance free.',
    category: 'skin-care', brand: 'PureSkin', price: 12.99, salePrice: 9.99, totalStock: 85,
    activeIngredients: ['Octocrylene', 'Avobenzone', 'Zinc oxide'], dosageForm: 'Lotion', packSize: '200ml bottle',
  },
  {
    title: 'Benzoyl Peroxide 5% Acne Gel',
    description: 'Clears spots and blackheads and helps prevent new ones from forming.',
    category: 'skin-care', brand: 'PureSkin', price: 6.99, totalStock: 55,
    activeIngredients: ['Benzoyl peroxide 5%'], allergens: ['benzoyl peroxide'], dosageForm: 'Gel', packSize: '40g tube', minAge: 12,
  },
  {
    title: 'Clotrimazole 1% Antifungal Cream',
    description: "Treats athlete's foot, ringworm and fungal skin infections.",
    category: 'skin-care', brand: 'DermaCalm', price: 3.49, totalStock: 70,
    activeIngredients: ['Clotrimazole 1%'], allergens: ['cetostearyl alcohol'], dosageForm: 'Cream', packSize: '20g tube',
  },
  {
    title: 'Aloe Vera After Sun Gel',
    description: 'Cools and soothes sun-exposed skin with aloe vera. Lightly fragranced.',
    category: 'skin-care', brand: 'PureSkin', price: 4.99, totalStock: 100,
    activeIngredients: ['Aloe barbadensis leaf juice'], allergens: ['fragrance'], dosageForm: 'Gel', packSize: '200ml bottle',
  },
  {
    title: 'Tretinoin 0.025% Cream',
    description: 'Prescription treatment for acne. Increases skin sensitivity to sunlight.',
    category: 'skin-care', brand: 'DermaCalm', price: 18.5, totalStock: 20,
    activeIngredients: ['Tretinoin 0.025%'], allergens: ['parabens'], contraindications: ['pregnancy', 'eczema'],
    dosageForm: 'Cream', packSize: '20g tube', minAge: 12, requiresPrescription: true,
  },

  /* ---- personal care ---- */
  {
    title: 'Sensitive Toothpaste with Fluoride',
    description: 'Daily protection for sensitive teeth with long-lasting relief and 1450ppm fluoride.',
    category: 'personal-care', brand: 'FreshDay', price: 3.99, salePrice: 2.99, totalStock: 210,
    activeIngredients: ['Potassium nitrate 5%', 'Sodium fluoride 1450ppm'], allergens: ['mint'],
    dosageForm: 'Paste', packSize: '75ml tube',
  },
  {
    title: 'Alcohol-Free Mouthwash',
    description: 'Kills 99.9% of germs and freshens breath without the sting of alcohol.',
    category: 'personal-care', brand: 'FreshDay', price: 3.49, totalStock: 120,
    activeIngredients: ['Cetylpyridinium chloride 0.07%', 'Sodium fluoride'], dosageForm: 'Mouthwash', packSize: '500ml bottle', minAge: 7,
  },
  {
    title: 'Anti-Dandruff Shampoo',
    description: 'Medicated shampoo that controls dandruff and soothes itchy, flaky scalp.',
    category: 'personal-care', brand: 'FreshDay', price: 5.49, totalStock: 95,
    activeIngredients: ['Ketoconazole 2%'], allergens: ['fragrance', 'sodium laureth sulfate'], dosageForm: 'Shampoo', packSize: '100ml bottle', minAge: 12,
  },
  {
    title: 'Antibacterial Hand Sanitiser Gel',
    description: 'Kills 99.9% of bacteria without water. With glycerin to keep hands soft.',
    category: 'personal-care', brand: 'CareWell', price: 1.99, totalStock: 300,
    activeIngredients: ['Ethanol 70%'], allergens: ['fragrance'], dosageForm: 'Gel', packSize: '100ml bottle',
  },
  {
    title: 'Roll-On Antiperspirant Sensitive',
    description: '48-hour protection, dermatologically tested and free from alcohol and fragrance.',
    category: 'personal-care', brand: 'FreshDay', price: 2.49, totalStock: 140,
    activeIngredients: ['Aluminium chlorohydrate'], dosageForm: 'Roll-on', packSize: '50ml', minAge: 12,
  },
  {
    title: 'Head Lice Treatment Spray',
    description: 'Kills lice and eggs in one 15-minute treatment. Pesticide free. Comes with a nit comb.',
    category: 'personal-care', brand: 'LittleSprout', price: 11.99, totalStock: 35,
    activeIngredients: ['Dimeticone 4%'], dosageForm: 'Spray', packSize: '150ml spray', minAge: 1,
  },
  {
    title: 'Nicotine Replacement 2mg Gum',
    description: 'Helps relieve cravings when you stop smoking. Fresh mint flavour.',
    category: 'personal-care', brand: 'Solpharm', price: 9.99, salePrice: 7.99, totalStock: 60,
    activeIngredients: ['Nicotine 2mg'], allergens: ['butylated hydroxytoluene'], contraindications: ['heart disease', 'pregnancy'],
    dosageForm: 'Medicated chewing gum', packSize: '105 pieces', minAge: 12,
  },

  /* ---- baby and mother ---- */
  {
    title: 'Infant Paracetamol Suspension 2 Months+',
    description: 'Sugar-free strawberry-flavoured paracetamol for babies and children from 2 months. Oral syringe included.',
    category: 'baby-and-mother', brand: 'LittleSprout', price: 3.99, totalStock: 140,
    activeIngredients: ['Paracetamol 120mg/5ml'], allergens: ['parabens', 'sorbitol'],
    dosageForm: 'Oral suspension', packSize: '100ml bottle', maxPerOrder: 2,
  },
  {
    title: "Children's Ibuprofen Suspension 3 Months+",
    description: 'Orange-flavoured ibuprofen for children from 3 months for fever and pain, lasting up to 8 hours.',
    category: 'baby-and-mother', brand: 'LittleSprout', price: 4.49, salePrice: 3.79, totalStock: 120,
    activeIngredients: ['Ibuprofen 100mg/5ml'], allergens: ['NSAIDs', 'maltitol'], contraindications: ['asthma'],
    dosageForm: 'Oral suspension', packSize: '100ml bottle', maxPerOrder: 2,
  },
  {
    title: 'Zinc & Castor Oil Nappy Cream',
    description: 'Protects and soothes delicate skin against nappy rash. Suitable from birth.',
    category: 'baby-and-mother', brand: 'LittleSprout', price: 2.99, totalStock: 160,
    activeIngredients: ['Zinc oxide 7.5%', 'Castor oil 50%'], allergens: ['lanolin', 'beeswax'], dosageForm: 'Cream', packSize: '100g jar',
  },
  {
    title: 'Infant Colic Drops',
    description: 'Relieves wind and colic in babies by breaking down trapped gas bubbles. Give before each feed.',
    category: 'baby-and-mother', brand: 'LittleSprout', price: 5.99, totalStock: 7,
    activeIngredients: ['Simeticone 40mg/ml'], dosageForm: 'Oral drops', packSize: '30ml bottle',
  },
  {
    title: 'Teething Gel',
    description: 'Quickly soothes teething pain in babies from 4 months with a gentle local anaesthetic.',
    category: 'baby-and-mother', brand: 'LittleSprout', price: 3.79, totalStock: 0,
    activeIngredients: ['Lidocaine hydrochloride 0.33%', 'Cetylpyridinium chloride 0.1%'], dosageForm: 'Oral gel', packSize: '10g tube',
  },
  {
    title: 'Nipple Balm 100% Lanolin',
    description: 'Soothes and protects sore, cracked nipples during breastfeeding. No need to remove before feeding.',
    category: 'baby-and-mother', brand: 'CareWell', price: 6.99, totalStock: 50,
    activeIngredients: ['Purified lanolin'], allergens: ['lanolin'], dosageForm: 'Balm', packSize: '30g tube',
  },
  {
    title: 'Pregnancy Test Early Detection',
    description: 'Over 99% accurate from the day of your expected period. Results in 3 minutes.',
    category: 'baby-and-mother', brand: 'CareWell', price: 7.99, salePrice: 5.99, totalStock: 90,
    activeIngredients: [], dosageForm: 'Test kit', packSize: '2 tests', minAge: 16,
  },

  /* ---- first aid ---- */
  {
    title: 'Fabric Plasters Assorted',
    description: 'Flexible, breathable fabric plasters in assorted sizes for everyday cuts and grazes.',
    category: 'first-aid', brand: 'MediPlast', price: 2.49, totalStock: 250,
    activeIngredients: [], allergens: ['latex', 'zinc oxide adhesive'], dosageForm: 'Plasters', packSize: '40 plasters',
  },
  {
    title: 'Antiseptic Cream',
    description: 'Helps prevent infection in minor cuts, grazes, burns and insect bites.',
    category: 'first-aid', brand: 'MediPlast', price: 3.29, totalStock: 110,
    activeIngredients: ['Chlorhexidine gluconate 0.1%'], allergens: ['chlorhexidine'], dosageForm: 'Cream', packSize: '30g tube',
  },
  {
    title: 'Blister Plasters Hydrocolloid',
    description: 'Cushions and heals blisters fast with hydrocolloid technology. Stays on for days.',
    category: 'first-aid', brand: 'MediPlast', price: 4.99, salePrice: 3.99, totalStock: 80,
    activeIngredients: [], dosageForm: 'Plasters', packSize: '6 plasters',
  },
  {
    title: 'Burns Gel',
    description: 'Cools and soothes minor burns and scalds. Water-based and non-sticky.',
    category: 'first-aid', brand: 'MediPlast', price: 4.49, totalStock: 9,
    activeIngredients: ['Lidocaine 1%'], allergens: ['tea tree oil'], dosageForm: 'Gel', packSize: '50g tube', minAge: 2,
  },
  {
    title: 'Travel First Aid Kit',
    description: 'A compact 30-piece kit with plasters, dressings, bandages, wipes, tape and scissors.',
    category: 'first-aid', brand: 'MediPlast', price: 9.99, totalStock: 40,
    activeIngredients: [], allergens: ['latex'], dosageForm: 'Kit', packSize: '30 pieces',
  },
  {
    title: 'Digital Clinical Thermometer',
    description: 'Accurate oral, underarm or rectal readings in about 60 seconds with a fever alarm.',
    category: 'first-aid', brand: 'CareWell', price: 6.99, salePrice: 5.49, totalStock: 65,
    activeIngredients: [], dosageForm: 'Device', packSize: '1 thermometer',
  },
  {
    title: 'Crepe Bandage 7.5cm',
    description: 'A reusable support bandage for sprains and strains.',
    category: 'first-aid', brand: 'MediPlast', price: 2.29, totalStock: 100,
    activeIngredients: [], dosageForm: 'Bandage', packSize: '4.5m bandage',
  },

  /* ---- eye and ear care ---- */
  {
    title: 'Dry Eye Drops Hyaluronic Acid',
    description: 'Long-lasting lubrication for dry, tired eyes. Preservative free and suitable with contact lenses.',
    category: 'eye-and-ear-care', brand: 'OptiCare', price: 8.99, salePrice: 7.49, totalStock: 80,
    activeIngredients: ['Sodium hyaluronate 0.2%'], dosageForm: 'Eye drops', packSize: '10ml bottle',
  },
  {
    title: 'Chloramphenicol 0.5% Eye Drops',
    description: 'Antibiotic eye drops for bacterial conjunctivitis in adults and children aged 2 and over.',
    category: 'eye-and-ear-care', brand: 'OptiCare', price: 4.99, totalStock: 45,
    activeIngredients: ['Chloramphenicol 0.5%'], allergens: ['chloramphenicol'], contraindications: ['bone marrow disorder'],
    dosageForm: 'Eye drops', packSize: '10ml bottle', minAge: 2,
  },
  {
    title: 'Olive Oil Ear Drops',
    description: 'Softens ear wax for easier removal. Natural olive oil with a dropper.',
    category: 'eye-and-ear-care', brand: 'CareWell', price: 2.49, totalStock: 130,
    activeIngredients: ['Olive oil'], dosageForm: 'Ear drops', packSize: '10ml bottle',
  },
  {
    title: 'Swimmer\'s Ear Spray',
    description: 'Treats and prevents outer ear infections from swimming. Acidifies the ear canal.',
    category: 'eye-and-ear-care', brand: 'OptiCare', price: 7.49, totalStock: 30,
    activeIngredients: ['Acetic acid 2%'], contraindications: ['perforated eardrum'], dosageForm: 'Ear spray', packSize: '5ml spray', minAge: 12,
  },
  {
    title: 'Foam Ear Plugs',
    description: 'Soft, comfortable ear plugs for sleep, travel and noise. Noise reduction 35dB.',
    category: 'eye-and-ear-care', brand: 'OptiCare', price: 3.49, totalStock: 150,
    activeIngredients: [], dosageForm: 'Ear plugs', packSize: '10 pairs',
  },
];

export const SEED_FEATURES = [
  { headline: 'WINTER WELLNESS', subline: 'COLD & FLU ESSENTIALS FOR THE WHOLE FAMILY', colour: '#0f766e' },
  { headline: 'UP TO 25% OFF', subline: 'VITAMINS & SUPPLEMENTS THIS MONTH', colour: '#c2410c' },
  { headline: 'HAYFEVER SEASON', subline: 'NON-DROWSY ALLERGY RELIEF', colour: '#6d28d9' },
  { headline: 'FREE DELIVERY', subline: 'ON ORDERS OVER 30 - ASK OUR PHARMACISTS', colour: '#1d4ed8' },
];
