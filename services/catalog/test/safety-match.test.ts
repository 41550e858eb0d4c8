/**
 * Matching a shopper's profile terms with a product through the knowledge table: each name path (synonym, brand,
 * class, excipient, everyday condition name, misspelling, accents, plurals, punctuation) in both directions.
 */
import type { SafetyWarning } from '@pharmacy/contracts';
import { productConcepts, resolve, unrecognisedTerms, warningsFor, type ProductFacts } from '../src/safety/match';

const facts = (activeIngredients: string[], allergens: string[] = [], contraindications: string[] = []): ProductFacts => ({ activeIngredients, allergens, contraindications });

const IBUPROFEN = facts(['Ibuprofen 200mg'], ['NSAIDs', 'lactose'], ['asthma', 'stomach ulcer', 'kidney disease', 'heart failure', 'pregnancy']);
const ASPIRIN = facts(['Acetylsalicylic acid 300mg'], ['salicylates', 'NSAIDs'], ['asthma', 'stomach ulcer', 'blood clotting disorder', 'pregnancy']);
const PARACETAMOL = facts(['Paracetamol 500mg'], [], ['liver disease']);
const INFANT_PARACETAMOL = facts(['Paracetamol 120mg/5ml'], ['parabens', 'sorbitol']);
const CO_CODAMOL = facts(['Codeine phosphate 30mg', 'Paracetamol 500mg'], [], ['liver disease', 'breathing problems', 'pregnancy']);
const PHOLCODINE = facts(['Pholcodine 5mg/5ml'], [], ['asthma', 'liver disease']);
const COLD_CAPSULES = facts(['Paracetamol 500mg', 'Phenylephrine hydrochloride 6.1mg', 'Caffeine 25mg'], ['gelatin']);
const CETIRIZINE = facts(['Cetirizine hydrochloride 10mg'], ['lactose'], ['kidney disease', 'epilepsy']);
const LORATADINE = facts(['Loratadine 10mg'], ['lactose'], ['liver disease']);
const CHLORPHENAMINE = facts(['Chlorphenamine maleate 4mg'], ['lactose']);
const LIDOCAINE_GEL = facts(['Lidocaine hydrochloride 0.33%', 'Cetylpyridinium chloride 0.1%']);
const NAPPY_CREAM = facts(['Zinc oxide 7.5%', 'Castor oil 50%'], ['arachis oil (peanut)', 'lanolin', 'beeswax']);
const FISH_OIL = facts(['Fish oil 1000mg (EPA 180mg, DHA 120mg)'], ['gelatin'], ['blood clotting disorder']);
const ADRENALINE = facts(['Adrenaline (epinephrine) 300mcg'], ['sulfites']);
const CLOTRIMAZOLE = facts(['Clotrimazole 1%']);
const HEARTBURN = facts(['Sodium alginate 500mg/10ml', 'Sodium bicarbonate 267mg/10ml', 'Calcium carbonate 160mg/10ml'], ['parabens'], ['kidney disease', 'high blood pressure']);
const PROBIOTIC = facts(['Lactobacillus acidophilus', 'Bifidobacterium lactis'], ['milk', 'soy']);

const allergy = (product: ProductFacts, ...allergies: string[]) => warningsFor(product, { allergies, healthConditions: [] });
const condition = (product: ProductFacts, ...healthConditions: string[]) => warningsFor(product, { allergies: [], healthConditions });
const messages = (ws: SafetyWarning[]) => ws.map((w) => w.message);

describe('the issue: an Aspirin allergy on "Aspirin 300mg Dispersible Tablets"', () => {
  it('warns, though the product names acetylsalicylic acid and lists "salicylates, NSAIDs", once and in plain words', () => {
    const ws = allergy(ASPIRIN, 'Aspirin');
    expect(ws).toEqual([
      {
        kind: 'allergy',
        productTerm: 'Acetylsalicylic acid',
        profileTerm: 'Aspirin',
        message: 'Contains acetylsalicylic acid (aspirin); you told us you are allergic to Aspirin.',
      },
    ]);
  });
});

describe('other names of an ingredient (INN, British and US names, abbreviations), both ways', () => {
  it.each([
    ['acetaminophen', PARACETAMOL, 'Contains paracetamol; you told us you are allergic to acetaminophen (another name for paracetamol).'],
    ['APAP', PARACETAMOL, 'Contains paracetamol; you told us you are allergic to APAP (another name for paracetamol).'],
    ['ASA', ASPIRIN, 'Contains acetylsalicylic acid (aspirin); you told us you are allergic to ASA (another name for aspirin).'],
    ['acetylsalicylic acid', ASPIRIN, 'Contains acetylsalicylic acid (aspirin); you told us you are allergic to acetylsalicylic acid (another name for aspirin).'],
    ['epinephrine', ADRENALINE, 'Contains adrenaline; you told us you are allergic to epinephrine (another name for adrenaline).'],
    ['chlorpheniramine', CHLORPHENAMINE, 'Contains chlorphenamine maleate; you told us you are allergic to chlorpheniramine (another name for chlorphenamine).'],
    ['lignocaine', LIDOCAINE_GEL, 'Contains lidocaine hydrochloride; you told us you are allergic to lignocaine (another name for lidocaine).'],
  ])('an allergy to %s warns on the product that names it otherwise', (term, product, message) => {
    expect(messages(allergy(product, term))).toEqual([message]);
  });

  it('works the other way: a product naming the US name warns an allergy written with the British one', () => {
    expect(messages(allergy(facts(['Acetaminophen 325mg']), 'Paracetamol'))).toEqual(['Contains acetaminophen (paracetamol); you told us you are allergic to Paracetamol.']);
    expect(messages(allergy(facts(['Epinephrine 0.3mg']), 'adrenaline'))).toEqual(['Contains epinephrine (adrenaline); you told us you are allergic to adrenaline.']);
    expect(allergy(facts(['Acyclovir 5% cream']), 'aciclovir')).toHaveLength(1);
    expect(allergy(facts(['Aciclovir 5% cream']), 'acyclovir')).toHaveLength(1);
  });
});

describe('brands', () => {
  it('an allergy to a brand warns on every product with its ingredient, saying which brand', () => {
    expect(allergy(IBUPROFEN, 'Nurofen')).toEqual([
      expect.objectContaining({ via: 'the brand Nurofen', message: 'Contains ibuprofen; you told us you are allergic to Nurofen (a brand of ibuprofen).' }),
    ]);
    for (const brand of ['Advil', 'Brufen']) expect(allergy(IBUPROFEN, brand)).toHaveLength(1);
    for (const brand of ['Calpol', 'Panadol', 'Tylenol']) expect(allergy(PARACETAMOL, brand)).toHaveLength(1);
    expect(allergy(CETIRIZINE, 'Zirtek')).toHaveLength(1);
    expect(allergy(LORATADINE, 'Clarityn')).toHaveLength(1);
    expect(allergy(CHLORPHENAMINE, 'Piriton')).toHaveLength(1);
    expect(allergy(CLOTRIMAZOLE, 'Canesten')).toHaveLength(1);
    expect(allergy(facts(['Diclofenac 1.16%']), 'Voltarol')).toHaveLength(1);
  });

  it('a brand in the product warns an allergy to the ingredient', () => {
    expect(messages(allergy(facts(['Nurofen']), 'ibuprofen'))).toEqual(['Contains nurofen (ibuprofen); you told us you are allergic to ibuprofen.']);
  });

  it('a combination brand warns on each of its ingredients (Solpadeine is codeine and paracetamol; Lemsip, Night Nurse)', () => {
    expect(allergy(PARACETAMOL, 'Solpadeine')).toEqual([expect.objectContaining({ message: 'Contains paracetamol; you told us you are allergic to Solpadeine (which contains paracetamol).' })]);
    expect(allergy(CO_CODAMOL, 'co-codamol').map((w) => w.productTerm)).toEqual(['Codeine phosphate', 'Paracetamol']);
    expect(allergy(COLD_CAPSULES, 'Lemsip').map((w) => w.productTerm)).toEqual(['Paracetamol', 'Phenylephrine hydrochloride']);
    expect(allergy(facts(['Promethazine hydrochloride 20mg/20ml']), 'Night Nurse')).toHaveLength(1);
  });
});

describe('classes', () => {
  it('an allergy to a class warns on every member, naming the class', () => {
    expect(messages(allergy(IBUPROFEN, 'NSAIDs'))).toEqual(['Contains ibuprofen, an NSAID; you told us you are allergic to NSAIDs.']);
    expect(messages(allergy(ASPIRIN, 'NSAIDs'))).toEqual(['Contains acetylsalicylic acid (aspirin), an NSAID; you told us you are allergic to NSAIDs.']);
    expect(allergy(ASPIRIN, 'salicylates')).toHaveLength(1);
    expect(allergy(facts(['Naproxen 250mg']), 'NSAID')).toHaveLength(1);
    expect(messages(allergy(CO_CODAMOL, 'opioids'))).toEqual(['Contains codeine phosphate, an opioid; you told us you are allergic to opioids.']);
    expect(allergy(PHOLCODINE, 'opiates')).toHaveLength(1);
    for (const p of [CETIRIZINE, LORATADINE, CHLORPHENAMINE]) expect(allergy(p, 'antihistamines')).toHaveLength(1);
    expect(allergy(CHLORPHENAMINE, 'sedating antihistamines')).toHaveLength(1);
    expect(allergy(CETIRIZINE, 'sedating antihistamines')).toEqual([]);
    expect(allergy(CETIRIZINE, 'non-drowsy antihistamines')).toHaveLength(1);
    expect(messages(allergy(LIDOCAINE_GEL, 'local anaesthetics'))).toEqual(['Contains lidocaine hydrochloride, a local anaesthetic; you told us you are allergic to local anaesthetics.']);
    expect(allergy(LIDOCAINE_GEL, 'amide local anaesthetics')).toHaveLength(1);
    expect(allergy(facts(['Hydrocortisone 1% w/w']), 'corticosteroids')).toHaveLength(1);
    expect(allergy(facts(['Xylometazoline hydrochloride 0.1%']), 'decongestants')).toHaveLength(1);
    expect(allergy(CLOTRIMAZOLE, 'azole antifungals')).toHaveLength(1);
    expect(allergy(facts(['Omeprazole 20mg']), 'PPIs')).toHaveLength(1);
    expect(allergy(facts(['Amoxicillin 500mg']), 'Penicillin')).toHaveLength(1);
    expect(allergy(facts(['Sulfamethoxazole 400mg']), 'sulfa drugs')).toHaveLength(1);
  });

  it('the other way: a class on the label warns an allergy to a member when the class cross-reacts (NSAIDs, penicillins)', () => {
    // An ibuprofen allergy is an NSAID allergy (BNF): aspirin warns, through its ingredient, once.
    expect(allergy(ASPIRIN, 'ibuprofen')).toEqual([
      expect.objectContaining({
        via: 'an NSAID, like ibuprofen',
        message: 'Contains acetylsalicylic acid (aspirin), an NSAID like ibuprofen; you told us you are allergic to ibuprofen, and people allergic to one NSAID often react to others.',
      }),
    ]);
    // A label that only says "NSAIDs" (an ingredient the table does not know) still warns.
    expect(messages(allergy(facts(['Compound X 5mg'], ['NSAIDs']), 'Nurofen'))).toEqual([
      'Contains NSAIDs; you told us you are allergic to Nurofen (a brand of ibuprofen), and people allergic to one NSAID often react to others.',
    ]);
    expect(allergy(facts(['Flucloxacillin 250mg']), 'amoxicillin')).toHaveLength(1);
  });

  it('a member does not stand for a class that does not cross-react: a cetirizine allergy leaves loratadine alone', () => {
    expect(allergy(LORATADINE, 'cetirizine')).toEqual([]);
    expect(allergy(CLOTRIMAZOLE, 'ketoconazole')).toEqual([]);
    expect(allergy(PARACETAMOL, 'NSAIDs')).toEqual([]);
    expect(allergy(IBUPROFEN, 'paracetamol')).toEqual([]);
  });
});

describe('excipients and what ingredients carry', () => {
  it('each excipient by its names, both ways', () => {
    expect(messages(allergy(IBUPROFEN, 'lactose'))).toEqual(['Contains lactose; you told us you are allergic to lactose.']);
    expect(messages(allergy(NAPPY_CREAM, 'wool fat'))).toEqual(['Contains lanolin; you told us you are allergic to wool fat (another name for lanolin).']);
    expect(messages(allergy(NAPPY_CREAM, 'peanuts'))).toEqual(['Contains arachis oil (peanut); you told us you are allergic to peanuts.']);
    expect(allergy(NAPPY_CREAM, 'groundnut oil')).toHaveLength(1);
    expect(allergy(INFANT_PARACETAMOL, 'methylparaben')).toHaveLength(1);
    expect(allergy(INFANT_PARACETAMOL, 'E420')).toHaveLength(1);
    expect(allergy(COLD_CAPSULES, 'gelatine')).toHaveLength(1);
    expect(allergy(PROBIOTIC, 'soya')).toHaveLength(1);
    expect(allergy(facts(['Glucose'], ['wheat starch']), 'gluten')).toHaveLength(1);
    expect(allergy(facts(['Glucose'], ['gluten']), 'wheat')).toHaveLength(1);
    expect(allergy(facts(['Glucose'], ['sucrose']), 'sugar')).toHaveLength(1);
    expect(allergy(facts(['Castor oil'], ['Adeps lanae']), 'Lanolin')).toHaveLength(1);
  });

  it('an ingredient made from an allergen warns on it (fish oil: fish), and lactose warns a milk allergy', () => {
    expect(messages(allergy(FISH_OIL, 'fish'))).toEqual(['Contains fish oil, which comes from fish; you told us you are allergic to fish.']);
    expect(messages(allergy(IBUPROFEN, 'milk'))).toEqual(['Contains lactose, which comes from milk; you told us you are allergic to milk.']);
    expect(messages(allergy(PROBIOTIC, 'lactose'))).toEqual(['Contains milk; you told us you are allergic to lactose, which comes from milk.']);
  });
});

describe('conditions by their everyday and clinical names', () => {
  it.each([
    ['High blood pressure', HEARTBURN],
    ['hypertension', HEARTBURN],
    ['HBP', HEARTBURN],
    ['stomach ulcer', IBUPROFEN],
    ['peptic ulcer', IBUPROFEN],
    ['gastric ulcer', IBUPROFEN],
    ['kidney disease', IBUPROFEN],
    ['renal impairment', IBUPROFEN],
    ['pregnant', IBUPROFEN],
    ['asthma', ASPIRIN],
    ['liver disease', PARACETAMOL],
    ['hepatic impairment', PARACETAMOL],
    ['cirrhosis', PARACETAMOL],
    ['haemophilia', ASPIRIN],
  ])('"%s" in the profile warns', (term, product) => {
    expect(condition(product, term).length).toBeGreaterThanOrEqual(1);
  });

  it('says the condition in everyday and clinical words, and how the profile wrote it', () => {
    expect(messages(condition(HEARTBURN, 'High blood pressure'))).toContain('Not advised with high blood pressure (hypertension), which is in your health profile.');
    expect(messages(condition(IBUPROFEN, 'gastric ulcer'))).toEqual(['Not advised with stomach ulcer (peptic ulcer), which is in your health profile as "gastric ulcer".']);
    expect(messages(condition(IBUPROFEN, 'heart disease'))).toEqual([
      'Not advised with heart failure (cardiac failure), a kind of heart disease, which is in your health profile.',
      'Not advised with heart disease (cardiovascular disease), which is in your health profile. It contains ibuprofen.',
    ]);
    expect(messages(condition(CO_CODAMOL, 'asthma'))).toEqual(['Not advised with breathing problems (respiratory disease); your health profile lists asthma, which is one of these.']);
  });

  it('adds the conditions the table gives for its ingredients, saying which ingredient (pseudoephedrine-free cold capsules and glaucoma)', () => {
    // The label lists no contraindications; phenylephrine is not advised with glaucoma or high blood pressure.
    expect(messages(condition(COLD_CAPSULES, 'glaucoma'))).toEqual(['Not advised with glaucoma, which is in your health profile. It contains phenylephrine hydrochloride.']);
    expect(condition(COLD_CAPSULES, 'high blood pressure')).toEqual([
      expect.objectContaining({ kind: 'condition', productTerm: 'high blood pressure', profileTerm: 'high blood pressure', via: 'contains phenylephrine hydrochloride' }),
    ]);
    expect(condition(CHLORPHENAMINE, 'enlarged prostate')).toHaveLength(1);
    expect(condition(facts(['Loperamide hydrochloride 2mg']), "Crohn's disease")).toHaveLength(1);
    expect(condition(PARACETAMOL, 'diabetes')).toEqual([]);
  });
});

describe('reading what people type', () => {
  it.each([
    ['ibuprofin', 'ingredient:ibuprofen'],
    ['paracetemol', 'ingredient:paracetamol'],
    ['asprin', 'ingredient:aspirin'],
    ['nurophen', 'ingredient:ibuprofen'],
    ['antihistimine', 'class:antihistamines'],
    ['penicilin', 'class:penicillins'],
  ])('knows the misspelling "%s"', (term, key) => {
    expect(resolve(term, 'allergy')).toMatchObject({ concepts: [key], recognised: true });
  });

  it('ignores case, accents, plurals, punctuation, hyphens and spaces, and words like "allergic to"', () => {
    for (const term of ['IBUPROFEN', 'Ibuprofène', 'ibuprofens', 'ibuprofen.', ' ibuprofen ', 'Ibuprofen 400mg', 'allergic to ibuprofen', 'ibuprofen allergy']) {
      expect([term, resolve(term, 'allergy').concepts, resolve(term, 'allergy').recognised]).toEqual([term, ['ingredient:ibuprofen'], true]);
    }
    for (const term of ['co-codamol', 'Co Codamol', 'cocodamol']) expect(resolve(term, 'allergy').concepts).toEqual(['ingredient:codeine', 'ingredient:paracetamol']);
    expect(resolve('N.S.A.I.D.s', 'allergy').concepts).toEqual(['class:nsaids']);
    expect(resolve('non steroidal anti inflammatories', 'allergy').concepts).toEqual(['class:nsaids']);
    expect(resolve('Stomach Ulcers', 'condition').concepts).toEqual(['condition:pepticUlcer']);
  });

  it('reads a long term one letter off a table name as that name, warns with it, and flags it', () => {
    const r = resolve('ibuprofan', 'allergy');
    expect(r).toMatchObject({ concepts: ['ingredient:ibuprofen'], reading: 'guess', recognised: false });
    expect(messages(allergy(IBUPROFEN, 'ibuprofan'))).toEqual(['Contains ibuprofen; you told us you are allergic to ibuprofan (read as ibuprofen).']);
    expect(unrecognisedTerms({ allergies: ['ibuprofan'], healthConditions: [] })).toEqual(['ibuprofan']);
    // Short terms are never guessed: "aspen" is not "aspirin", "asthme" is read as asthma.
    expect(resolve('codin', 'allergy').concepts).toEqual([]);
    expect(resolve('asthme', 'condition').concepts).toEqual(['condition:asthma']);
  });

  it('finds several table names in one entry ("penicillin and sulfa drugs")', () => {
    expect(resolve('penicillin and sulfa drugs', 'allergy').concepts.sort()).toEqual(['class:penicillins', 'class:sulfonamides']);
    expect(allergy(facts(['Amoxicillin 500mg']), 'penicillin and sulfa drugs')).toHaveLength(1);
  });
});

describe('the same paths from the product side', () => {
  it('reads a misspelt, accented, plural or punctuated product text, and a clinical contraindication against an everyday profile name', () => {
    expect(allergy(facts(['Ibuprofin 200mg']), 'ibuprofen')).toHaveLength(1);
    expect(allergy(facts(['Ibuprofène 200 mg']), 'Ibuprofen')).toHaveLength(1);
    expect(allergy(facts(['Glucose'], ['Parabens.']), 'paraben')).toHaveLength(1);
    expect(allergy(facts(['CO-CODAMOL 8/500mg']), 'codeine')).toHaveLength(1);
    expect(messages(condition(facts(['Glucose'], [], ['hypertension']), 'high blood pressure'))).toEqual([
      'Not advised with high blood pressure (hypertension), which is in your health profile.',
    ]);
    expect(condition(facts(['Glucose'], [], ['renal impairment']), 'kidney problems')).toHaveLength(1);
    expect(condition(facts(['Glucose'], [], ['peptic ulcers']), 'stomach ulcer')).toHaveLength(1);
  });
});

describe('terms the table does not know', () => {
  it('are still matched as text (a shared word of 3+ letters either way), and reported as unrecognised', () => {
    const product = facts(['Zinc oxide 7.5%'], ['coconut oil']);
    expect(allergy(product, 'coconut')).toEqual([
      { kind: 'allergy', productTerm: 'coconut oil', profileTerm: 'coconut', via: 'the names match', message: 'Contains coconut oil; you told us you are allergic to coconut.' },
    ]);
    expect(messages(condition(facts(['Glucose'], [], ['recent surgery']), 'surgery'))).toEqual(['Not advised with recent surgery; your health profile lists surgery.']);
    expect(unrecognisedTerms({ allergies: ['coconut', 'NSAIDs'], healthConditions: ['surgery', 'asthma'] })).toEqual(['coconut', 'surgery']);
    expect(allergy(IBUPROFEN, 'strawberries')).toEqual([]);
  });

  it('a product text the table does not know is compared with the shopper\'s words and the table\'s names for them', () => {
    expect(allergy(facts(['Peanut flour']), 'arachis oil')).toHaveLength(1);
  });
});

describe('one warning per product concept and profile term', () => {
  it('an aspirin product warns an NSAID allergy once, and each profile term separately', () => {
    expect(allergy(ASPIRIN, 'NSAIDs')).toHaveLength(1);
    expect(allergy(ASPIRIN, 'NSAIDs', 'salicylates', 'Aspirin').map((w) => w.profileTerm)).toEqual(['NSAIDs', 'salicylates', 'Aspirin']);
    const migraine = facts(['Paracetamol 250mg', 'Acetylsalicylic acid 250mg', 'Caffeine 65mg'], ['salicylates', 'NSAIDs']);
    expect(allergy(migraine, 'Anadin').map((w) => w.productTerm)).toEqual(['Paracetamol', 'Acetylsalicylic acid', 'Caffeine']);
  });
});

describe('what a product holds, worked out once per text', () => {
  it('is shared by every copy of a product with the same texts, and worked out anew when a text changes', () => {
    const facts = { activeIngredients: ['Ibuprofen 200mg'], allergens: [], contraindications: ['Asthma'] };
    const first = productConcepts(facts);
    // A new object with the same texts (the read model's answer after a stock change) reads the same.
    expect(productConcepts({ ...facts, activeIngredients: [...facts.activeIngredients] })).toBe(first);
    const edited = productConcepts({ ...facts, activeIngredients: ['Aspirin 300mg'] });
    expect(edited).not.toBe(first);
    expect(edited.allergy.map((i) => i.productTerm)).not.toEqual(first.allergy.map((i) => i.productTerm));
    // Texts are kept apart: an ingredient is never read as a contraindication.
    expect(productConcepts({ activeIngredients: [], allergens: [], contraindications: ['Ibuprofen 200mg', 'Asthma'] })).not.toBe(first);
  });
});
