/**
 * The catalog's medicine knowledge table (docs/domain.md#safety): curated data, read by match.ts, never code paths.
 * Every active ingredient of the seeded catalog and of the benchmark generator is here (test/safety-table.test.ts
 * walks both lists), with its other names, brands, classes, the allergens it carries and the conditions it is not
 * advised with. Raise TABLE_VERSION with every change: the answer names it, so a warning can be traced to the table
 * that gave it.
 *
 * Names are written as people write them; matching ignores case, accents, plurals, punctuation and spaces, so
 * "Co-codamol", "co codamol" and "cocodamol" are one name. `misspellings` are names a shopper types by mistake: they
 * count as the name, but suggestions say which name they were read as.
 */

export const TABLE_VERSION = '2026-11-27.1';

interface Named {
  id: string;
  /** The name shown and stored in a profile. */
  name: string;
  /** Other names: INN, British and US names, chemical names, abbreviations, salts people write. */
  names?: string[];
  misspellings?: string[];
}

/** A drug or allergen class. Classes nest through `parents` ("NSAIDs" are "painkillers"). */
export interface ClassEntry extends Named {
  /** The class said of one member: "an NSAID". */
  member: string;
  parents?: string[];
  /**
   * People allergic to one member are treated as allergic to every member (the British National Formulary's advice
   * for NSAIDs, penicillins, opioids, salicylates and sulfonamide antibiotics). Without it, an allergy to one member
   * only matches that member (amide local anaesthetics, antihistamines, azoles rarely cross-react).
   */
  crossReactive?: boolean;
}

export interface IngredientEntry extends Named {
  brands?: string[];
  classes?: string[];
  /** Allergens the ingredient itself carries (fish oil: fish; glucosamine is made from shellfish). */
  allergens?: string[];
  /** Conditions the ingredient is not advised with (cautions and contraindications a pharmacist would ask about). */
  conditions?: string[];
}

/** An excipient or other substance people report reacting to (lactose, peanut, latex). */
export interface ExcipientEntry extends Named {
  /** Broader excipients or classes it belongs to (lactose is a milk product). */
  parents?: string[];
}

export interface ConditionEntry extends Named {
  /** The clinical name shown beside the everyday one: "High blood pressure (hypertension)". */
  clinical?: string;
  /** Broader conditions ("heart failure" is a heart disease): a warning for either is raised for both. */
  parents?: string[];
}

/** A combination or brand range naming several ingredients: an allergy to it is an allergy to each part. */
export interface CombinationEntry extends Named {
  brands?: string[];
  /** Ingredient ids, or `excipient:<id>` for an excipient part. */
  parts: string[];
}

// Conditions shared by medicines of one kind, written once.
const NSAID_CONDITIONS = ['asthma', 'pepticUlcer', 'kidney', 'heartFailure', 'heart', 'hypertension', 'pregnancy', 'bleeding', 'ibd', 'liver'];
const DECONGESTANT_CONDITIONS = ['hypertension', 'heart', 'thyroid', 'glaucoma', 'prostate', 'diabetes'];
const SEDATING_ANTIHISTAMINE_CONDITIONS = ['glaucoma', 'prostate', 'epilepsy', 'liver'];
const OPIOID_CONDITIONS = ['breathing', 'liver', 'kidney', 'pregnancy', 'breastfeeding'];

export const CLASSES: ClassEntry[] = [
  { id: 'analgesics', name: 'Painkillers', member: 'a painkiller', names: ['analgesics', 'analgesic', 'pain relievers', 'pain killer', 'pain relief medicines'] },
  {
    id: 'nsaids',
    name: 'NSAIDs',
    member: 'an NSAID',
    names: ['NSAID', 'non-steroidal anti-inflammatory drugs', 'non-steroidal anti-inflammatories', 'nonsteroidal anti-inflammatory', 'anti-inflammatory painkillers', 'anti-inflammatories'],
    misspellings: ['nsiads', 'nasids', 'nsaides', 'nsaid drugs'],
    parents: ['analgesics'],
    crossReactive: true,
  },
  { id: 'salicylates', name: 'Salicylates', member: 'a salicylate', names: ['salicylate'], misspellings: ['salicilates', 'salycilates', 'salicylats'], crossReactive: true },
  {
    id: 'opioids',
    name: 'Opioids',
    member: 'an opioid',
    names: ['opioid', 'opiates', 'opiate', 'opioid painkillers', 'narcotic painkillers'],
    misspellings: ['opiods', 'opoids'],
    parents: ['analgesics'],
    crossReactive: true,
  },
  {
    id: 'antihistamines',
    name: 'Antihistamines',
    member: 'an antihistamine',
    names: ['antihistamine', 'H1 antihistamines', 'allergy medicines'],
    misspellings: ['antihistimine', 'antihistimines', 'antihistamene', 'antihistamin', 'antihistermine'],
  },
  {
    id: 'sedatingAntihistamines',
    name: 'Sedating antihistamines',
    member: 'a sedating antihistamine',
    names: ['drowsy antihistamines', 'first-generation antihistamines', 'sedative antihistamines'],
    parents: ['antihistamines'],
  },
  {
    id: 'nonSedatingAntihistamines',
    name: 'Non-sedating antihistamines',
    member: 'a non-sedating antihistamine',
    names: ['non-drowsy antihistamines', 'second-generation antihistamines'],
    parents: ['antihistamines'],
  },
  { id: 'antibiotics', name: 'Antibiotics', member: 'an antibiotic', names: ['antibiotic', 'antibacterials'], misspellings: ['anitbiotics', 'antibiotcs'] },
  {
    id: 'penicillins',
    name: 'Penicillins',
    member: 'a penicillin',
    names: ['penicillin', 'penicillin antibiotics'],
    misspellings: ['penicilin', 'pennicillin', 'penecillin', 'pencillin', 'penicillen'],
    parents: ['antibiotics'],
    crossReactive: true,
  },
  {
    id: 'sulfonamides',
    name: 'Sulfonamides',
    member: 'a sulfonamide',
    names: ['sulphonamides', 'sulfa drugs', 'sulpha drugs', 'sulfa', 'sulpha', 'sulfonamide antibiotics'],
    misspellings: ['sulfonomides', 'sulphonomides'],
    parents: ['antibiotics'],
    crossReactive: true,
  },
  { id: 'localAnaesthetics', name: 'Local anaesthetics', member: 'a local anaesthetic', names: ['local anesthetics', 'numbing medicines'], misspellings: ['local anastetics', 'local anaesthetic cream'] },
  {
    id: 'amideLocalAnaesthetics',
    name: 'Amide local anaesthetics',
    member: 'an amide local anaesthetic',
    names: ['amide local anesthetics', 'amide-type local anaesthetics', 'amide anaesthetics'],
    parents: ['localAnaesthetics'],
  },
  {
    id: 'esterLocalAnaesthetics',
    name: 'Ester local anaesthetics',
    member: 'an ester local anaesthetic',
    names: ['ester local anesthetics', 'ester-type local anaesthetics'],
    parents: ['localAnaesthetics'],
    crossReactive: true,
  },
  {
    id: 'corticosteroids',
    name: 'Corticosteroids',
    member: 'a corticosteroid',
    names: ['corticosteroid', 'steroids', 'steroid creams', 'topical steroids'],
    misspellings: ['corticosteriods', 'steriods'],
  },
  { id: 'sympathomimetics', name: 'Sympathomimetics', member: 'a sympathomimetic', names: ['sympathomimetic', 'adrenergic agonists'] },
  {
    id: 'decongestants',
    name: 'Decongestants',
    member: 'a decongestant',
    names: ['decongestant', 'nasal decongestants', 'sympathomimetic decongestants'],
    misspellings: ['decongestents', 'decongestant spray'],
    parents: ['sympathomimetics'],
  },
  { id: 'antifungals', name: 'Antifungals', member: 'an antifungal', names: ['antifungal', 'anti-fungal medicines'] },
  {
    id: 'azoleAntifungals',
    name: 'Azole antifungals',
    member: 'an azole antifungal',
    names: ['azoles', 'imidazoles', 'imidazole antifungals'],
    parents: ['antifungals'],
  },
  { id: 'antivirals', name: 'Antivirals', member: 'an antiviral', names: ['antiviral'] },
  { id: 'ppis', name: 'Proton pump inhibitors', member: 'a proton pump inhibitor', names: ['PPI', 'PPIs', 'proton pump inhibitor'] },
  { id: 'antacids', name: 'Antacids', member: 'an antacid', names: ['antacid', 'indigestion remedies'] },
  { id: 'laxatives', name: 'Laxatives', member: 'a laxative', names: ['laxative'] },
  { id: 'antidiarrhoeals', name: 'Antidiarrhoeals', member: 'an antidiarrhoeal', names: ['antidiarrheals', 'diarrhoea medicines'] },
  { id: 'expectorants', name: 'Expectorants', member: 'an expectorant', names: ['expectorant', 'chesty cough medicines'] },
  { id: 'coughSuppressants', name: 'Cough suppressants', member: 'a cough suppressant', names: ['antitussives', 'antitussive', 'dry cough medicines'] },
  { id: 'vitamins', name: 'Vitamins', member: 'a vitamin', names: ['vitamin', 'multivitamins', 'multivitamin', 'vitamin supplements'] },
  { id: 'minerals', name: 'Minerals', member: 'a mineral', names: ['mineral supplements'] },
  { id: 'antiseptics', name: 'Antiseptics', member: 'an antiseptic', names: ['antiseptic', 'disinfectants'] },
  {
    id: 'quaternaryAmmonium',
    name: 'Quaternary ammonium compounds',
    member: 'a quaternary ammonium compound',
    names: ['quats', 'quaternary ammonium'],
  },
  { id: 'probiotics', name: 'Probiotics', member: 'a probiotic', names: ['probiotic', 'live bacteria', 'live cultures'] },
  { id: 'retinoids', name: 'Retinoids', member: 'a retinoid', names: ['retinoid'] },
  { id: 'xanthines', name: 'Xanthine stimulants', member: 'a stimulant', names: ['stimulants', 'methylxanthines', 'xanthines'] },
  { id: 'nicotineReplacement', name: 'Nicotine replacement therapy', member: 'a nicotine replacement', names: ['NRT', 'nicotine replacement'] },
  { id: 'emollients', name: 'Emollients', member: 'an emollient', names: ['moisturisers', 'moisturizers', 'emollient'] },
  { id: 'sunscreenFilters', name: 'Sunscreen filters', member: 'a sunscreen filter', names: ['UV filters', 'chemical sunscreens', 'sun filters'] },
  { id: 'mastCellStabilisers', name: 'Mast cell stabilisers', member: 'a mast cell stabiliser', names: ['mast cell stabilizers', 'cromones'] },
  { id: 'silicones', name: 'Silicones', member: 'a silicone', names: ['siloxanes', 'silicone'] },
  { id: 'electrolytes', name: 'Electrolytes', member: 'an electrolyte', names: ['rehydration salts', 'oral rehydration salts'] },
];

export const INGREDIENTS: IngredientEntry[] = [
  /* ---- pain relief ---- */
  {
    id: 'paracetamol',
    name: 'Paracetamol',
    names: ['acetaminophen', 'APAP', 'N-acetyl-p-aminophenol'],
    brands: ['Calpol', 'Panadol', 'Tylenol', 'Hedex', 'Disprol', 'Medinol'],
    misspellings: ['paracetemol', 'paracetomol', 'parecetamol', 'paracitamol', 'paracetmol', 'acetaminofen', 'acetominophen', 'acetaminophin'],
    classes: ['analgesics'],
    conditions: ['liver', 'alcohol'],
  },
  {
    id: 'ibuprofen',
    name: 'Ibuprofen',
    brands: ['Nurofen', 'Advil', 'Brufen', 'Motrin', 'Calprofen', 'Cuprofen', 'Feminax Express'],
    misspellings: ['ibuprofin', 'ibuprophen', 'ibroprofen', 'iboprofen', 'ibuprofene', 'ibruprofen', 'nurophen', 'neurofen', 'nurofin'],
    classes: ['nsaids'],
    conditions: NSAID_CONDITIONS,
  },
  {
    id: 'aspirin',
    name: 'Aspirin',
    names: ['acetylsalicylic acid', 'ASA', 'acetylsalicylate'],
    brands: ['Disprin', 'Aspro', 'Caprin', 'Bayer Aspirin'],
    misspellings: ['asprin', 'asprine', 'aspirine', 'acetylsalicilic acid', 'disprine'],
    classes: ['nsaids', 'salicylates'],
    conditions: ['asthma', 'pepticUlcer', 'bleeding', 'gout', 'pregnancy', 'breastfeeding', 'kidney', 'liver'],
  },
  {
    id: 'diclofenac',
    name: 'Diclofenac',
    names: ['diclofenac sodium', 'diclofenac diethylammonium'],
    brands: ['Voltarol', 'Voltaren', 'Cataflam'],
    misspellings: ['diclofenic', 'diclofenak', 'voltorol'],
    classes: ['nsaids'],
    conditions: NSAID_CONDITIONS,
  },
  {
    id: 'naproxen',
    name: 'Naproxen',
    brands: ['Feminax Ultra', 'Aleve', 'Naprosyn'],
    misspellings: ['naproxin', 'naprocen'],
    classes: ['nsaids'],
    conditions: NSAID_CONDITIONS,
  },
  { id: 'methylSalicylate', name: 'Methyl salicylate', names: ['oil of wintergreen', 'wintergreen oil'], brands: ['Deep Heat'], classes: ['salicylates'], conditions: ['asthma'] },
  { id: 'salicylicAcid', name: 'Salicylic acid', brands: ['Bazuka', 'Compound W'], classes: ['salicylates'], conditions: ['diabetes'] },
  {
    id: 'codeine',
    name: 'Codeine',
    names: ['codeine phosphate', 'methylmorphine'],
    misspellings: ['codein', 'codiene', 'codine'],
    classes: ['opioids'],
    conditions: OPIOID_CONDITIONS,
  },
  { id: 'dihydrocodeine', name: 'Dihydrocodeine', names: ['DHC'], brands: ['DF118'], classes: ['opioids'], conditions: OPIOID_CONDITIONS },
  {
    id: 'pholcodine',
    name: 'Pholcodine',
    brands: ['Galenphol', 'Pavacol-D'],
    misspellings: ['pholcodeine', 'pholcodene', 'folcodine'],
    classes: ['opioids', 'coughSuppressants'],
    conditions: ['breathing', 'liver'],
  },
  {
    id: 'caffeine',
    name: 'Caffeine',
    names: ['caffeine citrate', 'anhydrous caffeine'],
    brands: ['Pro Plus'],
    misspellings: ['caffiene', 'cafeine', 'caffine'],
    classes: ['xanthines'],
    conditions: ['heart'],
  },

  /* ---- cold, flu and cough ---- */
  {
    id: 'phenylephrine',
    name: 'Phenylephrine',
    names: ['phenylephrine hydrochloride'],
    misspellings: ['phenylepherine', 'phenylephedrine', 'phenylefrine', 'phenylephrin'],
    classes: ['decongestants'],
    conditions: DECONGESTANT_CONDITIONS,
  },
  {
    id: 'pseudoephedrine',
    name: 'Pseudoephedrine',
    names: ['pseudoephedrine hydrochloride'],
    brands: ['Sudafed Decongestant', 'Galpseud'],
    misspellings: ['psuedoephedrine', 'pseudoephedrin', 'pseudoefedrine'],
    classes: ['decongestants'],
    conditions: DECONGESTANT_CONDITIONS,
  },
  {
    id: 'ephedrine',
    name: 'Ephedrine',
    names: ['ephedrine hydrochloride', 'ephedrine sulphate'],
    misspellings: ['ephedrin', 'efedrine'],
    classes: ['decongestants'],
    conditions: DECONGESTANT_CONDITIONS,
  },
  {
    id: 'xylometazoline',
    name: 'Xylometazoline',
    names: ['xylometazoline hydrochloride'],
    brands: ['Otrivine', 'Otrivin', 'Sudafed Blocked Nose Spray'],
    misspellings: ['xylometazolin', 'xylomethazoline', 'xylometazoleine'],
    classes: ['decongestants'],
    conditions: ['glaucoma', 'hypertension', 'heart', 'thyroid'],
  },
  {
    id: 'oxymetazoline',
    name: 'Oxymetazoline',
    names: ['oxymetazoline hydrochloride'],
    brands: ['Vicks Sinex', 'Afrin'],
    classes: ['decongestants'],
    conditions: ['glaucoma', 'hypertension', 'heart', 'thyroid'],
  },
  {
    id: 'guaifenesin',
    name: 'Guaifenesin',
    names: ['guaiphenesin', 'glyceryl guaiacolate'],
    brands: ['Robitussin Chesty Cough', 'Benylin Chesty Coughs'],
    misspellings: ['guafenesin', 'guaifenisin', 'guaifenesine'],
    classes: ['expectorants'],
  },
  {
    id: 'dextromethorphan',
    name: 'Dextromethorphan',
    names: ['dextromethorphan hydrobromide', 'DXM'],
    brands: ['Robitussin Dry Cough', 'Benylin Dry Coughs', 'Delsym'],
    misspellings: ['dextromethorphane', 'dextromethorphen', 'dextromethorfan'],
    classes: ['coughSuppressants'],
    conditions: ['liver', 'breathing'],
  },
  {
    id: 'amylmetacresol',
    name: 'Amylmetacresol',
    names: ['AMC'],
    misspellings: ['amylmetacresole', 'amylmethacresol'],
    classes: ['antiseptics'],
  },
  {
    id: 'dichlorobenzylAlcohol',
    name: 'Dichlorobenzyl alcohol',
    names: ['2,4-dichlorobenzyl alcohol', 'DCBA'],
    classes: ['antiseptics'],
  },
  { id: 'levomenthol', name: 'Menthol', names: ['levomenthol', 'l-menthol', 'racementhol'], misspellings: ['methol', 'menthal'] },
  { id: 'camphor', name: 'Camphor', names: ['racemic camphor', 'synthetic camphor'], conditions: ['epilepsy'] },
  { id: 'eucalyptusOil', name: 'Eucalyptus oil', names: ['eucalyptus', 'eucalyptol', 'cineole'], conditions: ['asthma'] },

  /* ---- allergy ---- */
  {
    id: 'promethazine',
    name: 'Promethazine',
    names: ['promethazine hydrochloride', 'promethazine teoclate'],
    brands: ['Phenergan', 'Sominex', 'Avomine'],
    misspellings: ['promethazin', 'promethazene', 'promethazide'],
    classes: ['sedatingAntihistamines'],
    conditions: SEDATING_ANTIHISTAMINE_CONDITIONS,
  },
  {
    id: 'chlorphenamine',
    name: 'Chlorphenamine',
    names: ['chlorpheniramine', 'chlorphenamine maleate', 'chlorpheniramine maleate'],
    brands: ['Piriton', 'Chlor-Trimeton', 'Allerief', 'Hayleve'],
    misspellings: ['chlorphenamin', 'chlorpheniramin', 'chlorphenimine', 'chlorphenamene', 'piriten'],
    classes: ['sedatingAntihistamines'],
    conditions: SEDATING_ANTIHISTAMINE_CONDITIONS,
  },
  {
    id: 'diphenhydramine',
    name: 'Diphenhydramine',
    names: ['diphenhydramine hydrochloride'],
    brands: ['Nytol', 'Sleepeaze'],
    misspellings: ['diphenhydramin', 'diphenydramine', 'diphenhydromine'],
    classes: ['sedatingAntihistamines'],
    conditions: SEDATING_ANTIHISTAMINE_CONDITIONS,
  },
  {
    id: 'cetirizine',
    name: 'Cetirizine',
    names: ['cetirizine hydrochloride', 'cetirizine dihydrochloride'],
    brands: ['Zirtek', 'Piriteze', 'Zyrtec'],
    misspellings: ['cetirizene', 'cetrizine', 'citirizine', 'cetirazine', 'zirtec'],
    classes: ['nonSedatingAntihistamines'],
    conditions: ['kidney', 'epilepsy'],
  },
  {
    id: 'loratadine',
    name: 'Loratadine',
    brands: ['Clarityn', 'Claritin'],
    misspellings: ['loratidine', 'loratadin', 'loratodine', 'claratyn'],
    classes: ['nonSedatingAntihistamines'],
    conditions: ['liver'],
  },
  {
    id: 'fexofenadine',
    name: 'Fexofenadine',
    names: ['fexofenadine hydrochloride'],
    brands: ['Allegra', 'Telfast'],
    misspellings: ['fexofenadin', 'fexofenidine', 'fexofendine'],
    classes: ['nonSedatingAntihistamines'],
  },
  { id: 'acrivastine', name: 'Acrivastine', brands: ['Benadryl Allergy Relief'], classes: ['nonSedatingAntihistamines'], conditions: ['kidney'] },
  {
    id: 'beclometasone',
    name: 'Beclometasone',
    names: ['beclomethasone', 'beclometasone dipropionate', 'beclomethasone dipropionate'],
    brands: ['Beconase', 'Clenil', 'Qvar'],
    misspellings: ['beclamethasone', 'beclometasome'],
    classes: ['corticosteroids'],
    conditions: ['tb'],
  },
  {
    id: 'cromoglicate',
    name: 'Sodium cromoglicate',
    names: ['sodium cromoglycate', 'cromoglicate', 'cromoglycate', 'cromolyn', 'cromolyn sodium', 'cromoglicic acid'],
    brands: ['Opticrom', 'Optrex Allergy', 'Nasalcrom'],
    classes: ['mastCellStabilisers'],
  },
  {
    // Used in anaphylaxis, where nothing outweighs it: no condition warnings.
    id: 'adrenaline',
    name: 'Adrenaline',
    names: ['epinephrine', 'adrenalin', 'adrenaline tartrate'],
    brands: ['EpiPen', 'Jext', 'Emerade', 'Anapen'],
    misspellings: ['epinephrin', 'epinepherine', 'adrenaline pen'],
    classes: ['sympathomimetics'],
  },

  /* ---- vitamins and supplements ---- */
  {
    id: 'vitaminD',
    name: 'Vitamin D',
    names: ['colecalciferol', 'cholecalciferol', 'vitamin D3', 'vitamin D2', 'ergocalciferol', 'calciferol'],
    misspellings: ['cholecalciferal', 'colecalciferal'],
    classes: ['vitamins'],
    conditions: ['hypercalcaemia', 'kidneyStones'],
  },
  {
    id: 'vitaminC',
    name: 'Vitamin C',
    names: ['ascorbic acid', 'ascorbate', 'sodium ascorbate', 'calcium ascorbate'],
    brands: ['Redoxon'],
    misspellings: ['ascorbic asid', 'absorbic acid'],
    classes: ['vitamins'],
    conditions: ['kidneyStones', 'haemochromatosis'],
  },
  // Retinol in supplements can harm an unborn baby at high doses, so pregnancy is asked about.
  { id: 'vitaminA', name: 'Vitamin A', names: ['retinol', 'retinyl palmitate', 'retinyl acetate'], classes: ['vitamins'], conditions: ['pregnancy'] },
  {
    id: 'vitaminB',
    name: 'B vitamins',
    names: ['vitamin B complex', 'thiamine', 'vitamin B1', 'riboflavin', 'vitamin B2', 'niacin', 'nicotinamide', 'vitamin B3', 'pyridoxine', 'vitamin B6', 'cyanocobalamin', 'vitamin B12', 'biotin'],
    classes: ['vitamins'],
  },
  { id: 'vitaminE', name: 'Vitamin E', names: ['tocopherol', 'alpha-tocopherol', 'tocopheryl acetate', 'dl-alpha tocopheryl acetate'], classes: ['vitamins'] },
  { id: 'folicAcid', name: 'Folic acid', names: ['folate', 'vitamin B9', 'methylfolate', 'folacin'], misspellings: ['follic acid'], classes: ['vitamins'] },
  { id: 'zinc', name: 'Zinc', names: ['zinc gluconate', 'zinc sulphate', 'zinc sulfate', 'zinc citrate', 'zinc picolinate'], classes: ['minerals'] },
  {
    id: 'iron',
    name: 'Iron',
    names: ['ferrous sulphate', 'ferrous sulfate', 'ferrous fumarate', 'ferrous gluconate', 'ferrous bisglycinate', 'iron bisglycinate', 'ferric iron'],
    brands: ['Feroglobin', 'Spatone'],
    classes: ['minerals'],
    conditions: ['haemochromatosis'],
  },
  { id: 'iodine', name: 'Iodine', names: ['potassium iodide', 'iodide'], classes: ['minerals'], conditions: ['thyroid'] },
  { id: 'magnesium', name: 'Magnesium', names: ['magnesium citrate', 'magnesium oxide', 'magnesium glycinate'], classes: ['minerals'], conditions: ['kidney'] },
  {
    id: 'fishOil',
    name: 'Fish oil',
    names: ['omega-3', 'omega-3 fatty acids', 'omega-3 fish oil', 'EPA', 'DHA', 'eicosapentaenoic acid', 'docosahexaenoic acid', 'cod liver oil'],
    misspellings: ['omega three', 'omega3'],
    allergens: ['fish'],
    conditions: ['bleeding'],
  },
  {
    id: 'glucosamine',
    name: 'Glucosamine',
    names: ['glucosamine sulphate', 'glucosamine sulfate', 'glucosamine hydrochloride'],
    misspellings: ['glucosamin', 'glucosomine'],
    allergens: ['shellfish'],
    conditions: ['bleeding', 'diabetes'],
  },
  { id: 'chondroitin', name: 'Chondroitin', names: ['chondroitin sulphate', 'chondroitin sulfate'], conditions: ['bleeding'] },

  /* ---- digestive health ---- */
  {
    id: 'omeprazole',
    name: 'Omeprazole',
    brands: ['Losec', 'Prilosec', 'Pyrocalm'],
    misspellings: ['omeprazol', 'omeprezole', 'omeprazone', 'omaprazole'],
    classes: ['ppis'],
    conditions: ['liver'],
  },
  { id: 'lansoprazole', name: 'Lansoprazole', brands: ['Zoton'], classes: ['ppis'], conditions: ['liver'] },
  { id: 'esomeprazole', name: 'Esomeprazole', brands: ['Nexium'], classes: ['ppis'], conditions: ['liver'] },
  { id: 'sodiumAlginate', name: 'Sodium alginate', names: ['alginate', 'alginic acid'], brands: ['Peptac'], classes: ['antacids'] },
  {
    // The sodium load matters to people on a low-salt diet.
    id: 'sodiumBicarbonate',
    name: 'Sodium bicarbonate',
    names: ['bicarbonate of soda', 'baking soda', 'sodium hydrogen carbonate'],
    classes: ['antacids'],
    allergens: ['sodium'],
    conditions: ['hypertension', 'heartFailure', 'kidney'],
  },
  {
    id: 'calciumCarbonate',
    name: 'Calcium carbonate',
    names: ['calcium'],
    brands: ['Tums'],
    classes: ['antacids'],
    conditions: ['kidney', 'kidneyStones', 'hypercalcaemia'],
  },
  { id: 'magnesiumCarbonate', name: 'Magnesium carbonate', names: ['heavy magnesium carbonate', 'light magnesium carbonate'], classes: ['antacids'], conditions: ['kidney'] },
  {
    id: 'loperamide',
    name: 'Loperamide',
    names: ['loperamide hydrochloride'],
    brands: ['Imodium', 'Arret', 'Diasorb'],
    misspellings: ['loperamid', 'loparamide', 'loperimide', 'immodium'],
    classes: ['antidiarrhoeals'],
    conditions: ['ibd', 'liver', 'bowelObstruction'],
  },
  { id: 'glucose', name: 'Glucose', names: ['dextrose', 'glucose monohydrate', 'anhydrous glucose'], conditions: ['diabetes'] },
  { id: 'sodiumChloride', name: 'Sodium chloride', names: ['saline'], classes: ['electrolytes'], allergens: ['sodium'], conditions: ['kidney'] },
  { id: 'potassiumChloride', name: 'Potassium chloride', classes: ['electrolytes'], conditions: ['kidney'] },
  {
    id: 'sodiumCitrate',
    name: 'Sodium citrate',
    names: ['disodium hydrogen citrate', 'disodium citrate', 'trisodium citrate'],
    classes: ['electrolytes'],
    allergens: ['sodium'],
    conditions: ['kidney'],
  },
  {
    // Made from lactose and carries some of it and galactose.
    id: 'lactulose',
    name: 'Lactulose',
    brands: ['Duphalac', 'Lactugal'],
    misspellings: ['lactulos', 'lactolose'],
    classes: ['laxatives'],
    allergens: ['lactose', 'galactose'],
    conditions: ['galactosaemia', 'bowelObstruction'],
  },
  {
    id: 'lactobacillus',
    name: 'Lactobacillus acidophilus',
    names: ['lactobacillus', 'acidophilus', 'L. acidophilus'],
    classes: ['probiotics'],
    conditions: ['immunosuppressed'],
  },
  {
    id: 'bifidobacterium',
    name: 'Bifidobacterium lactis',
    names: ['bifidobacterium', 'bifidus', 'B. lactis', 'bifidobacterium animalis'],
    classes: ['probiotics'],
    conditions: ['immunosuppressed'],
  },

  /* ---- skin, personal care ---- */
  {
    id: 'hydrocortisone',
    name: 'Hydrocortisone',
    names: ['hydrocortisone acetate', 'hydrocortisone butyrate', 'cortisol'],
    brands: ['Hc45', 'Dermacort', 'Cortaid'],
    misspellings: ['hydrocortisome', 'hydrocortizone', 'hydrocortisine'],
    classes: ['corticosteroids'],
    conditions: ['skinInfection'],
  },
  { id: 'whiteSoftParaffin', name: 'White soft paraffin', names: ['petroleum jelly', 'white petrolatum', 'petrolatum', 'soft paraffin'], brands: ['Vaseline'], classes: ['emollients'] },
  { id: 'liquidParaffin', name: 'Liquid paraffin', names: ['mineral oil', 'paraffinum liquidum'], classes: ['emollients'] },
  { id: 'octocrylene', name: 'Octocrylene', classes: ['sunscreenFilters'] },
  { id: 'avobenzone', name: 'Avobenzone', names: ['butyl methoxydibenzoylmethane'], classes: ['sunscreenFilters'] },
  { id: 'zincOxide', name: 'Zinc oxide', names: ['zinc oxide paste'], classes: ['sunscreenFilters'] },
  { id: 'benzoylPeroxide', name: 'Benzoyl peroxide', brands: ['Acnecide', 'PanOxyl', 'Oxy'], misspellings: ['benzyl peroxide'] },
  {
    id: 'clotrimazole',
    name: 'Clotrimazole',
    brands: ['Canesten', 'Lotrimin'],
    misspellings: ['clotrimazol', 'clotrimazone', 'clotrimazle', 'canestan'],
    classes: ['azoleAntifungals'],
  },
  { id: 'miconazole', name: 'Miconazole', names: ['miconazole nitrate'], brands: ['Daktarin', 'Monistat'], misspellings: ['miconazol', 'daktrin'], classes: ['azoleAntifungals'] },
  {
    id: 'ketoconazole',
    name: 'Ketoconazole',
    brands: ['Nizoral', 'Daktarin Gold'],
    misspellings: ['ketaconazole', 'ketoconazol', 'ketoconozole'],
    classes: ['azoleAntifungals'],
  },
  { id: 'aciclovir', name: 'Aciclovir', names: ['acyclovir'], brands: ['Zovirax'], misspellings: ['acicolvir', 'aciclavir'], classes: ['antivirals'] },
  { id: 'aloeVera', name: 'Aloe vera', names: ['aloe barbadensis', 'aloe barbadensis leaf juice', 'aloe'] },
  {
    id: 'tretinoin',
    name: 'Tretinoin',
    names: ['retinoic acid', 'all-trans retinoic acid', 'vitamin A acid'],
    brands: ['Retin-A'],
    classes: ['retinoids'],
    conditions: ['pregnancy', 'breastfeeding', 'eczema'],
  },
  { id: 'potassiumNitrate', name: 'Potassium nitrate', brands: ['Sensodyne'] },
  { id: 'sodiumFluoride', name: 'Sodium fluoride', names: ['fluoride', 'stannous fluoride', 'sodium monofluorophosphate'] },
  {
    id: 'cetylpyridinium',
    name: 'Cetylpyridinium chloride',
    names: ['cetylpyridinium', 'CPC'],
    classes: ['antiseptics', 'quaternaryAmmonium'],
  },
  { id: 'ethanol', name: 'Alcohol (ethanol)', names: ['ethanol', 'alcohol', 'ethyl alcohol', 'alcohol denat'], classes: ['antiseptics'] },
  { id: 'aluminiumChlorohydrate', name: 'Aluminium chlorohydrate', names: ['aluminum chlorohydrate', 'aluminium salts', 'aluminium'], conditions: ['kidney'] },
  { id: 'dimeticone', name: 'Dimeticone', names: ['dimethicone', 'dimethylpolysiloxane'], brands: ['Hedrin'], classes: ['silicones'] },
  { id: 'simeticone', name: 'Simeticone', names: ['simethicone', 'activated dimeticone'], brands: ['Infacol', 'Wind-eze'], classes: ['silicones'] },
  {
    id: 'nicotine',
    name: 'Nicotine',
    names: ['nicotine polacrilex', 'nicotine resinate'],
    brands: ['Nicorette', 'NiQuitin', 'Nicotinell'],
    classes: ['nicotineReplacement'],
    conditions: ['heart', 'pregnancy'],
  },
  { id: 'castorOil', name: 'Castor oil', names: ['ricinus communis oil', 'ricinus oil'], classes: ['emollients'] },

  /* ---- first aid, eyes and ears ---- */
  {
    id: 'lidocaine',
    name: 'Lidocaine',
    names: ['lignocaine', 'lidocaine hydrochloride', 'lignocaine hydrochloride'],
    brands: ['Xylocaine'],
    misspellings: ['lidocane', 'lidocain', 'lignocane', 'lydocaine'],
    classes: ['amideLocalAnaesthetics'],
  },
  { id: 'benzocaine', name: 'Benzocaine', brands: ['Orajel'], classes: ['esterLocalAnaesthetics'] },
  {
    id: 'chlorhexidine',
    name: 'Chlorhexidine',
    names: ['chlorhexidine gluconate', 'chlorhexidine digluconate', 'chlorhexidine acetate'],
    brands: ['Corsodyl', 'Savlon'],
    misspellings: ['chlorhexadine', 'chlorhexidene', 'chlorohexidine'],
    classes: ['antiseptics'],
  },
  { id: 'sodiumHyaluronate', name: 'Sodium hyaluronate', names: ['hyaluronic acid', 'hyaluronan'] },
  {
    id: 'chloramphenicol',
    name: 'Chloramphenicol',
    brands: ['Optrex Infected Eyes', 'Golden Eye Antibiotic', 'Brochlor'],
    misspellings: ['chloramphenicole', 'chloramphenical', 'chloramphenicl'],
    classes: ['antibiotics'],
    conditions: ['boneMarrow', 'pregnancy', 'breastfeeding'],
  },
  { id: 'oliveOil', name: 'Olive oil', names: ['olea europaea oil', 'olive oil ear drops'], conditions: ['perforatedEardrum'] },
  { id: 'aceticAcid', name: 'Acetic acid', names: ['ethanoic acid'], conditions: ['perforatedEardrum'] },

  /* ---- antibiotics people name as allergies (none sold online: they are prescription medicines) ---- */
  { id: 'amoxicillin', name: 'Amoxicillin', names: ['amoxycillin'], brands: ['Amoxil'], misspellings: ['amoxicilin', 'amoxacillin', 'amoxicillan'], classes: ['penicillins'] },
  { id: 'flucloxacillin', name: 'Flucloxacillin', brands: ['Floxapen'], misspellings: ['flucloxacilin'], classes: ['penicillins'] },
  { id: 'phenoxymethylpenicillin', name: 'Phenoxymethylpenicillin', names: ['penicillin V', 'pen V'], classes: ['penicillins'] },
  { id: 'benzylpenicillin', name: 'Benzylpenicillin', names: ['penicillin G'], classes: ['penicillins'] },
  { id: 'sulfamethoxazole', name: 'Sulfamethoxazole', names: ['sulphamethoxazole'], classes: ['sulfonamides'] },
  { id: 'trimethoprim', name: 'Trimethoprim', misspellings: ['trimethoprin', 'trimethaprim'], classes: ['antibiotics'] },
];

export const EXCIPIENTS: ExcipientEntry[] = [
  { id: 'milk', name: 'Milk', names: ['dairy', "cow's milk", 'milk protein', "cow's milk protein", 'casein', 'whey'] },
  { id: 'lactose', name: 'Lactose', names: ['lactose monohydrate', 'milk sugar', 'anhydrous lactose'], misspellings: ['lactos', 'lactoce'], parents: ['milk'] },
  { id: 'galactose', name: 'Galactose' },
  { id: 'gluten', name: 'Gluten', names: ['wheat', 'wheat starch', 'wheat flour', 'barley', 'rye'], misspellings: ['glutten', 'gluton'] },
  { id: 'peanut', name: 'Peanut', names: ['groundnut', 'arachis oil', 'peanut oil', 'arachis hypogaea oil'], misspellings: ['penut', 'peanutt', 'arachis'] },
  { id: 'treeNuts', name: 'Tree nuts', names: ['nuts', 'almond', 'almond oil', 'sweet almond oil', 'hazelnut', 'walnut', 'cashew'] },
  { id: 'soya', name: 'Soya', names: ['soy', 'soybean', 'soya bean', 'soybean oil', 'soya oil', 'soya lecithin', 'soy lecithin'] },
  { id: 'sesame', name: 'Sesame', names: ['sesame oil', 'sesame seed'] },
  { id: 'egg', name: 'Egg', names: ['egg protein', 'egg lecithin', 'albumin'] },
  { id: 'fish', name: 'Fish', names: ['fish protein', 'fish products'] },
  { id: 'shellfish', name: 'Shellfish', names: ['crustaceans', 'crustacean', 'shrimp', 'prawn', 'crab', 'lobster'] },
  { id: 'gelatin', name: 'Gelatin', names: ['gelatine', 'bovine gelatin', 'porcine gelatin', 'pork gelatin'], misspellings: ['gelatin capsules', 'gellatine'] },
  { id: 'sucrose', name: 'Sucrose', names: ['sugar', 'cane sugar', 'beet sugar'] },
  { id: 'sorbitol', name: 'Sorbitol', names: ['E420', 'sorbitol solution'], misspellings: ['sorbital', 'sorbitoll'] },
  { id: 'maltitol', name: 'Maltitol', names: ['E965', 'maltitol syrup'] },
  { id: 'aspartame', name: 'Aspartame', names: ['E951'], misspellings: ['aspartam', 'asparteme'] },
  {
    id: 'parabens',
    name: 'Parabens',
    names: [
      'paraben', 'hydroxybenzoates', 'parahydroxybenzoates', 'methyl parahydroxybenzoate', 'methylparaben', 'ethyl parahydroxybenzoate',
      'ethylparaben', 'propyl parahydroxybenzoate', 'propylparaben', 'butylparaben', 'E218', 'E216', 'E214',
    ],
    misspellings: ['parabins', 'parabenz'],
  },
  {
    id: 'lanolin',
    name: 'Lanolin',
    names: ['wool fat', 'wool alcohols', 'adeps lanae', 'lanolin alcohol', 'wool wax', 'anhydrous lanolin', 'purified lanolin'],
    misspellings: ['lanoline', 'lanolyn', 'lanilin'],
  },
  { id: 'cetostearylAlcohol', name: 'Cetostearyl alcohol', names: ['cetearyl alcohol', 'cetyl alcohol', 'stearyl alcohol'] },
  { id: 'chlorocresol', name: 'Chlorocresol', names: ['p-chloro-m-cresol'] },
  { id: 'benzalkonium', name: 'Benzalkonium chloride', names: ['benzalkonium', 'BAK', 'BKC'], parents: ['quaternaryAmmonium'] },
  { id: 'propyleneGlycol', name: 'Propylene glycol', names: ['E1520'] },
  { id: 'fragrance', name: 'Fragrance', names: ['perfume', 'parfum', 'scent', 'fragrance mix'] },
  {
    id: 'sulfites',
    name: 'Sulfites',
    names: ['sulphites', 'sulfite', 'sodium metabisulfite', 'sodium metabisulphite', 'sodium bisulfite', 'sulfur dioxide', 'sulphur dioxide', 'E220', 'E221', 'E223', 'E224', 'E228'],
  },
  { id: 'sodium', name: 'Sodium', names: ['salt', 'sodium content', 'high sodium'] },
  { id: 'honey', name: 'Honey', names: ['manuka honey'] },
  { id: 'beeswax', name: 'Beeswax', names: ['cera alba', 'bee wax', 'white beeswax', 'yellow beeswax'] },
  { id: 'turpentine', name: 'Turpentine oil', names: ['turpentine', 'oil of turpentine'] },
  { id: 'mint', name: 'Mint', names: ['peppermint', 'spearmint', 'peppermint oil', 'mint flavour', 'mentha'] },
  { id: 'sles', name: 'Sodium laureth sulfate', names: ['sodium laureth sulphate', 'sodium lauryl ether sulfate', 'SLES'] },
  { id: 'sls', name: 'Sodium lauryl sulfate', names: ['sodium lauryl sulphate', 'sodium dodecyl sulfate', 'SLS'] },
  { id: 'bht', name: 'Butylated hydroxytoluene', names: ['BHT', 'E321'] },
  { id: 'latex', name: 'Latex', names: ['natural rubber latex', 'natural rubber', 'rubber'], misspellings: ['laytex', 'latext'] },
  { id: 'colophony', name: 'Colophony', names: ['rosin', 'colophonium', 'zinc oxide adhesive', 'plaster adhesive', 'sticking plaster adhesive'] },
  { id: 'teaTreeOil', name: 'Tea tree oil', names: ['melaleuca oil', 'melaleuca alternifolia'] },
  { id: 'tartrazine', name: 'Tartrazine', names: ['E102', 'yellow 5', 'FD&C yellow 5'] },
];

export const CONDITIONS: ConditionEntry[] = [
  {
    id: 'liver',
    name: 'Liver disease',
    clinical: 'hepatic impairment',
    names: ['liver problems', 'liver failure', 'cirrhosis', 'hepatitis', 'fatty liver', 'hepatic disease'],
    misspellings: ['liver desease', 'livre disease'],
  },
  { id: 'alcohol', name: 'Alcohol dependence', names: ['alcoholism', 'heavy drinking', 'alcohol use disorder', 'alcohol problems'] },
  {
    id: 'kidney',
    name: 'Kidney disease',
    clinical: 'renal impairment',
    names: ['kidney problems', 'kidney failure', 'renal failure', 'chronic kidney disease', 'CKD', 'renal disease'],
    misspellings: ['kidny disease', 'kidney desease'],
  },
  { id: 'kidneyStones', name: 'Kidney stones', clinical: 'nephrolithiasis', names: ['renal calculi', 'renal stones'] },
  {
    id: 'hypertension',
    name: 'High blood pressure',
    clinical: 'hypertension',
    names: ['HBP', 'high BP', 'raised blood pressure', 'hypertensive'],
    misspellings: ['hypertention', 'hipertension', 'high blood presure', 'hypertenstion'],
  },
  {
    id: 'heart',
    name: 'Heart disease',
    clinical: 'cardiovascular disease',
    names: ['heart problems', 'heart condition', 'coronary heart disease', 'angina', 'heart attack', 'arrhythmia', 'irregular heartbeat', 'cardiac disease', 'ischaemic heart disease'],
    misspellings: ['heart desease', 'hart disease'],
  },
  { id: 'heartFailure', name: 'Heart failure', clinical: 'cardiac failure', names: ['congestive heart failure', 'CHF'], parents: ['heart'] },
  {
    id: 'pepticUlcer',
    name: 'Stomach ulcer',
    clinical: 'peptic ulcer',
    names: ['gastric ulcer', 'duodenal ulcer', 'stomach bleeding', 'gastrointestinal bleeding', 'GI bleed', 'ulcer'],
    misspellings: ['stomache ulcer', 'peptic ulser'],
  },
  { id: 'asthma', name: 'Asthma', names: ['asthmatic', 'aspirin-sensitive asthma'], misspellings: ['asthama', 'athsma', 'astma', 'asma'], parents: ['breathing'] },
  {
    id: 'breathing',
    name: 'Breathing problems',
    clinical: 'respiratory disease',
    names: ['COPD', 'chronic obstructive pulmonary disease', 'emphysema', 'chronic bronchitis', 'respiratory failure', 'respiratory depression', 'sleep apnoea', 'sleep apnea'],
  },
  {
    id: 'pregnancy',
    name: 'Pregnancy',
    names: ['pregnant', 'expecting a baby', 'trying to conceive', 'trying for a baby'],
    misspellings: ['pregnacy', 'pregancy', 'pregnency'],
  },
  { id: 'breastfeeding', name: 'Breastfeeding', names: ['breast feeding', 'nursing mother', 'lactation', 'lactating'], misspellings: ['breastfeading', 'brestfeeding'] },
  { id: 'glaucoma', name: 'Glaucoma', names: ['closed-angle glaucoma', 'angle-closure glaucoma', 'raised eye pressure', 'ocular hypertension'], misspellings: ['glaucomma', 'glacoma', 'gloucoma'] },
  {
    id: 'diabetes',
    name: 'Diabetes',
    clinical: 'diabetes mellitus',
    names: ['type 1 diabetes', 'type 2 diabetes', 'diabetic', 'high blood sugar'],
    misspellings: ['diabetis', 'diabeties', 'diabeetes'],
  },
  {
    id: 'thyroid',
    name: 'Thyroid disorder',
    clinical: 'thyroid disease',
    names: ['thyroid problems', 'overactive thyroid', 'hyperthyroidism', 'underactive thyroid', 'hypothyroidism', "Graves' disease", 'thyroid'],
    misspellings: ['thyriod', 'hyperthyroidsm'],
  },
  { id: 'epilepsy', name: 'Epilepsy', names: ['seizures', 'fits', 'convulsions', 'seizure disorder'], misspellings: ['epilepsey', 'epilespy', 'epelepsy'] },
  {
    id: 'prostate',
    name: 'Prostate enlargement',
    clinical: 'benign prostatic hyperplasia',
    names: ['enlarged prostate', 'BPH', 'prostate problems', 'urinary retention', 'difficulty passing urine'],
    misspellings: ['prostrate problems', 'enlarged prostrate'],
  },
  {
    id: 'bleeding',
    name: 'Blood clotting disorder',
    clinical: 'coagulation disorder',
    names: ['bleeding disorder', 'haemophilia', 'hemophilia', 'von Willebrand disease', 'clotting disorder'],
  },
  { id: 'gout', name: 'Gout', names: ['hyperuricaemia', 'hyperuricemia'] },
  { id: 'pku', name: 'Phenylketonuria', names: ['PKU'] },
  { id: 'tb', name: 'Tuberculosis', names: ['TB'] },
  { id: 'haemochromatosis', name: 'Haemochromatosis', names: ['hemochromatosis', 'iron overload'] },
  { id: 'ibd', name: 'Inflammatory bowel disease', names: ['IBD', 'colitis'] },
  { id: 'ulcerativeColitis', name: 'Ulcerative colitis', names: ['UC'], parents: ['ibd'] },
  { id: 'crohns', name: "Crohn's disease", names: ['crohns', "Crohn's"], parents: ['ibd'] },
  { id: 'galactosaemia', name: 'Galactosaemia', names: ['galactosemia'] },
  { id: 'skinInfection', name: 'Skin infection', names: ['infected skin', 'impetigo', 'fungal skin infection', 'ringworm', 'cold sores'] },
  { id: 'eczema', name: 'Eczema', clinical: 'atopic dermatitis', names: ['dermatitis', 'atopic eczema'], misspellings: ['exzema', 'eczma'] },
  { id: 'boneMarrow', name: 'Bone marrow disorder', clinical: 'bone marrow suppression', names: ['aplastic anaemia', 'aplastic anemia', 'bone marrow failure'] },
  { id: 'perforatedEardrum', name: 'Perforated eardrum', names: ['burst eardrum', 'ruptured eardrum', 'hole in the eardrum', 'grommets'] },
  { id: 'hypercalcaemia', name: 'High calcium levels', clinical: 'hypercalcaemia', names: ['hypercalcemia', 'high blood calcium'] },
  { id: 'immunosuppressed', name: 'Weakened immune system', clinical: 'immunosuppression', names: ['immunocompromised', 'immunosuppressed', 'immune deficiency'] },
  { id: 'bowelObstruction', name: 'Bowel obstruction', names: ['intestinal obstruction', 'blocked bowel'] },
];

export const COMBINATIONS: CombinationEntry[] = [
  { id: 'coCodamol', name: 'Co-codamol', names: ['codeine and paracetamol'], brands: ['Solpadeine', 'Solpadol', 'Kapake', 'Zapain', 'Tylex'], misspellings: ['cocodomol', 'co-codomol'], parts: ['codeine', 'paracetamol'] },
  { id: 'coDydramol', name: 'Co-dydramol', names: ['dihydrocodeine and paracetamol'], parts: ['dihydrocodeine', 'paracetamol'] },
  { id: 'coTrimoxazole', name: 'Co-trimoxazole', brands: ['Septrin', 'Bactrim'], parts: ['sulfamethoxazole', 'trimethoprim'] },
  { id: 'lemsip', name: 'Lemsip', brands: ['Lemsip Max'], parts: ['paracetamol', 'phenylephrine'] },
  { id: 'nightNurse', name: 'Night Nurse', parts: ['paracetamol', 'promethazine', 'dextromethorphan'] },
  { id: 'beechams', name: 'Beechams', parts: ['paracetamol', 'phenylephrine', 'guaifenesin'] },
  { id: 'anadin', name: 'Anadin', brands: ['Anadin Extra', 'Anadin Original'], parts: ['aspirin', 'caffeine', 'paracetamol', 'ibuprofen'] },
  { id: 'excedrin', name: 'Excedrin', parts: ['aspirin', 'paracetamol', 'caffeine'] },
  { id: 'sudafed', name: 'Sudafed', parts: ['pseudoephedrine', 'phenylephrine', 'xylometazoline'] },
  { id: 'benylin', name: 'Benylin', parts: ['guaifenesin', 'dextromethorphan', 'diphenhydramine'] },
  { id: 'benadryl', name: 'Benadryl', parts: ['acrivastine', 'cetirizine', 'diphenhydramine'] },
  { id: 'gaviscon', name: 'Gaviscon', parts: ['sodiumAlginate', 'sodiumBicarbonate', 'calciumCarbonate'] },
  { id: 'rennie', name: 'Rennie', parts: ['calciumCarbonate', 'magnesiumCarbonate'] },
  { id: 'dioralyte', name: 'Dioralyte', parts: ['glucose', 'sodiumChloride', 'potassiumChloride', 'sodiumCitrate'] },
  { id: 'strepsils', name: 'Strepsils', misspellings: ['strepsills', 'strepsil'], parts: ['amylmetacresol', 'dichlorobenzylAlcohol'] },
  { id: 'vicksVapoRub', name: 'Vicks VapoRub', names: ['vapour rub', 'vapor rub'], parts: ['levomenthol', 'camphor', 'eucalyptusOil'] },
  { id: 'anbesol', name: 'Anbesol', parts: ['lidocaine', 'cetylpyridinium'] },
  { id: 'e45', name: 'E45', parts: ['whiteSoftParaffin', 'liquidParaffin', 'excipient:lanolin'] },
  { id: 'daktacort', name: 'Daktacort', parts: ['hydrocortisone', 'miconazole'] },
];
