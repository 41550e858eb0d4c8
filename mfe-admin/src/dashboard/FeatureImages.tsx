import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import { FEATURE_IMAGE_SIZE, type Feature } from '@pharmacy/contracts';
import { Button, Card, CardTitle, EmptyState, Spinner, th } from '@pharmacy/ui';
import { IfCan } from '../ForRole';
import { ConfirmDialog, useConfirmDelete } from '../ConfirmDialog';
import { ImageUploader } from '../media/ImageUploader';
import { dateTimeOrDash } from '../format';
import { useAdminSelector } from '../state/module';
import { selectDashboard } from '../state/selectors';
import { dashboardActions } from './slice';

const Grid = styled.ul`
  list-style: none;
  margin: ${th((t) => t.space(4))} 0 0;
  padding: 0;
  display: grid;
  gap: ${th((t) => t.space(4))};
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
`;

const Item = styled.li`
  border: 1px solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.md)};
  overflow: hidden;
  background: ${th((t) => t.colors.surface)};
`;

const Banner = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: ${FEATURE_IMAGE_SIZE.width} / ${FEATURE_IMAGE_SIZE.height};
  object-fit: cover;
  background: ${th((t) => t.colors.surfaceMuted)};
`;

const Meta = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${th((t) => t.space(2))};
  padding: ${th((t) => t.space(2))} ${th((t) => t.space(3))};
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.textMuted)};
`;

/** The home page's feature banners: upload (preview + progress), list, delete with confirmation. */
export function FeatureImages() {
  const dispatch = useDispatch();
  const { features, featuresLoading, addingFeature, deletingFeature } = useAdminSelector(selectDashboard);
  const confirm = useConfirmDelete<Feature>(deletingFeature, dashboardActions.deleteFeature);

  return (
    <Card as="section" aria-labelledby="feature-images-heading">
      <CardTitle id="feature-images-heading">Feature images</CardTitle>
      {/* Under its heading for every role: one without the catalogue is told so here (docs/product.md#staff-roles). */}
      <IfCan permission="catalogue.manage">
        <ImageUploader
          label="Feature image"
          wide
          clearOnSuccess
          hint={`Shown on the home page. PNG, JPEG or WebP, at most 5 MB, ideally ${FEATURE_IMAGE_SIZE.width} × ${FEATURE_IMAGE_SIZE.height} px.`}
          onUploaded={(image) => dispatch(dashboardActions.addFeature(image.url))}
        />
        {addingFeature && <Spinner size={24} label="Adding the feature image" />}
        {featuresLoading && features.length === 0 ? (
          <Spinner size={32} label="Loading feature images" />
        ) : features.length === 0 ? (
          <EmptyState message="No feature images yet" description="Upload one to show it on the home page." />
        ) : (
          <Grid aria-label="Feature images">
            {features.map((feature, index) => (
              <Item key={feature._id}>
                <Banner src={feature.image} alt={`Feature image ${index + 1}`} width={FEATURE_IMAGE_SIZE.width} height={FEATURE_IMAGE_SIZE.height} loading="lazy" />
                <Meta>
                  <span>Added {dateTimeOrDash(feature.createdAt)}</span>
                  <Button size="sm" variant="danger" onClick={() => confirm.ask(feature)} aria-label={`Delete feature image ${index + 1}`}>
                    Delete
                  </Button>
                </Meta>
              </Item>
            ))}
          </Grid>
        )}
        <ConfirmDialog {...confirm.dialog} title="Delete feature image?" description="It will no longer show on the home page. This cannot be undone." confirmLabel="Delete" />
      </IfCan>
    </Card>
  );
}
