import type { ComponentType, ReactElement } from 'react';
import type { Permission } from '@pharmacy/contracts';
import { ForRole } from '../ForRole';
import { useAdminModule } from '../state/module';

/**
 * An exposed admin screen: injects the admin slice and saga into the host store before the screen selects from it,
 * and says so in its place when the staff member's roles do not allow it (docs/product.md#staff-roles).
 */
export function exposedScreen(Screen: ComponentType, permission: Permission, title: string): () => ReactElement {
  function ExposedScreen() {
    useAdminModule();
    return (
      <ForRole permission={permission} title={title}>
        <Screen />
      </ForRole>
    );
  }
  ExposedScreen.displayName = `Exposed(${title})`;
  return ExposedScreen;
}
