import { ageOn, formatDate, type ConsultationAnswer, type ConsultationQuestionId, type SafetyProfile } from '@pharmacy/contracts';

/*
 * Where a consultation answer contradicts the shopper's health profile, checked once when the order is placed (the
 * one moment the answers and the stored profile meet), so every screen shows the same flag and the record keeps what
 * was true then (docs/domain.md#pharmacist-review). Only what can be read reliably is checked: an age written in
 * digits against the date of birth, "none" or "no allergies" against listed allergies or conditions, pregnancy or
 * breastfeeding against the conditions. An answer about someone else ("my son") is never compared with the
 * shopper's own profile.
 */

const SELF = /\b(me|myself|i|self|mine|my own)\b/;
const SOMEONE_ELSE =
  /\b(son|daughter|child|children|kid|kids|baby|toddler|infant|teen|teenager|boy|girl|partner|husband|wife|spouse|boyfriend|girlfriend|mum|mom|mother|dad|father|parent|parents|grandma|grandmother|nan|gran|grandad|grandpa|grandfather|grandparent|brother|sister|sibling|friend|family|relative|neighbour|neighbor|someone|aunt|uncle|niece|nephew|grandson|granddaughter|grandchild|flatmate|colleague|patient|client|him|her|them)\b/;

/** Whether the answers speak of the shopper (or do not say): only then does their profile say anything about them. */
function aboutTheShopper(patient: string | undefined): boolean {
  const text = (patient ?? '').toLowerCase();
  return SELF.test(text) || !SOMEONE_ELSE.test(text);
}

/** The ages an answer states in digits, in whole years ("52", "52 years", "18 months" is 1, "3 weeks" is 0). */
export function statedAges(answer: string): number[] {
  const ages: number[] = [];
  for (const match of answer.toLowerCase().matchAll(/(?<![\d.])(\d{1,3})(?:\.\d+)?\s*(years?|yrs?|yo|y|months?|mths?|mos?|weeks?|wks?|days?)?(?![a-z\d])/g)) {
    const n = Number(match[1]);
    const unit = match[2] ?? '';
    const years = unit.startsWith('mo') || unit.startsWith('mt') ? Math.floor(n / 12) : unit.startsWith('w') || unit.startsWith('d') ? 0 : n;
    if (years <= 130 && !ages.includes(years)) ages.push(years);
  }
  return ages;
}

const NOTHING = /^(none|no|nope|nothing|nil|n\/?a|not applicable|none known|nothing known|no known|none of (the )?above|none of these|nothing to declare)$/;
const NO_ALLERGIES = /\b(no|none|without)\s+(known\s+)?(allerg(y|ies)|drug allerg(y|ies))\b|\bnot allergic\b/;
const NO_CONDITIONS = /\b(no|none|without)\s+(known\s+)?((health|medical)\s+)?(conditions?|problems?|issues?|illness(es)?)\b/;
const PREGNANCY = /pregnan|breast-?\s?feed|nursing|expecting a baby|lactat/;
const NOT_PREGNANT = /\b(not|no|never|isn'?t|aren'?t|am not|i'?m not|neither|nor)\b[^.;,]{0,25}(pregnan|breast-?\s?feed|nursing)/;

const listed = (terms: string[]) => terms.join(', ');

/** Each question's contradiction with the profile (at the order's time `at`), in words for the pharmacist. */
export function profileContradictions(answers: Array<Pick<ConsultationAnswer, 'questionId' | 'answer'>>, profile: SafetyProfile, at: Date): Map<ConsultationQuestionId, string> {
  const found = new Map<ConsultationQuestionId, string>();
  const answerTo = (id: ConsultationQuestionId) => answers.find((a) => a.questionId === id)?.answer;
  if (!aboutTheShopper(answerTo('patient'))) return found;

  const age = answerTo('age');
  const profileAge = profile.DOB ? ageOn(profile.DOB, at) : null;
  if (age !== undefined && profileAge !== null) {
    const stated = statedAges(age);
    if (stated.length > 0 && !stated.includes(profileAge)) {
      found.set('age', `The answer gives age ${stated.join(' or ')}, but the date of birth in their profile (${formatDate(profile.DOB)}) makes them ${profileAge}.`);
    }
  }

  const conditions = answerTo('conditions');
  if (conditions !== undefined) {
    const text = conditions.trim().toLowerCase();
    const bare = text.replace(/[.!]+$/, '').trim();
    const problems: string[] = [];
    const deniesAll = NOTHING.test(bare);
    if ((deniesAll || NO_ALLERGIES.test(text)) && profile.allergies.length > 0) {
      problems.push(`The answer says no allergies, but their profile lists: ${listed(profile.allergies)}.`);
    }
    if ((deniesAll || NO_CONDITIONS.test(text)) && profile.healthConditions.length > 0) {
      problems.push(`The answer says no health conditions, but their profile lists: ${listed(profile.healthConditions)}.`);
    }
    const pregnantInProfile = profile.healthConditions.filter((c) => PREGNANCY.test(c.toLowerCase()));
    if (PREGNANCY.test(text) && !NOT_PREGNANT.test(text) && pregnantInProfile.length === 0) {
      problems.push('The answer says pregnant or breastfeeding, which their profile’s conditions do not list.');
    } else if (NOT_PREGNANT.test(text) && pregnantInProfile.length > 0) {
      problems.push(`The answer says not pregnant or breastfeeding, but their profile lists: ${listed(pregnantInProfile)}.`);
    }
    if (problems.length > 0) found.set('conditions', problems.join(' '));
  }
  return found;
}
