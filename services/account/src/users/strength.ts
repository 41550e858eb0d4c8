import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** zxcvbn's score 3 ("safely unguessable": about 10^8 guesses or more) is the least a password must reach. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Plain sentences for zxcvbn's feedback keys. The estimator ships only the keys; these are written for
 * shoppers rather than taken from a language pack, and time estimates are never shown.
 */
const translations = {
  warnings: {
    straightRow: 'Rows of keys next to each other on the keyboard are easy to guess.',
    keyPattern: 'Short keyboard patterns are easy to guess.',
    simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
    extendedRepeat: 'Repeated patterns like "abcabcabc" are easy to guess.',
    sequences: 'Sequences like "abc" or "6543" are easy to guess.',
    recentYears: 'Recent years are easy to guess.',
    dates: 'Dates are easy to guess.',
    topTen: 'This is one of the most used passwords.',
    topHundred: 'This is a very commonly used password.',
    common: 'This is a commonly used password.',
    similarToCommon: 'This is too close to a commonly used password.',
    wordByItself: 'A single word is easy to guess.',
    namesByThemselves: 'Names on their own are easy to guess.',
    commonNames: 'Common names and surnames are easy to guess.',
    userInputs: 'It contains your name or email address.',
    pwned: 'This password has appeared in a data breach.',
  },
  suggestions: {
    l33t: 'Swapping letters for look-alikes such as "@" for "a" does not help much.',
    reverseWords: 'Spelling a common word backwards does not help much.',
    allUppercase: 'Capitalise some letters, not all of them.',
    capitalization: 'Capitalise more than the first letter.',
    dates: 'Avoid dates and years that are connected to you.',
    recentYears: 'Avoid recent years.',
    associatedYears: 'Avoid years that are connected to you.',
    sequences: 'Avoid common character sequences.',
    repeated: 'Avoid repeated words and characters.',
    longerKeyboardPattern: 'Use longer keyboard patterns and change direction several times.',
    anotherWord: 'Add more words that are less common.',
    useWords: 'Use several words, but avoid common phrases.',
    noNeed: 'You can make a strong password without symbols, numbers or capital letters.',
    pwned: 'If you use this password elsewhere, change it there too.',
  },
  timeEstimation: {
    ltSecond: 'less than a second', second: '{base} second', seconds: '{base} seconds', minute: '{base} minute',
    minutes: '{base} minutes', hour: '{base} hour', hours: '{base} hours', day: '{base} day', days: '{base} days',
    month: '{base} month', months: '{base} months', year: '{base} year', years: '{base} years', centuries: 'centuries',
  },
};

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * The estimator with zxcvbn's common-password list (about 49,000 entries) and keyboard graphs, built once on
 * first use: loading the dictionaries costs tens of milliseconds and memory a service that never sees a new
 * password should not pay. Everything runs in this process; no password ever leaves the server.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
    return new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs, translations });
  })();
  return estimator;
}

/** What the account itself says about its owner: a password built from these is easy to guess for them. */
export interface PasswordOwner {
  email: string;
  firstName?: string;
  lastName?: string;
}

const ownerWords = (owner: PasswordOwner): string[] => {
  const email = owner.email.trim().toLowerCase();
  const local = email.split('@')[0] ?? '';
  return [email, local, ...local.split(/[._+-]+/), owner.firstName ?? '', owner.lastName ?? ''].filter((w) => w.length >= 3);
};

/**
 * Why a password is too easy to guess and what would do instead, or null when it is strong enough
 * (the length and shape rules of passwordProblem are checked before this).
 */
export async function weakPasswordProblem(password: string, owner: PasswordOwner, label = 'Password'): Promise<string | null> {
  const zxcvbn = await loadEstimator();
  const result = zxcvbn.check(password, ownerWords(owner));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const { warning, suggestions } = result.feedback;
  // Always end with something that works: a few uncommon words together are strong and easy to remember.
  const advice = suggestions.includes(translations.suggestions.anotherWord) ? suggestions : [...suggestions, translations.suggestions.anotherWord];
  return [`${label} is too easy to guess.`, warning, ...advice].filter(Boolean).join(' ');
}
