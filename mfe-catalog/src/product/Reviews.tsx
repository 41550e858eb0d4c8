import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { REVIEW_MAX_LENGTH, REVIEW_MIN_LENGTH, REVIEW_REFUSALS, formatDate, type ReviewEligibility } from '@pharmacy/contracts';
import { getErrorMessage, readOf } from '@pharmacy/session';
import { Button, Card, ChoiceGroup, EmptyState, Field, PlainList, Spinner, Textarea, th, toast } from '@pharmacy/ui';
import { Stars } from '../listing/ProductCard';
import { PRIVATE, catalogQueries, useCatalogQueries, usePageRead } from '../queries';

const List = styled(PlainList)`
  li {
    padding-bottom: ${th((t) => t.space(3))};
    border-bottom: 1px solid ${th((t) => t.colors.border)};
  }
  p {
    margin: ${th((t) => t.space(1))} 0 0;
  }
  small {
    color: ${th((t) => t.colors.textMuted)};
  }
`;

const Rating = styled(ChoiceGroup)`
  margin-bottom: ${th((t) => t.space(3))};
`;

const Error = styled.p`
  color: ${th((t) => t.colors.dangerStrong)};
`;

function ReviewForm({ productId }: { productId: string }) {
  const [addReview] = catalogQueries.useAddReviewMutation();
  const [rating, setRating] = useState(0);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = message.trim();
    if (rating < 1 || rating > 5) return setError('Please choose a rating from 1 to 5 stars.');
    if (text.length < REVIEW_MIN_LENGTH) return setError(`Please write at least ${REVIEW_MIN_LENGTH} characters.`);
    setError(null);
    setSending(true);
    try {
      // the product, its reviews and whether the shopper may write another are asked again (queries.ts)
      await addReview({ productId, reviewMessage: text, reviewValue: rating }).unwrap();
      toast({ title: 'Thank you for your review' });
    } catch (err) {
      setError(getErrorMessage(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Write a review" noValidate>
      <Rating $inline>
        <legend>Your rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n}>
            <input type="radio" name="reviewValue" value={n} checked={rating === n} onChange={() => setRating(n)} />
            {n} star{n === 1 ? '' : 's'}
          </label>
        ))}
      </Rating>
      <Field label="Your review" hint={`${message.trim().length}/${REVIEW_MAX_LENGTH} characters`}>
        <Textarea value={message} maxLength={REVIEW_MAX_LENGTH} rows={4} onChange={(e) => setMessage(e.target.value)} />
      </Field>
      {error && <Error role="alert">{error}</Error>}
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending…' : 'Submit review'}
      </Button>
    </form>
  );
}

const WHY_NOT: Record<NonNullable<ReviewEligibility['reason']>, string> = {
  SIGN_IN: 'Sign in to review a product you bought.',
  ...REVIEW_REFUSALS,
  ALREADY_REVIEWED: 'Thank you, you have already reviewed this product.',
};

/** Reviews with the average, and the form for a signed-in buyer who has not reviewed yet. */
export function Reviews({ productId, signedIn }: { productId: string; signedIn: boolean }) {
  useCatalogQueries();
  const reviews = usePageRead(catalogQueries.endpoints.reviews, productId);
  const eligibility = readOf(catalogQueries.useCanReviewQuery({ productId, signedIn }, PRIVATE));

  return (
    <Card as="section" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Reviews</h2>
      {reviews.data && <Stars value={reviews.data.averageReview} count={reviews.data.reviewCount} />}
      {reviews.loading && !reviews.data && <Spinner size={24} label="Loading reviews" />}
      {reviews.error && <p>{reviews.error}</p>}
      {reviews.data && reviews.data.items.length === 0 && <EmptyState message="No reviews yet" />}
      {reviews.data && reviews.data.items.length > 0 && (
        <List>
          {reviews.data.items.map((r) => (
            <li key={r._id}>
              <span role="img" aria-label={`${r.reviewValue} out of 5 stars`}>
                {'★'.repeat(r.reviewValue) + '☆'.repeat(5 - r.reviewValue)}
              </span>
              <p>{r.reviewMessage}</p>
              <small>
                Verified buyer · <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
              </small>
            </li>
          ))}
        </List>
      )}
      <h3>Write a review</h3>
      {eligibility.data?.canReview ? (
        <ReviewForm productId={productId} />
      ) : eligibility.data?.reason === 'SIGN_IN' ? (
        <p>
          <Link to="/sign-in">Sign in</Link> to review a product you bought.
        </p>
      ) : eligibility.data?.reason === 'NOT_DELIVERED' ? (
        <p>
          {WHY_NOT.NOT_DELIVERED} <Link to="/my-orders">Follow your order</Link>
        </p>
      ) : eligibility.data?.reason ? (
        <p>{WHY_NOT[eligibility.data.reason]}</p>
      ) : null}
    </Card>
  );
}
