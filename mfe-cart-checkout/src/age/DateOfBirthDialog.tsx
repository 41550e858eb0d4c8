import { getInstance } from '@module-federation/enhanced/runtime';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { FEDERATION_HOST, type AccountExposes, type DateOfBirthDialogProps } from '@pharmacy/contracts';
import { remoteComponent, th } from '@pharmacy/ui';

/**
 * The account remote's dialog (the profile is the account's), loaded through the page's federation host, which
 * registered every remote.
 */
const AccountDialog = remoteComponent<DateOfBirthDialogProps>('the date of birth dialog', async () => {
  const federation = getInstance((instance) => instance.name === FEDERATION_HOST) ?? getInstance();
  return federation?.loadRemote<AccountExposes['./DateOfBirthDialog']>('account/DateOfBirthDialog');
});

const Unavailable = styled.p`
  margin: ${th((t) => t.space(2))} 0 0;
  font-size: ${th((t) => t.fontSizes.sm)};
`;

/**
 * Asks for the shopper's date of birth in place and saves it to the profile (docs/product.md#safety-while-shopping);
 * open while mounted. When the account's dialog cannot be loaded, the way to the profile stands in its place.
 */
export function DateOfBirthDialog(props: DateOfBirthDialogProps) {
  return (
    <AccountDialog
      {...props}
      loading={null}
      fallback={
        <Unavailable role="status">
          We can&apos;t open this here right now: <Link to="/profile">add your date of birth in your profile</Link>.
        </Unavailable>
      }
    />
  );
}
